// Markdown with LaTeX math, for question text, options and solutions and for staff-edited pages
// (issue 46). CommonMark through markdown-it, math through temml to MathML on the server (no script
// in the browser), and the result through sanitize-html with an explicit allowlist. Math that does
// not parse refuses the whole text, each formula with its line and temml's message: never shown raw.
//
// Where `$` is math (@mdit/plugin-tex, Pandoc's rule): a `$` opens inline math only when the next
// character is not a space, and closes it only after a non-space and when no digit follows. So
// "₹500 and $5", "$5 and $10" and "$5-$10" stay text; `\$` is always a dollar sign. `$$…$$` on
// lines of its own is display math, and so is `$$…$$` within a line (an option's text, say).
import { tex } from "@mdit/plugin-tex";
import MarkdownIt from "markdown-it";
import type { StateInline, Token } from "markdown-it";
import sanitizeHtml from "sanitize-html";
import temml from "temml";
import { mathmlToText } from "./math-text.server";

const messages = {
  unclosedDisplay:
    "Display math opened with $$ at the start of a line is not closed: end it with $$ at the end of a line.",
  unclosedInline: "Math opened with $ is not closed. For a dollar sign, write \\$.",
  imageSource: "An image must come from the media library (/media/…) or an http(s) address.",
  reference: "\\ref and \\eqref are not supported: write the equation number as text.",
};

export interface MarkdownError {
  /** 1-based line of the source. */
  line: number;
  message: string;
}

export type MarkdownResult = { ok: true; html: string } | { ok: false; errors: MarkdownError[] };

export interface MarkdownImage {
  /** As written (percent-encoded): a /media/… path or an http(s) URL. */
  src: string;
  /** Plain text (math as its LaTeX source), not escaped. */
  alt: string;
  title?: string;
}

export interface RenderOptions {
  /** Without block structure or a wrapping <p>: the text of an MCQ option. */
  inline?: boolean;
  /**
   * HTML to put in an image's place (a responsive <picture> for /media/ images), or undefined for
   * the plain <img>. Escape what it interpolates; its HTML passes the same sanitiser, which keeps
   * picture, source (srcset, sizes, type, media) and img (src, srcset, sizes, alt, width, height…).
   */
  images?: (image: MarkdownImage) => string | undefined;
}

interface RenderEnv {
  /** Each formula's MathML by `mathKey`, rendered before the Markdown is (see renderMarkdown). */
  mathml: Map<string, string>;
  images?: RenderOptions["images"];
}

/** Markdown source as sanitised HTML, or every problem with its line when any math fails. */
export function renderMarkdown(source: string, options: RenderOptions = {}): MarkdownResult {
  const env: RenderEnv = { mathml: new Map(), images: options.images };
  const tokens = options.inline ? md.parseInline(source, env) : md.parse(source, env);
  // Every formula is rendered first, so that all errors are collected rather than the first.
  const { formulas, errors } = survey(tokens, source);
  for (const formula of formulas) {
    const key = mathKey(formula.tex, formula.display);
    if (env.mathml.has(key)) continue;
    try {
      env.mathml.set(key, toMathML(formula.tex, formula.display));
    } catch (error) {
      const position = (error as { position?: unknown }).position;
      errors.push({
        line: formula.lineAt(typeof position === "number" ? position : 0),
        message: messageOf(error),
      });
    }
  }
  if (errors.length > 0) return { ok: false, errors: errors.sort((a, b) => a.line - b.line) };
  return { ok: true, html: sanitizeHtml(md.renderer.render(tokens, md.options, env), sanitizeOptions) };
}

/** Plain text for a meta description or the search index: math as its LaTeX source. Not HTML. */
export function markdownToText(source: string): string {
  return plainText(md.parse(source, { mathml: new Map() }))
    .replace(/\s+/g, " ")
    .trim();
}

