// A multipart/form-data body read as it arrives (issue 45, decision 017): a file part's bytes go
// to a sink a piece at a time (the media library's spool writes them to a temporary file), so
// memory holds about one network read whatever the file's size. @remix-run/form-data-parser 0.17
// hands its upload handler a part only once the whole part is buffered in memory, which is
// what a 25 MB upload must not do.
//
// Fields are decoded as UTF-8 and kept (the first of a repeated name, as ~/lib/schemas/fields'
// formValues does), within `maxFieldBytes` all together. The whole body is bounded by
// `maxBodyBytes` (the server bounds it too, by Content-Length; a chunked body is counted here).

export type MultipartFailure = "unreadable" | "too-large";

/** A body that is not a well-formed multipart form, cut off on the way, or over a limit. */
export class MultipartError extends Error {
  constructor(readonly reason: MultipartFailure) {
    super(`multipart body ${reason}`);
    this.name = "MultipartError";
  }
}

/** A file part as its headers describe it: nothing here is to be trusted. */
export interface MultipartFile {
  /** The form field's name. */
  field: string;
  /** The file name the browser sent ("" when the file input was left empty). */
  filename: string;
  /** The Content-Type the browser declared. */
  type: string;
}

/**
 * Where a file part's bytes go. A sink that refuses a file (too large, not an accepted type)
 * keeps its refusal and drops further writes itself: the body is still read to its end, so that
 * the fields after the file arrive and the browser, still sending, gets the answer.
 */
export interface FileSink {
  write(chunk: Uint8Array): void | Promise<void>;
  /** The part ended where its boundary said. */
  end(): void | Promise<void>;
  /** The body ended early or could not be read: whatever was kept must go. */
  abort(): void | Promise<void>;
}

export interface MultipartOptions {
  /** A sink for this file part, or null to drop its bytes. */
  onFile(file: MultipartFile): FileSink | null;
  maxBodyBytes: number;
  maxFieldBytes: number;
  /** Parts of any kind; 100 by default. */
  maxParts?: number;
}

const MAX_HEADER_BYTES = 8 * 1024;
const MAX_PREAMBLE_BYTES = 8 * 1024;
const HEADER_END = Buffer.from("\r\n\r\n");
const decoder = new TextDecoder("utf-8");

/** The boundary of a multipart/form-data Content-Type, or null. */
export function multipartBoundary(contentType: string | null): string | null {
  if (!contentType || !/^multipart\/form-data\s*;/i.test(contentType)) return null;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return match ? (match[1] ?? match[2] ?? null) : null;
}

export const isMultipart = (request: Request) => multipartBoundary(request.headers.get("Content-Type")) !== null;

/**
 * The parameters of a Content-Disposition value (`form-data; name="title"; filename="a.png"`),
 * lowercased names, first of each kept. Browsers percent-encode `"`, CR and LF in names and send
 * no backslash escapes (HTML's multipart/form-data encoding), so a quoted value runs to its next
 * quote. `filename*` (RFC 5987) is decoded when present.
 */
export function dispositionParams(value: string): Map<string, string> {
  const params = new Map<string, string>();
  for (const match of value.matchAll(/;\s*([^\s=;]+)\s*=\s*(?:"([^"]*)"|([^;]*))/g)) {
    const name = match[1]!.toLowerCase();
    let text = match[2] ?? match[3]!.trim();
    if (name.endsWith("*")) {
      const encoded = /^utf-8'[^']*'(.*)$/i.exec(text);
      if (!encoded) continue;
      try {
        text = decodeURIComponent(encoded[1]!);
      } catch {
        continue;
      }
    }
    if (!params.has(name)) params.set(name, text);
  }
  return params;
}

