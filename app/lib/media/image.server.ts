import sharp, { type Metadata, type Sharp } from "sharp";
import { mediaMessages } from "~/lib/admin/messages/media";
import type { DetectedType } from "./detect.server";
import type { MediaLimits } from "./limits.server";
import type { FileRefusal } from "./spool.server";

// A picture as the library stores it (issue 45): its size read from its header first, and refused
// there when too large (a decompression bomb is a small file whose header claims 100000 × 100000
// pixels); then decoded within that pixel limit and encoded again in its own format, turned the
// way its EXIF orientation says, with no metadata kept (place, device, owner). Encoding again also
// drops whatever was appended after the picture (a GIF/HTML polyglot's script). A GIF keeps its
// first frame, as a PNG.
//
// libvips gets one thread and no operation cache: a conversion takes one of the server's cores at
// most (the uploads and variants queue for it, ./upload.server.ts and ./variants.server.ts), and
// memory is given back when it ends.
sharp.concurrency(1);
sharp.cache(false);

const m = mediaMessages;

export interface StoredImage {
  data: Buffer;
  width: number;
  height: number;
  mime: string;
  ext: string;
}

/** The format sharp reports for each accepted picture format (AVIF is a HEIF). */
const sharpFormat: Record<string, string> = { jpeg: "jpeg", png: "png", webp: "webp", avif: "heif", gif: "gif" };

/** Encoders per format: JPEG as mozjpeg does it, the others at their usual qualities. */
function encode(pipeline: Sharp, type: DetectedType): { pipeline: Sharp; mime: string; ext: string } {
  switch (type.format) {
    case "jpeg":
      return { pipeline: pipeline.jpeg({ quality: 82, mozjpeg: true }), mime: type.mime, ext: type.ext };
    case "webp":
      return { pipeline: pipeline.webp({ quality: 82 }), mime: type.mime, ext: type.ext };
    case "avif":
      return { pipeline: pipeline.avif({ quality: 60, effort: 3 }), mime: type.mime, ext: type.ext };
    default:
      // PNG, and a GIF's first frame.
      return { pipeline: pipeline.png(), mime: "image/png", ext: "png" };
  }
}

/** The picture at `path` re-encoded for storing, or why it is refused. */
export async function processImage(
  path: string,
  type: DetectedType,
  limits: MediaLimits,
): Promise<StoredImage | FileRefusal> {
  const unreadable: FileRefusal = { status: 400, message: m.unreadablePicture };
  let header: Metadata;
  try {
    // The header only: nothing is decoded yet, so no pixel limit applies to this read.
    header = await sharp(path, { limitInputPixels: false, animated: false }).metadata();
  } catch {
    return unreadable;
  }
  if (header.format !== sharpFormat[type.format]) return unreadable;
  const { width, height } = header;
  if (!width || !height) return unreadable;
  if (width * height > limits.imagePixels || Math.max(width, height) > limits.imageSide) {
    return {
      status: 400,
      message: m.tooManyPixels(width, height, limits.imagePixels, limits.imageSide),
    };
  }
  try {
    const input = sharp(path, { limitInputPixels: limits.imagePixels, animated: false }).autoOrient();
    const { pipeline, mime, ext } = encode(input, type);
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, mime, ext };
  } catch {
    return unreadable;
  }
}

/** One responsive variant of a stored picture, `width` pixels wide at most. */
export function encodeVariant(original: Buffer, width: number, format: "avif" | "webp", limits: MediaLimits) {
  const pipeline = sharp(original, { limitInputPixels: limits.imagePixels, animated: false }).resize({
    width,
    withoutEnlargement: true,
  });
  return (format === "avif" ? pipeline.avif({ quality: 55, effort: 4 }) : pipeline.webp({ quality: 78 })).toBuffer();
}