/** Plain text for a title or a list: math as it reads (τ, V₁, a/b), its source where it fails. */
export function markdownToReadableText(source: string): string {
  return plainText(md.parse(source, { mathml: new Map() }), readableMath)
    .replace(/\s+/g, " ")
    .trim();
}

function readableMath(token: Token): string {
  try {
    return mathmlToText(toMathML(token.content, token.type !== "math_inline"));
  } catch {
    return token.content;
  }
}

// --- Math -------------------------------------------------------------------------------------

// trust: false refuses \class, \id, \style, \data and \includegraphics (temml has no \href or
// \url); sizes past 20em or 200pt are clamped, so a \rule or \hspace cannot stretch the page.
const temmlOptions = { throwOnError: true, trust: false, maxSize: [20, 200] as [number, number] };

function toMathML(latex: string, displayMode: boolean): string {
  // \ref and \eqref become <a href="#…"> filled in by temml's browser script, which the site does
  // not load: refused, so that no link sits inside MathML.
  const reference = /\\(?:eq)?ref(?![A-Za-z])/.exec(latex);
  if (reference) throw Object.assign(new Error(messages.reference), { position: reference.index });
  // wrap "tex": inline math as one <mrow> per operator, where app/app.css lets a long formula wrap.
  return temml.renderToString(latex, { ...temmlOptions, displayMode, wrap: displayMode ? "none" : "tex" });
}

const mathKey = (latex: string, display: boolean) => `${display ? "D" : "I"}${latex}`;

/** temml's message on one line, without the combining underline it draws under the culprit. */
function messageOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replaceAll("\u0332", "").replace(/\s+/g, " ").trim();
}

// --- Parser -------------------------------------------------------------------------------------

const md = new MarkdownIt({ html: false, linkify: false, typographer: false });

// Links: http(s), mailto, a site path or a fragment. markdown-it leaves any other [x](…) as text.
// "//host" and "/\host" are other sites to a browser. Images are narrowed further in `survey`.
md.validateLink = (url) => /^(?:https?:\/\/|mailto:|#|\/(?![/\\]))/i.test(url);
const imageSource = /^(?:https?:\/\/|\/media\/)/i;

// Where each inline token starts in its block's text, so that a formula's error names its line.
const offsets = new WeakMap<Token, number>();
md.inline.State = class extends md.inline.State {
  override push(...args: Parameters<StateInline["push"]>): Token {
    const token = super.push(...args);
    offsets.set(token, this.pos);
    return token;
  }
};

md.use(tex, {
  delimiters: "dollars",
  render: (latex: string, displayMode: boolean, env: RenderEnv) => mathmlOf(latex, displayMode, env),
});
md.inline.ruler.before("math_inline_dollar", "math_unclosed", unclosedMath);
md.inline.ruler.before("math_inline_dollar", "math_display_in_line", displayMathInLine);
md.renderer.rules.math_display_in_line = (tokens, idx, _options, env: RenderEnv) =>
  mathmlOf(tokens[idx]!.content, true, env);

// Punctuation right after inline math stays on the formula's line ("… is $e^{-2}$." broke before
// the full stop on a phone): the formula and the punctuation that follows it go in one unbreakable
// span, the punctuation taken from the start of the next text as the line is rendered.
const renderMathInline = md.renderer.rules.math_inline!;
md.renderer.rules.math_inline = (tokens, idx, options, env, self) => {
  const html = renderMathInline(tokens, idx, options, env, self);
  const next = tokens[idx + 1];
  const trailing = next?.type === "text" ? /^[.,;:!?)\]]+/.exec(next.content)?.[0] : undefined;
  if (!next || !trailing) return html;
  next.content = next.content.slice(trailing.length);
  return `<span class="math-punctuated">${html}${md.utils.escapeHtml(trailing)}</span>`;
};

function mathmlOf(latex: string, displayMode: boolean, env: RenderEnv): string {
  const mathml = env.mathml.get(mathKey(latex, displayMode));
  if (mathml === undefined) throw new Error("A formula was not rendered before its Markdown");
  return mathml;
}

