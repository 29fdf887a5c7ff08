import type { ChildNode } from "domhandler";
import { parseDocument } from "htmlparser2";

// A formula as words a title can hold: the MathML temml made of it, read back as text. A page's
// <title>, a search result or a list of questions cannot show MathML, and its LaTeX source read
// "mean residence time \tau" where the page shows τ. Scripts become Unicode sub- and superscripts
// where every character has one (V₁, m³), else _ and ^; a fraction becomes a/b.

const smallCharacters = (from: string, to: string) =>
  Object.fromEntries([...from].map((c, i) => [c, [...to][i]!])) as Record<string, string>;
const SUPERSCRIPTS = smallCharacters("0123456789+-−=()ni∘′", "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁻⁼⁽⁾ⁿⁱ°′");
const SUBSCRIPTS = smallCharacters("0123456789+-−=()aehijklmnoprstuvx", "₀₁₂₃₄₅₆₇₈₉₊₋₋₌₍₎ₐₑₕᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓ");

/** temml's accents over a letter, and the combining marks that put them there in text. */
const ACCENTS: Record<string, string> = {
  "‾": "\u0304",
  "¯": "\u0304",
  "˙": "\u0307",
  "¨": "\u0308",
  ˆ: "\u0302",
  "^": "\u0302",
  "~": "\u0303",
  "→": "\u20d7",
};

/** Operators that read with a space each side: "μ = 1", not "μ=1". */
const SPACED = new Set("=≈≠<>≤≥→←⇌⇒+−×±");

/** A script in small characters where each has one, else marked: x_(max), not a guess. */
function script(text: string, small: Record<string, string>, mark: "_" | "^"): string {
  const chars = [...text.replace(/\s+/g, "")];
  if (chars.length === 0) return "";
  if (chars.every((c) => small[c])) return chars.map((c) => small[c]).join("");
  return `${mark}${grouped(chars.join(""))}`;
}

/** A part of more than one character in brackets, so that a/b and x^(n+1) read unambiguously. */
function grouped(text: string): string {
  const trimmed = text.trim();
  return [...trimmed].length > 1 ? `(${trimmed})` : trimmed;
}

function textOf(nodes: ChildNode[]): string {
  return nodes.map(nodeText).join("");
}

function nodeText(node: ChildNode): string {
  // Invisible operators (function application, invisible times) have no place in text.
  if (node.type === "text") return node.data.replace(/[\u2061-\u2064]/g, "");
  if (node.type !== "tag") return "";
  const parts = node.children.filter((child) => child.type === "tag").map((child) => nodeText(child));
  switch (node.name) {
    case "msub":
    case "munder":
      return parts[0]! + script(parts[1] ?? "", SUBSCRIPTS, "_");
    case "mover": {
      // An accent (\bar x, \dot m) on one letter is its combining mark: x̄, ṁ.
      const mark = ACCENTS[parts[1] ?? ""];
      if (mark !== undefined) return [...parts[0]!].length === 1 ? parts[0]! + mark : parts[0]!;
      return parts[0]! + script(parts[1] ?? "", SUPERSCRIPTS, "^");
    }
    case "msup":
      return parts[0]! + script(parts[1] ?? "", SUPERSCRIPTS, "^");
    case "msubsup":
    case "munderover":
      return parts[0]! + script(parts[1] ?? "", SUBSCRIPTS, "_") + script(parts[2] ?? "", SUPERSCRIPTS, "^");
    case "mfrac":
      return `${grouped(parts[0] ?? "")}/${grouped(parts[1] ?? "")}`;
    case "msqrt":
      return `√${grouped(textOf(node.children))}`;
    case "mroot":
      return `${script(parts[1] ?? "", SUPERSCRIPTS, "^")}√${grouped(parts[0] ?? "")}`;
    case "mo": {
      const text = textOf(node.children);
      return SPACED.has(text) && node.attribs.form !== "prefix" ? ` ${text} ` : text;
    }
    case "mspace":
      // A thin space or more (0.1\,s) is a space; temml's empty spacers are not.
      return Number.parseFloat(node.attribs.width ?? "0") >= 0.16 ? " " : "";
    case "mtable":
      return parts.join("; ");
    case "mtr":
      return parts.join(" ");
    default:
      return textOf(node.children);
  }
}

/** The text of temml's MathML for one formula. */
export function mathmlToText(mathml: string): string {
  return textOf(parseDocument(mathml, { xmlMode: true }).children)
    .replace(/\s+/g, " ")
    .trim()
    .normalize("NFC");
}
