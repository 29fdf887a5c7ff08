// A multipart/form-data body read as it arrives (issue 45, decision 017), by busboy: a file
// part's bytes go to a sink a piece at a time (the media library's spool writes them to a
// temporary file), so memory holds about one network read whatever the file's size.
// (@remix-run/form-data-parser 0.17 hands its upload handler a part only once the whole part is
// buffered in memory, which is what a 25 MB upload must not do.)
//
// Fields are decoded as UTF-8 and kept (the first of a repeated name, as ~/lib/schemas/fields'
// formValues does), within `maxFieldBytes` all together. The whole body is bounded by
// `maxBodyBytes` (the server bounds it too, by Content-Length; a chunked body is counted here).

import { once } from "node:events";
import busboy from "busboy";

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

/** The boundary of a multipart/form-data Content-Type, or null. */
export function multipartBoundary(contentType: string | null): string | null {
  if (!contentType || !/^multipart\/form-data\s*;/i.test(contentType)) return null;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return match ? (match[1] ?? match[2] ?? null) : null;
}

export const isMultipart = (request: Request) => multipartBoundary(request.headers.get("Content-Type")) !== null;

/** Reads the whole body, handing file parts to their sinks; the fields, by name. */
export async function readMultipart(request: Request, options: MultipartOptions): Promise<Record<string, string>> {
  const contentType = request.headers.get("Content-Type");
  if (!multipartBoundary(contentType) || !request.body) throw new MultipartError("unreadable");
  // A Map: a field may be called "__proto__" or "constructor".
  const fields = new Map<string, string>();
  let fieldBytes = 0;
  // Why the reading stopped, when it was not the body's own fault: a limit, or a sink that threw.
  let stopped: { error: unknown } | null = null;
  // The sinks whose part has not ended yet; each file part's bytes are written in turn.
  const open = new Set<FileSink>();
  const written: Promise<void>[] = [];

  const parser = busboy({
    headers: { "content-type": contentType! },
    // The file name as the browser sent it, path and all, as FormData gives it.
    preservePath: true,
    defParamCharset: "utf8",
    limits: { parts: options.maxParts ?? 100, fieldSize: options.maxFieldBytes },
  });
  const stop = (error: unknown) => {
    stopped ??= { error };
    parser.destroy(error instanceof Error ? error : new Error(String(error)));
  };
  const sinking = async (work: () => void | Promise<void>) => {
    try {
      await work();
    } catch (error) {
      stop(error);
    }
  };

  parser.on("field", (name: string | undefined, value, info) => {
    fieldBytes += Buffer.byteLength(value);
    if (info.valueTruncated || fieldBytes > options.maxFieldBytes) stop(new MultipartError("too-large"));
    else if (name !== undefined && !fields.has(name)) fields.set(name, value);
  });
  parser.on("file", (name: string | undefined, stream, info) => {
    const sink = name === undefined ? null : options.onFile({ field: name, filename: info.filename ?? "" });
    // A part cut off ends its stream in an error, which the parser reports too.
    stream.on("error", () => undefined);
    if (!sink) {
      stream.resume();
      return;
    }
    open.add(sink);
    // One piece at a time, as the parser cut it from the body's reads, in order: the stream
    // waits while the sink writes, and the part's end (which a paused stream may still announce)
    // comes after the last write.
    let turn = Promise.resolve();
    const then = (work: () => void | Promise<void>) => (turn = turn.then(() => sinking(work)));
    const writing = new Promise<void>((resolve) => {
      stream.on("data", (chunk: Buffer) => {
        stream.pause();
        void then(() => sink.write(chunk)).then(() => stream.resume());
      });
      stream.on("end", () => {
        void then(() => {
          open.delete(sink);
          return sink.end();
        }).then(resolve);
      });
      stream.on("error", () => resolve());
    });
    written.push(writing);
  });
  parser.on("partsLimit", () => stop(new MultipartError("too-large")));
  const finished = new Promise<void>((resolve, reject) => {
    parser.on("close", resolve);
    parser.on("error", reject);
  });
  // Awaited below; a refusal that comes first is not an unhandled one.
  finished.catch(() => undefined);

  const reader = request.body.getReader();
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || parser.destroyed) break;
      total += value.byteLength;
      if (total > options.maxBodyBytes) stop(new MultipartError("too-large"));
      else if (!parser.write(value)) await Promise.race([once(parser, "drain"), finished]);
    }
    if (!parser.destroyed) parser.end();
    await finished;
    await Promise.all(written);
    if (stopped) throw (stopped as { error: unknown }).error;
    return Object.fromEntries(fields);
  } catch (error) {
    await Promise.all([...open].map((sink) => sink.abort()));
    if (stopped) throw (stopped as { error: unknown }).error;
    // The parser's own refusal: cut off before the closing boundary, or not well-formed.
    throw error instanceof MultipartError ? error : new MultipartError("unreadable");
  } finally {
    // The epilogue after the closing delimiter, if any, is not read; the server drains it.
    reader.cancel().catch(() => undefined);
  }
}