/** The index of the next `$` from `from` that no backslash escapes, or -1. */
function nextDollar(src: string, from: number, max: number): number {
  for (let at = src.indexOf("$", from); at !== -1 && at < max; at = src.indexOf("$", at + 1)) {
    let backslashes = 0;
    while (src[at - 1 - backslashes] === "\\") backslashes++;
    if (backslashes % 2 === 0) return at;
  }
  return -1;
}

/** `$$…$$` inside a line, which the plugin (display math on lines of its own) would print as text. */
function displayMathInLine(state: StateInline, silent: boolean): boolean {
  const { src, pos: start, posMax } = state;
  if (!src.startsWith("$$", start)) return false;
  let end = nextDollar(src, start + 2, posMax);
  while (end !== -1 && src[end + 1] !== "$") end = nextDollar(src, end + 1, posMax);
  if (end === -1 || end === start + 2 || end + 2 > posMax) return false;
  if (!silent) {
    const token = state.push("math_display_in_line", "math", 0);
    token.markup = "$$";
    token.content = src.slice(start + 2, end);
  }
  state.pos = end + 2;
  return true;
}

/**
 * `$` or `$$` then a command, with no `$` after it: math left open, which would otherwise show as
 * text. (An open `$x^2` without a command is left alone: it may be prose.)
 */
function unclosedMath(state: StateInline, silent: boolean): boolean {
  const { src, pos, posMax } = state;
  if (src[pos] !== "$") return false;
  const open = src[pos + 1] === "$" ? 2 : 1;
  if (!/^\\[A-Za-z]/.test(src.slice(pos + open, pos + open + 2))) return false;
  if (nextDollar(src, pos + open, posMax) !== -1) return false;
  if (!silent) state.push("math_unclosed", "", 0).markup = src.slice(pos, pos + open);
  state.pos += open;
  return true;
}

interface Formula {
  tex: string;
  display: boolean;
  /** The 1-based source line of an index into `tex`. */
  lineAt: (index: number) => number;
}

const newlinesBefore = (text: string, end: number) => text.slice(0, end).split("\n").length - 1;

/** The formulas of a parsed text with their lines, and the problems found without rendering. */
function survey(tokens: Token[], source: string): { formulas: Formula[]; errors: MarkdownError[] } {
  const lines = source.split(/\r\n?|\n/);
  const formulas: Formula[] = [];
  const errors: MarkdownError[] = [];
  let blockLine = 0; // 0-based first line of the nearest block (table cells have no map of their own)
  for (const token of tokens) {
    if (token.map) blockLine = token.map[0];
    if (token.type === "math_block") {
      const [first, end] = token.map!;
      const opening = lines[first]!.slice(lines[first]!.indexOf("$$") + 2).trimEnd();
      const closed =
        end - first === 1 ? opening.length >= 2 && opening.endsWith("$$") : lines[end - 1]!.trimEnd().endsWith("$$");
      if (!closed) errors.push({ line: first + 1, message: messages.unclosedDisplay });
      // The formula starts on the opening line when something follows its `$$`, else on the next.
      const start = first + (opening.replace(/\$\$$/, "").trim() ? 1 : 2);
      // temml puts an "end of input" error past the formula's last character, which in a block is
      // the line break before the closing $$: it belongs to the formula's last line.
      const last = token.content.trimEnd().length;
      if (closed)
        formulas.push({
          tex: token.content,
          display: true,
          lineAt: (i) => start + newlinesBefore(token.content, Math.min(i, last)),
        });
    }
    if (token.type !== "inline") continue;
    const line = blockLine;
    const lineAt = (index: number) => line + 1 + newlinesBefore(token.content, index);
    for (const child of token.children ?? []) {
      const offset = offsets.get(child) ?? 0;
      if (child.type === "math_inline" || child.type === "math_display_in_line") {
        const display = child.type === "math_display_in_line";
        const texStart = offset + (display ? 2 : 1);
        formulas.push({ tex: child.content, display, lineAt: (i) => lineAt(texStart + i) });
      } else if (child.type === "math_unclosed") {
        errors.push({ line: lineAt(offset), message: messages.unclosedInline });
      } else if (child.type === "image" && !imageSource.test(child.attrGet("src") ?? "")) {
        errors.push({ line: lineAt(offset), message: messages.imageSource });
      }
    }
  }
  return { formulas, errors };
}

