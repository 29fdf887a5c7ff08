// The part of opentype.js (which ships no types) that scripts/outline-svg-text.ts uses.
declare module "opentype.js" {
  type PathCommand =
    | { type: "M" | "L"; x: number; y: number }
    | { type: "Q"; x1: number; y1: number; x: number; y: number }
    | { type: "C"; x1: number; y1: number; x2: number; y2: number; x: number; y: number }
    | { type: "Z" };
  export interface Path {
    commands: PathCommand[];
  }
  export interface Font {
    getPath(text: string, x: number, y: number, fontSize: number): Path;
    getAdvanceWidth(text: string, fontSize: number): number;
  }
  const opentype: { parse(buffer: ArrayBufferLike): Font };
  export default opentype;
}
