// A document's share of the site's stylesheet (issue 28). Every page carries the stylesheet
// inline (issue 6), and all of it was 46 KiB of CSS for the browser to parse and match before the
// first paint, though a page uses a third of it: the admin panel's rules, the other pages' and the
// states only scripts bring (a dialog opened, a toast shown). A public page now carries the rules
// its own markup can match; a page with scripts links the whole stylesheet before its client
// starts (app/lib/document/document-scripts.server.ts), so that whatever React renders after that is styled.
//
// The stylesheet is Tailwind's output: flat rules (no nesting) inside @layer, @media, @supports and
// @starting-style blocks. A rule is kept when one of its selectors can match the page: every class
// it names outside parentheses is in the page's markup. A selector whose classes are all inside
// :is(), :where() or :has() needs only one of them; :not(.x) needs none. Rules without a class
// (the base layer, the theme's variables) and other at-rules (@property, @keyframes) are kept.

type Item =
  | { kind: "text"; text: string }
  | { kind: "rule"; text: string; selectors: Needs[] }
  | { kind: "group"; open: string; items: Item[]; keepEmpty: boolean };

/** The classes a selector needs: all of `all`, and one of `any` when it is not empty. */
interface Needs {
  all: string[];
  any: string[];
}

// Blocks whose content is rules rather than declarations.
const GROUP_RULES = new Set(["media", "supports", "layer", "container", "scope", "starting-style", "document"]);

/** The index just past a comment, string or escape starting at `i`, or `i` itself. */
function skipAtom(css: string, i: number): number {
  const c = css[i];
  if (c === "\\") return i + 2;
  if (c === "/" && css[i + 1] === "*") {
    const end = css.indexOf("*/", i + 2);
    return end < 0 ? css.length : end + 2;
  }
  if (c === '"' || c === "'") {
    let j = i + 1;
    while (j < css.length && css[j] !== c) j += css[j] === "\\" ? 2 : 1;
    return j + 1;
  }
  return i;
}

/** The index of the first character from `start` that `stop` accepts outside strings, comments and brackets; else `end`. */
function topLevel(text: string, start: number, end: number, stop: (c: string) => boolean): number {
  let depth = 0;
  for (let i = start; i < end;) {
    const next = skipAtom(text, i);
    if (next !== i) {
      i = next;
      continue;
    }
    const c = text[i]!;
    if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    else if (depth === 0 && stop(c)) return i;
    i++;
  }
  return end;
}

/** The index of the brace that closes the block opened at `open`. */
function closingBrace(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length;) {
    const next = skipAtom(css, i);
    if (next !== i) {
      i = next;
      continue;
    }
    if (css[i] === "{") depth++;
    else if (css[i] === "}" && --depth === 0) return i;
    i++;
  }
  throw new Error("unbalanced braces in the stylesheet");
}

function parse(css: string, start = 0, end = css.length): Item[] {
  const items: Item[] = [];
  let i = start;
  while (i < end) {
    if (/\s/.test(css[i]!)) {
      i++;
      continue;
    }
    // A comment between rules (the licence line) stays.
    if (css.startsWith("/*", i)) {
      const next = skipAtom(css, i);
      items.push({ kind: "text", text: css.slice(i, next) });
      i = next;
      continue;
    }
    // The prelude runs to the first `{` or `;` outside strings, comments and brackets.
    const j = topLevel(css, i, end, (c) => c === "{" || c === ";" || c === "}");
    const prelude = css.slice(i, j).trim();
    if (j >= end || css[j] !== "{") {
      if (prelude) items.push({ kind: "text", text: `${prelude};` });
      i = j + 1;
      continue;
    }
    const close = closingBrace(css, j);
    const atRule = /^@([\w-]+)/.exec(prelude)?.[1];
    if (atRule && GROUP_RULES.has(atRule)) {
      items.push({
        kind: "group",
        open: `${prelude}{`,
        items: parse(css, j + 1, close),
        keepEmpty: atRule === "layer",
      });
    } else if (atRule) {
      items.push({ kind: "text", text: css.slice(i, close + 1) });
    } else {
      items.push({ kind: "rule", text: css.slice(i, close + 1), selectors: splitSelectors(prelude).map(needs) });
    }
    i = close + 1;
  }
  return items;
}

/** The selector list split at its top-level commas. */
function splitSelectors(prelude: string): string[] {
  const selectors: string[] = [];
  for (let from = 0; from <= prelude.length;) {
    const comma = topLevel(prelude, from, prelude.length, (c) => c === ",");
    selectors.push(prelude.slice(from, comma));
    from = comma + 1;
  }
  return selectors;
}

const IDENT_CHAR = /[\w\-\u0080-\uffff]/;

