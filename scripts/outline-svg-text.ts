// Turns the words of the site's own SVG pictures into outlines (issue 28).
// Usage: node scripts/outline-svg-text.ts public/images/catalog/*.svg …   (rewrites each file)
//
// A browser draws an SVG picture on the page's main thread, and its <text> first has to find and
// shape a font inside the picture's own document: 12–15 ms of /test-series' first 100 on this
// machine, over 100 ms on a budget phone, before the page can answer a tap. As paths, the same
// words cost a few tenths of a millisecond and look the same on every phone, whatever its fonts.
// The pictures keep their words for screen readers in role="img" and aria-label (and the pages'
// alt text). Run it again after editing a picture's <text>; it leaves a file without any alone.
// The catalogue's pictures, the welcome popup's and the home page's banners are outlined (3–4 KiB
// gzip each, small enough to travel inside the page, app/lib/document/inline-image.server.ts). The banners
// were the last with <text>: 25–30 ms of layout on the home page here (the first picture to shape
// text pays for finding the font), 5 ms outlined. The home document found the room for its first
// banner in carrying only its own CSS rules (app/lib/document/css-subset.server.ts).
//
// Reads the fonts of Debian's fonts-noto-core (Noto Sans, SIL Open Font License), as the pictures
// ask for system-ui, which is Noto Sans on Android and on these machines.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Path } from "opentype.js";

// A CommonJS module whose only export is its object.
const opentype = createRequire(import.meta.url)("opentype.js") as typeof import("opentype.js").default;

const FONTS = "/usr/share/fonts/truetype/noto";
export const regular = opentype.parse(readFileSync(`${FONTS}/NotoSans-Regular.ttf`).buffer);
export const bold = opentype.parse(readFileSync(`${FONTS}/NotoSans-Bold.ttf`).buffer);

/**
 * Path data in relative commands on whole units (a unit of these pictures is under a pixel on a
 * phone's screen), each from the rounded point before it, so that rounding never drifts.
 */
export function compactPathData(path: Path): string {
  let out = "";
  let last = "";
  let cx = 0;
  let cy = 0;
  let sx = 0;
  let sy = 0;
  // A minus sign or a command letter separates numbers; otherwise a space does.
  const num = (n: number) => {
    out += n < 0 || /[a-z]$/i.test(out) ? `${n}` : ` ${n}`;
  };
  const emit = (command: string, ...points: [number, number][]) => {
    if (command !== last || command === "m") out += command;
    last = command === "m" ? "l" : command;
    for (const [x, y] of points) {
      num(Math.round(x) - cx);
      num(Math.round(y) - cy);
    }
  };
  for (const c of path.commands) {
    if (c.type === "Z") {
      out += "z";
      last = "z";
      [cx, cy] = [sx, sy];
      continue;
    }
    const [x, y] = [Math.round(c.x), Math.round(c.y)];
    if (c.type === "M") {
      emit("m", [c.x, c.y]);
      [sx, sy] = [x, y];
    } else if (c.type === "L") {
      // A line that rounds to nothing is left out.
      if (x === cx && y === cy) continue;
      // Glyphs are mostly straight strokes: a level or upright line needs one number.
      if (y === cy || x === cx) {
        const command = y === cy ? "h" : "v";
        if (command !== last) out += command;
        last = command;
        num(y === cy ? x - cx : y - cy);
      } else emit("l", [c.x, c.y]);
    } else if (c.type === "Q") emit("q", [c.x1, c.y1], [c.x, c.y]);
    else if (c.type === "C") emit("c", [c.x1, c.y1], [c.x2, c.y2], [c.x, c.y]);
    [cx, cy] = [x, y];
  }
  return out;
}

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
const decode = (text: string) =>
  text
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"');

/** One <text> element as a <path> with the same fill, size, weight and anchor. */
function outline(tag: string, content: string): string {
  const size = Number(attribute(tag, "font-size") ?? 16);
  const weight = Number(attribute(tag, "font-weight") ?? 400);
  const font = weight >= 600 ? bold : regular;
  const words = decode(content);
  let x = Number(attribute(tag, "x") ?? 0);
  const y = Number(attribute(tag, "y") ?? 0);
  const anchor = attribute(tag, "text-anchor");
  const width = font.getAdvanceWidth(words, size);
  if (anchor === "middle") x -= width / 2;
  else if (anchor === "end") x -= width;
  const d = compactPathData(font.getPath(words, x, y, size));
  const paint = ["fill", "fill-opacity"]
    .map((name) => [name, attribute(tag, name)] as const)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => ` ${name}="${value}"`)
    .join("");
  return `<path${paint} d="${d}"/>`;
}

// Run as a command; scripts/draw-demo-words.ts imports the outliner (issue 45).
if (import.meta.main)
  for (const file of process.argv.slice(2)) {
    const svg = readFileSync(file, "utf8");
    const outlined = svg
      .replace(/<text\b([^>]*)>([^<]*)<\/text>/g, (_whole, attrs: string, content: string) => outline(attrs, content))
      // A group that only carried the font for its words needs it no more.
      .replace(/\sfont-family="[^"]*"/g, "");
    if (outlined === svg) continue;
    writeFileSync(file, outlined);
    console.log(`${file}: ${svg.length} → ${outlined.length} bytes`);
  }
