import { encode } from "uqr";

/** A QR code as one SVG path (1 unit per module, 4-module quiet zone), drawn on the server. */
export function qrSvgPath(text: string) {
  const { data, size } = encode(text, { ecc: "M", border: 0 });
  let path = "";
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x + 4} ${y + 4}h1v1h-1z`;
    });
  });
  return { path, viewBox: size + 8 };
}