function partHeaders(raw: Buffer) {
  const headers = new Map<string, string>();
  for (const line of decoder.decode(raw).split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

type Part = { kind: "field"; name: string; chunks: Buffer[] } | { kind: "file"; sink: FileSink } | { kind: "skip" };

/** Reads the whole body, handing file parts to their sinks; the fields, by name. */
export async function readMultipart(request: Request, options: MultipartOptions): Promise<Record<string, string>> {
  const boundary = multipartBoundary(request.headers.get("Content-Type"));
  if (!boundary || !request.body) throw new MultipartError("unreadable");
  const opening = Buffer.from(`--${boundary}`);
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const maxParts = options.maxParts ?? 100;

  // A Map: a field may be called "__proto__" or "constructor".
  const fields = new Map<string, string>();
  // Changed inside the helpers below: declared with casts, so that the compiler does not narrow them.
  let state = "preamble" as "preamble" | "after-boundary" | "headers" | "body" | "done";
  let part = null as Part | null;
  let fieldBytes = 0;
  let parts = 0;

  function openPart(raw: Buffer): Part {
    if (++parts > maxParts) throw new MultipartError("too-large");
    const headers = partHeaders(raw);
    const params = dispositionParams(headers.get("content-disposition") ?? "");
    const name = params.get("name");
    if (name === undefined) return { kind: "skip" };
    const filename = params.get("filename*") ?? params.get("filename");
    if (filename === undefined) return { kind: "field", name, chunks: [] };
    const sink = options.onFile({ field: name, filename, type: headers.get("content-type") ?? "" });
    return sink ? { kind: "file", sink } : { kind: "skip" };
  }

  async function take(bytes: Buffer) {
    if (bytes.length === 0 || !part) return;
    if (part.kind === "file") await part.sink.write(bytes);
    else if (part.kind === "field") {
      fieldBytes += bytes.length;
      if (fieldBytes > options.maxFieldBytes) throw new MultipartError("too-large");
      part.chunks.push(Buffer.from(bytes));
    }
  }

  async function closePart() {
    if (part?.kind === "file") await part.sink.end();
    else if (part?.kind === "field" && !fields.has(part.name)) {
      fields.set(part.name, decoder.decode(Buffer.concat(part.chunks)));
    }
    part = null;
  }

  /** Parses what it can of `pending`; returns the bytes it must see more of. */
  async function consume(pending: Buffer): Promise<Buffer> {
    for (;;) {
      if (state === "preamble") {
        const at = pending.indexOf(opening);
        if (at === -1) {
          if (pending.length > MAX_PREAMBLE_BYTES) throw new MultipartError("unreadable");
          return pending;
        }
        pending = pending.subarray(at + opening.length);
        state = "after-boundary";
      } else if (state === "after-boundary") {
        if (pending.length < 2) return pending;
        if (pending[0] === 0x2d && pending[1] === 0x2d) {
          state = "done";
          return Buffer.alloc(0);
        }
        if (pending[0] !== 0x0d || pending[1] !== 0x0a) throw new MultipartError("unreadable");
        pending = pending.subarray(2);
        state = "headers";
      } else if (state === "headers") {
        // A part with no headers at all starts with the blank line itself.
        const end = pending[0] === 0x0d && pending[1] === 0x0a ? -2 : pending.indexOf(HEADER_END);
        if (end === -1 || pending.length < 2) {
          if (pending.length > MAX_HEADER_BYTES) throw new MultipartError("unreadable");
          return pending;
        }
        if (end > MAX_HEADER_BYTES) throw new MultipartError("unreadable");
        part = openPart(end < 0 ? Buffer.alloc(0) : pending.subarray(0, end));
        pending = pending.subarray(end + 4);
        state = "body";
      } else if (state === "body") {
        const at = pending.indexOf(delimiter);
        if (at === -1) {
          // The last bytes may be the start of the next delimiter: kept until more arrive.
          const keep = delimiter.length - 1;
          if (pending.length <= keep) return pending;
          await take(pending.subarray(0, pending.length - keep));
          return pending.subarray(pending.length - keep);
        }
        await take(pending.subarray(0, at));
        await closePart();
        pending = pending.subarray(at + delimiter.length);
        state = "after-boundary";
      } else return pending;
    }
  }

  /**
   * What is held and what arrived, as one buffer to parse. Inside a part, the bytes held are
   * fewer than a delimiter: when no delimiter starts among them they are the part's, handed on,
   * and the new read is parsed as it is, so a file's bytes are never copied here.
   */
  async function join(held: Buffer, chunk: Buffer): Promise<Buffer> {
    if (held.length === 0) return chunk;
    if (state === "body" && held.length < delimiter.length && chunk.length >= delimiter.length) {
      const start = Buffer.concat([held, chunk.subarray(0, delimiter.length)]).indexOf(delimiter);
      if (start === -1 || start >= held.length) {
        await take(held);
        return chunk;
      }
    }
    return Buffer.concat([held, chunk]);
  }

  const reader = request.body.getReader();
  let pending: Buffer = Buffer.alloc(0);
  let total = 0;
  try {
    while (state !== "done") {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > options.maxBodyBytes) throw new MultipartError("too-large");
      const chunk = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
      pending = await consume(await join(pending, chunk));
    }
    // Cut off before the closing delimiter: an interrupted upload, of which nothing is kept.
    if (state !== "done") throw new MultipartError("unreadable");
    return Object.fromEntries(fields);
  } catch (error) {
    if (part?.kind === "file") await part.sink.abort();
    throw error;
  } finally {
    // The epilogue after the closing delimiter, if any, is not read; the server drains it.
    reader.cancel().catch(() => undefined);
  }
}
