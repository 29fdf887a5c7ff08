import { deflateSync, crc32 } from "node:zlib";
import sharp from "sharp";

// Files for the media library's tests (issue 45), made at run time: a valid PDF written by hand,
// an animated GIF, and a PNG whose header claims more pixels than the file could hold.

/**
 * A one-page PDF saying `text`, with a correct cross-reference table; `size` pads it with a
 * stream of varied bytes to about that many bytes (for range requests across chunks).
 */
export function handmadePdf(text = "Hello PDF", size = 0): Buffer {
  const content = `BT /F1 24 Tf 20 100 Td (${text.replace(/[()\\]/g, "")}) Tj ET`;
  const objects: Buffer[] = [
    Buffer.from("<< /Type /Catalog /Pages 2 0 R >>"),
    Buffer.from("<< /Type /Pages /Kids [3 0 R] /Count 1 >>"),
    Buffer.from(
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    ),
    Buffer.from(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`),
    Buffer.from("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"),
  ];
  if (size > 0) {
    const filler = Buffer.alloc(size);
    for (let i = 0; i < size; i++) filler[i] = (i * 7919 + (i >> 8)) % 256;
    objects.push(Buffer.concat([Buffer.from(`<< /Length ${size} >>\nstream\n`), filler, Buffer.from("\nendstream")]));
  }
  const parts: Buffer[] = [Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(length);
    const piece = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), object, Buffer.from("\nendobj\n")]);
    parts.push(piece);
    length += piece.length;
  });
  const xref =
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("") +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  parts.push(Buffer.from(xref));
  return Buffer.concat(parts);
}

/** A 20 × 20 GIF of two frames: red, then green. */
export async function animatedGif(): Promise<Buffer> {
  const frames = await sharp({ create: { width: 20, height: 40, channels: 4, background: "#00ff00" } })
    .composite([{ input: { create: { width: 20, height: 20, channels: 4, background: "#ff0000" } }, top: 0, left: 0 }])
    .raw()
    .toBuffer();
  return sharp(frames, { raw: { width: 20, height: 40, channels: 4, pageHeight: 20 } })
    .gif({ loop: 0, delay: [100, 100] })
    .toBuffer();
}

function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A PNG whose header says `width` × `height`, with one row of pixels: a decompression bomb's shape. */
export function pixelBomb(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(Buffer.alloc(width * 3 + 1))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}
