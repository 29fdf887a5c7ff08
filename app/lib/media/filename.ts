// The display name of an uploaded file (issue 45). The name a browser sends is a suggestion from
// someone's disk, and may be anything a crafted request puts there: a path ("../../etc/x.png"),
// control characters, characters that reverse how the rest reads, 300 characters. Such a name
// does not refuse the upload (the file is what matters): it is made safe instead, and the
// extension always becomes the one of the type read from the bytes (decision 017).

/** The longest display name, before its extension, in characters. */
export const MAX_NAME_CHARACTERS = 100;

// C0 and C1 controls, DEL, the bidirectional controls (U+061C, U+200E/F, U+202A–E, U+2066–9),
// zero-width characters and the BOM, and lone surrogates.
const INVISIBLE =
  // oxlint-disable-next-line no-control-regex -- matching them is the point
  /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]|\p{Cs}/gu;
/** Characters a downloaded file's name may not hold on Windows, besides the path separators. */
const RESERVED = /[<>:"|?*]/g;

/**
 * The name shown for an upload and sent with it: the last part of whatever path was given,
 * without invisible characters or characters file systems refuse, on one line, at most
 * MAX_NAME_CHARACTERS before the extension `ext` (the stored type's), never empty.
 */
export function safeDisplayName(given: string, ext: string): string {
  const base = given.split(/[/\\]/).pop() ?? "";
  let stem = base
    .normalize("NFC")
    .replace(/[\t\n\v\f\r]+/g, " ")
    .replace(INVISIBLE, "")
    .replace(RESERVED, "-")
    .replace(/\s+/g, " ")
    .replace(/\.[A-Za-z0-9]{1,5}$/, "")
    .replace(/^[\s.]+|[\s.]+$/g, "");
  const characters = Array.from(stem);
  if (characters.length > MAX_NAME_CHARACTERS) {
    stem = characters
      .slice(0, MAX_NAME_CHARACTERS)
      .join("")
      .replace(/[\s.]+$/, "");
  }
  return `${stem || "file"}.${ext}`;
}

/** The title an upload gets when staff give none: its display name without the extension. */
export const titleFromName = (filename: string) => filename.replace(/\.[a-z0-9]+$/, "");

/**
 * Content-Disposition for a stored file, opened in the browser (inline): an ASCII name for old
 * clients (`ascii`, the address's name) and the display name in UTF-8 (RFC 6266, RFC 8187).
 */
export function contentDisposition(filename: string, ascii: string): string {
  const fallback = ascii.replace(/[^\x20-\x7e]|["\\]/g, "_");
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `inline; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