/** The classes one selector names, outside parentheses and inside (but never inside :not()). */
function needs(selector: string): Needs {
  const all: string[] = [];
  const any: string[] = [];
  const open: boolean[] = []; // for each open parenthesis: is it a :not( ?
  for (let i = 0; i < selector.length;) {
    const c = selector[i]!;
    if (c === "[") {
      // An attribute selector: its value may hold dots.
      let j = i + 1;
      while (j < selector.length && selector[j] !== "]") j = Math.max(j + 1, skipAtom(selector, j));
      i = j + 1;
    } else if (c === "(") {
      open.push(selector.slice(0, i).endsWith(":not"));
      i++;
    } else if (c === ")") {
      open.pop();
      i++;
    } else if (c === ".") {
      let name = "";
      let j = i + 1;
      while (j < selector.length) {
        const d = selector[j]!;
        if (d === "\\") {
          const hex = /^[0-9a-fA-F]{1,6}\s?/.exec(selector.slice(j + 1, j + 8));
          if (hex) {
            name += String.fromCodePoint(parseInt(hex[0], 16));
            j += 1 + hex[0].length;
          } else {
            name += selector[j + 1] ?? "";
            j += 2;
          }
        } else if (IDENT_CHAR.test(d)) {
          name += d;
          j++;
        } else break;
      }
      if (!open.some(Boolean)) (open.length ? any : all).push(name);
      i = j;
    } else i = Math.max(i + 1, skipAtom(selector, i));
  }
  return { all, any };
}

const canMatch = (selector: Needs, classes: Set<string>) =>
  selector.all.every((name) => classes.has(name)) &&
  (selector.any.length === 0 || selector.any.some((name) => classes.has(name)));

function serialize(items: Item[], classes: Set<string>): string {
  let out = "";
  for (const item of items) {
    if (item.kind === "text") out += item.text;
    else if (item.kind === "rule") {
      if (item.selectors.some((selector) => canMatch(selector, classes))) out += item.text;
    } else {
      const inner = serialize(item.items, classes);
      if (inner || item.keepEmpty) out += `${item.open}${inner}}`;
    }
  }
  return out;
}

// A rule that only sets custom properties (the theme's :root, Tailwind's defaults for its own)
// and Tailwind's @property registrations.
const VARIABLES_RULE = /([^{};]*)\{((?:--[\w-]+:[^;{}]*;?)+)\}/g;
const PROPERTY_RULE = /@property (--[\w-]+)\{[^{}]*\}/g;

/**
 * The subset without the custom properties nothing in it reads: the theme defines every colour
 * and size the site uses anywhere, a page reads a few. Kept: those read outside these
 * definitions, and those the kept definitions read in turn.
 */
function withoutUnusedVariables(css: string): string {
  const definitions = new Map<string, string[]>();
  const outside = css.replace(VARIABLES_RULE, (_whole, _selector, body: string) => {
    for (const declaration of body.split(";")) {
      const colon = declaration.indexOf(":");
      if (colon < 0) continue;
      const name = declaration.slice(0, colon);
      definitions.set(name, [...(definitions.get(name) ?? []), declaration.slice(colon + 1)]);
    }
    return "";
  });
  const used = new Set<string>();
  const read = (text: string) => {
    for (const match of text.matchAll(/var\((--[\w-]+)/g)) {
      const name = match[1]!;
      if (used.has(name)) continue;
      used.add(name);
      for (const value of definitions.get(name) ?? []) read(value);
    }
  };
  read(outside.replace(PROPERTY_RULE, ""));
  return css
    .replace(VARIABLES_RULE, (_whole, selector: string, body: string) => {
      const kept = body
        .split(";")
        .filter((declaration) => used.has(declaration.slice(0, declaration.indexOf(":"))))
        .join(";");
      return kept ? `${selector}{${kept}}` : "";
    })
    .replace(PROPERTY_RULE, (whole, name: string) => (used.has(name) ? whole : ""));
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#x27": "'", "#39": "'" };

/** The class names in a document's markup (its class attributes, as React writes them). */
export function documentClasses(html: string): Set<string> {
  const classes = new Set<string>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    const value = match[1]!.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_whole, name: string) => ENTITIES[name]!);
    for (const name of value.split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}

/**
 * Subsets one stylesheet. Parsed once; the subsets are remembered per set of classes, which few
 * pages differ in (a list's length changes the markup, not its classes).
 */
export function createCssSubsetter(css: string): (classes: Set<string>) => string {
  const items = parse(css);
  const known = new Map<string, string>();
  return (classes) => {
    const key = [...classes].sort().join(" ");
    let subset = known.get(key);
    if (subset === undefined) {
      subset = withoutUnusedVariables(serialize(items, classes));
      if (known.size >= 200) known.clear();
      known.set(key, subset);
    }
    return subset;
  };
}
