import { env } from "~/core/env.server";

// How large an upload may be (issue 45, decision 017), from the environment (MEDIA_MAX_*):
// bytes per kind, checked while the body arrives; a picture's pixels, checked from its header
// before it is decoded.

export interface MediaLimits {
  imageBytes: number;
  pdfBytes: number;
  /** Width × height. */
  imagePixels: number;
  /** The longest side, in pixels. */
  imageSide: number;
}

export function mediaLimits(): MediaLimits {
  const config = env();
  return {
    imageBytes: config.MEDIA_MAX_IMAGE_BYTES,
    pdfBytes: config.MEDIA_MAX_PDF_BYTES,
    imagePixels: config.MEDIA_MAX_IMAGE_PIXELS,
    imageSide: config.MEDIA_MAX_IMAGE_SIDE,
  };
}

/** Room in an upload's body for the form's other fields and the multipart framing. */
export const FORM_ROOM_BYTES = 64 * 1024;

/** The largest body the upload address takes (server/request-body.ts). */
export const uploadBodyLimit = (limits: MediaLimits = mediaLimits()) =>
  Math.max(limits.imageBytes, limits.pdfBytes) + FORM_ROOM_BYTES;

// The pages say sizes too (the library's list): the formatting lives where the browser can load it.
export { formatBytes } from "./format-size";
