/**
 * Characters the system UI fonts carry (Roboto, Noto Sans, San Francisco, Segoe UI): Latin with its
 * extensions, general punctuation and the rupee sign. Any other one in a page's words (an arrow, a
 * check mark) sends its layout through each family of the font stack, then the fallback fonts, to
 * find the glyph: on the Linux machines here five synchronous font-service calls in the home page's
 * first layout (decision 014, the eleventh session). Decorative marks are inline SVG icons instead.
 */
const inSystemFonts = (char: string) => {
  const code = char.codePointAt(0)!;
  return code <= 0x24f || (code >= 0x2000 && code <= 0x206f) || code === 0x20b9;
};

/** The characters of rendered markup's words (not its tags, scripts or styles) outside that set. */
export function charactersNeedingFallbackFont(html: string): string[] {
  const body = html.includes("<body") ? html.slice(html.indexOf("<body")) : html;
  const text = body.replace(/<(script|style)\b[\s\S]*?<\/\1>/g, "").replace(/<[^>]*>/g, " ");
  return [...new Set(text)].filter((char) => !inSystemFonts(char));
}