// --- Renderer -----------------------------------------------------------------------------------

// External links open in the same tab (Back works; no surprise windows, WCAG G201) and carry
// nofollow: question content is written by many hands and its links are references, not
// endorsements. Not "ugc" (staff write it) and no noopener (nothing opens a new window).
md.renderer.rules.link_open = (tokens, idx, options, _env, self) => {
  const token = tokens[idx]!;
  if (/^https?:/i.test(token.attrGet("href") ?? "")) token.attrSet("rel", "nofollow");
  return self.renderToken(tokens, idx, options);
};

md.renderer.rules.image = (tokens, idx, options, env: RenderEnv, self) => {
  const token = tokens[idx]!;
  const image: MarkdownImage = {
    src: token.attrGet("src") ?? "",
    alt: plainText(token.children ?? [])
      .replace(/\s+/g, " ")
      .trim(),
    ...(token.attrGet("title") ? { title: token.attrGet("title")! } : {}),
  };
  const replacement = env.images?.(image);
  if (replacement !== undefined) return replacement;
  token.attrSet("alt", image.alt);
  token.attrSet("loading", "lazy");
  return self.renderToken(tokens, idx, options);
};

const MATH_TOKENS = new Set(["math_inline", "math_block", "math_display_in_line"]);
const TEXT_TOKENS = new Set(["text", "code_inline", "code_block", "fence", ...MATH_TOKENS]);

function plainText(tokens: Token[], math?: (token: Token) => string): string {
  let text = "";
  for (const token of tokens) {
    if (token.children) text += plainText(token.children, math);
    else if (math && MATH_TOKENS.has(token.type)) text += math(token);
    else if (TEXT_TOKENS.has(token.type)) text += token.content;
    else if (token.type === "math_unclosed") text += token.markup;
    // Blocks and line breaks part words: "Q1</p><p>Answer" reads "Q1 Answer".
    if (token.block || token.type === "softbreak" || token.type === "hardbreak") text += " ";
  }
  return text;
}

// --- Sanitiser ----------------------------------------------------------------------------------

// The MathML temml emits (checked on a broad sample: matrices, arrays, aligned, cases, accents,
// \boxed, \cancel, \ce, colours, sizes), each with presentation attributes only: no href, no
// xlink:href, no event handler, no id. <semantics>/<annotation> are absent (annotate: false).
const MATHML_ATTRIBUTES = "class style mathvariant displaystyle scriptlevel mathsize mathcolor mathbackground";
const mathmlElements: Record<string, string[]> = {
  math: ["display"],
  mrow: [],
  mi: [],
  mn: [],
  mo: "form stretchy fence separator lspace rspace symmetric largeop movablelimits minsize maxsize accent".split(" "),
  ms: [],
  mtext: [],
  mspace: ["width", "height", "depth", "linebreak"],
  msup: [],
  msub: [],
  msubsup: [],
  mfrac: ["linethickness"],
  msqrt: [],
  mroot: [],
  munder: ["accentunder"],
  mover: ["accent"],
  munderover: ["accent", "accentunder"],
  mtable: ["columnalign", "rowspacing", "columnspacing"],
  mtr: [],
  mtd: ["columnalign", "rowspan", "columnspan"],
  mstyle: [],
  mpadded: ["width", "height", "depth", "lspace", "voffset"],
  mphantom: [],
  menclose: ["notation"],
  mmultiscripts: [],
  mprescripts: [],
  none: [],
};

