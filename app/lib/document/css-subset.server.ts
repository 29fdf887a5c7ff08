import postcss, { type AtRule, type Container, type Declaration, type Root, type Rule } from "postcss";
import selectorParser from "postcss-selector-parser";

// A document's share of the site's stylesheet (issue 28). Every page carries the stylesheet
// inline (issue 6), and all of it was 46 KiB of CSS for the browser to parse and match before the
// first paint, though a page uses a third of it: the admin panel's rules, the other pages' and the
// states only scripts bring (a dialog opened, a toast shown). A public page now carries the rules
// its own markup can match; a page with scripts links the whole stylesheet before its client
// starts (app/lib/document/document-scripts.server.ts), so that whatever React renders after that is styled.
//
// PostCSS reads the stylesheet and writes back exactly what it read; postcss-selector-parser
// reads the selectors, escapes and all. A rule is kept when one of its selectors can match the
// page: every class it names outside pseudo-classes is in the page's markup. A selector whose
// classes are all inside :is(), :where() or :has() needs only one of them; :not(.x) needs none.
// Rules without a class (the base layer, the theme's variables) and at-rules other than the
// grouping ones (@property, @keyframes) are kept.

/** The classes a selector needs: all of `all`, and one of `any` when it is not empty. */
interface Needs {
  all: string[];
  any: string[];
}

// Blocks whose content is rules rather than declarations; an empty one goes, but for @layer,
// whose first appearance sets the cascade's order of layers.
const GROUP_RULES = new Set(["media", "supports", "container", "scope", "starting-style", "document"]);

/** What each selector of a rule's list needs, the list split at its top-level commas. */
function needsOf(selectorList: string): Needs[] {
  const needs: Needs[] = [];
  selectorParser((list) => {
    list.each((selector) => {
      const all: string[] = [];
      const any: string[] = [];
      selector.walkClasses((name) => {
        const pseudos: string[] = [];
        for (let node = name.parent; node && node !== selector; node = node.parent)
          if (node.type === "pseudo") pseudos.push(node.value);
        if (!pseudos.includes(":not")) (pseudos.length ? any : all).push(name.value);
      });
      needs.push({ all, any });
    });
  }).processSync(selectorList);
  return needs;
}

const canMatch = (selector: Needs, classes: Set<string>) =>
  selector.all.every((name) => classes.has(name)) &&
  (selector.any.length === 0 || selector.any.some((name) => classes.has(name)));

/** Removes the rules no selector of which can match, and the grouping blocks they leave empty. */
function keepMatching(container: Container, needs: (rule: Rule) => Needs[], classes: Set<string>) {
  // each() goes on correctly past a node removed under it.
  container.each((node) => {
    if (node.type === "rule") {
      if (!needs(node).some((selector) => canMatch(selector, classes))) node.remove();
    } else if (node.type === "atrule" && node.nodes && (GROUP_RULES.has(node.name) || node.name === "layer")) {
      keepMatching(node, needs, classes);
      if (node.nodes.length === 0 && node.name !== "layer") node.remove();
    }
  });
}

/** A rule that only sets custom properties (the theme's :root, Tailwind's defaults for its own). */
const definesVariables = (rule: Rule) =>
  rule.nodes.length > 0 && rule.nodes.every((node) => node.type === "decl" && node.prop.startsWith("--"));

/**
 * Drops the custom properties nothing kept reads, and their @property registrations: the theme
 * defines every colour and size the site uses anywhere, a page reads a few. Kept: those read
 * outside these definitions, and those the kept definitions read in turn.
 */
function withoutUnusedVariables(root: Root) {
  const definitions = new Map<string, Declaration[]>();
  const readers: string[] = [];
  root.walkDecls((declaration) => {
    const parent = declaration.parent;
    if (parent?.type === "rule" && definesVariables(parent as Rule))
      definitions.set(declaration.prop, [...(definitions.get(declaration.prop) ?? []), declaration]);
    else if (!(parent?.type === "atrule" && (parent as AtRule).name === "property")) readers.push(declaration.value);
  });
  const used = new Set<string>();
  const read = (value: string) => {
    for (const match of value.matchAll(/var\((--[\w-]+)/g)) {
      const name = match[1]!;
      if (used.has(name)) continue;
      used.add(name);
      for (const definition of definitions.get(name) ?? []) read(definition.value);
    }
  };
  readers.forEach(read);
  for (const [name, declarations] of definitions) {
    if (used.has(name)) continue;
    for (const declaration of declarations) {
      const rule = declaration.parent;
      declaration.remove();
      if (rule?.nodes?.length === 0) rule.remove();
    }
  }
  root.walkAtRules("property", (rule) => {
    if (!used.has(rule.params)) rule.remove();
  });
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
  const sheet = postcss.parse(css);
  const selectors = new Map<string, Needs[]>();
  const needs = (rule: Rule) => {
    let found = selectors.get(rule.selector);
    if (!found) selectors.set(rule.selector, (found = needsOf(rule.selector)));
    return found;
  };
  const known = new Map<string, string>();
  return (classes) => {
    const key = [...classes].sort().join(" ");
    let subset = known.get(key);
    if (subset === undefined) {
      const root = sheet.clone();
      keepMatching(root, needs, classes);
      withoutUnusedVariables(root);
      subset = root.toString();
      if (known.size >= 200) known.clear();
      known.set(key, subset);
    }
    return subset;
  };
}