// temml writes a few inline styles (array rules and padding, \boxed's border, \pmb's bold,
// colours): each property with a value pattern of lengths, keywords or a hex colour, so no url(),
// expression or positioning gets through. Display math's `display: block math` is not kept: the
// site's Content-Security-Policy refuses every style attribute (server/security-headers.ts), which
// logged an error per formula, and `<math display="block">` is drawn as a block by the browser's
// own MathML stylesheet. The styles kept here are refused the same way (issue 46, told the lead).
const LENGTH = String.raw`-?(?:\d+(?:\.\d+)?|\.\d+)(?:em|ex|pt|px|%)?`;
const lengths = new RegExp(`^${LENGTH}(?: ${LENGTH}){0,3}$`);
const size = /^(?:\d+(?:\.\d+)?|\.\d+)(?:em|ex|pt|px|%)$/;
const border = new RegExp(`^${LENGTH} (?:solid|dashed|double)(?: #[0-9a-f]{3,8})?$`, "i");
const mathStyles: Record<string, RegExp[]> = {
  width: [size],
  height: [size],
  "font-weight": [/^bold$/],
  "text-align": [/^(?:left|right|center)$/],
  "math-depth": [/^0$/],
  color: [/^#[0-9a-f]{3,8}$/i],
  "margin-left": [lengths],
  ...Object.fromEntries(
    ["padding", "padding-top", "padding-right", "padding-bottom", "padding-left"].map((p) => [p, [lengths]]),
  ),
  ...Object.fromEntries(
    ["border", "border-top", "border-right", "border-bottom", "border-left"].map((p) => [p, [border]]),
  ),
};

// A table column's alignment (markdown-it writes style="text-align:…") as a class of the site's
// stylesheet: no style attribute passes the Content-Security-Policy.
const alignClasses = { left: "text-left", right: "text-right", center: "text-center" } as const;

function alignByClass(tagName: string, attribs: sanitizeHtml.Attributes) {
  const { style, ...rest } = attribs;
  const align = /text-align:\s*(left|right|center)/.exec(style ?? "")?.[1] as keyof typeof alignClasses | undefined;
  return { tagName, attribs: align ? { ...rest, class: alignClasses[align] } : rest };
}

const sanitizeOptions: sanitizeHtml.IOptions = {
  allowedTags: [
    ..."p br hr h2 h3 h4 h5 h6 blockquote ul ol li em strong s code pre a img picture source span".split(" "),
    ..."table thead tbody tr th td".split(" "),
    ...Object.keys(mathmlElements),
  ],
  allowedAttributes: {
    a: ["href", "title", "rel"],
    img: ["src", "srcset", "sizes", "alt", "title", "width", "height", "loading", "decoding"],
    source: ["srcset", "sizes", "type", "media", "width", "height"],
    ol: ["start"],
    ...Object.fromEntries(
      Object.entries(mathmlElements).map(([tag, own]) => [tag, [...MATHML_ATTRIBUTES.split(" "), ...own]]),
    ),
  },
  // temml's own classes (app/app.css styles two of them) and a code block's language: no class that
  // could call on the site's utilities.
  allowedClasses: {
    code: ["language-*"],
    span: ["math-punctuated"],
    th: Object.values(alignClasses),
    td: Object.values(alignClasses),
    ...Object.fromEntries(Object.keys(mathmlElements).map((tag) => [tag, ["tml-*"]])),
  },
  allowedStyles: Object.fromEntries(Object.keys(mathmlElements).map((tag) => [tag, mathStyles])),
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https"], source: ["http", "https"] },
  allowProtocolRelative: false,
  selfClosing: ["img", "br", "hr", "source"],
  // The page's title is its only <h1>: a "# Heading" in content becomes the level below it.
  transformTags: { h1: "h2", th: alignByClass, td: alignByClass },
};
