import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  MultipartError,
  multipartBoundary,
  readMultipart,
  type FileSink,
  type MultipartFile,
} from "~/core/multipart.server";

// The media library's streaming multipart reader (issue 45): what it reads must be what the
// platform's own FormData parser reads, however the body is cut into network reads; a file's bytes
// reach its sink in pieces, never the whole part at once; a body cut off or malformed is refused
// and the open sink told to drop what it kept.

/** A Request whose body arrives in the given pieces. */
function requestOf(body: Uint8Array, contentType: string, cuts: number[] = []) {
  const points = [...new Set(cuts.filter((c) => c > 0 && c < body.length))].sort((a, b) => a - b);
  const pieces = [0, ...points, body.length]
    .slice(1)
    .map((end, i, ends) => body.subarray(i === 0 ? 0 : ends[i - 1]!, end));
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(piece);
      controller.close();
    },
  });
  return new Request("http://localhost/upload", {
    method: "POST",
    body: stream,
    headers: { "Content-Type": contentType },
    duplex: "half",
  } as RequestInit);
}

/** A body as the platform encodes a FormData. */
async function encoded(form: FormData) {
  const request = new Request("http://localhost/", { method: "POST", body: form });
  return { body: new Uint8Array(await request.arrayBuffer()), type: request.headers.get("Content-Type")! };
}

/** A sink that keeps each piece it gets, and what happened to it. */
function recordingSink(file: MultipartFile) {
  const pieces: Uint8Array[] = [];
  const sink = {
    file,
    pieces,
    ended: false,
    aborted: false,
    write(chunk: Uint8Array) {
      pieces.push(Uint8Array.from(chunk));
    },
    end() {
      sink.ended = true;
    },
    abort() {
      sink.aborted = true;
    },
  } satisfies FileSink & Record<string, unknown>;
  return sink;
}

async function read(request: Request, limits = { maxBodyBytes: 1 << 24, maxFieldBytes: 1 << 16 }) {
  const sinks: ReturnType<typeof recordingSink>[] = [];
  const fields = await readMultipart(request, {
    ...limits,
    onFile(file) {
      const sink = recordingSink(file);
      sinks.push(sink);
      return sink;
    },
  });
  return { fields, sinks };
}

const joined = (pieces: Uint8Array[]) => Buffer.concat(pieces);

describe("readMultipart", () => {
  it("reads what FormData holds, fields and files, however the body is cut", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.stringMatching(/^[a-z_]{1,12}$/), fc.string({ maxLength: 200 }), { maxKeys: 5 }),
        fc.uint8Array({ maxLength: 5000 }),
        // busboy reads a backslash in a quoted file name as an escape (RFC 7578's quoted-string);
        // browsers send it bare, so a file called a\b.png keeps the name ab.png.
        fc.string({ maxLength: 40 }).filter((name) => !/[\r\n"\\]/.test(name)),
        fc.array(fc.nat({ max: 6000 }), { maxLength: 12 }),
        async (fieldValues, bytes, name, cuts) => {
          const form = new FormData();
          for (const [key, value] of Object.entries(fieldValues)) form.append(key, value);
          form.append("file", new File([bytes], `${name}.bin`, { type: "application/octet-stream" }));
          const { body, type } = await encoded(form);
          const { fields, sinks } = await read(requestOf(body, type, cuts));
          // The platform's own reading of the same body (the USVString of a lone surrogate becomes U+FFFD both ways).
          const expected = await new Response(body, { headers: { "Content-Type": type } }).formData();
          for (const [key] of Object.entries(fieldValues)) expect(fields[key]).toBe(expected.get(key));
          expect(sinks).toHaveLength(1);
          expect(sinks[0]!.file).toMatchObject({ field: "file", filename: (expected.get("file") as File).name });
          expect(joined(sinks[0]!.pieces)).toEqual(Buffer.from(bytes));
          expect(sinks[0]!.ended).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("hands a large file to its sink a piece at a time, never whole", async () => {
    const big = new Uint8Array(3 * 1024 * 1024).map((_, i) => i % 251);
    const form = new FormData();
    form.append("title", "Big");
    form.append("file", new File([big], "big.pdf"));
    const { body, type } = await encoded(form);
    const cuts = Array.from({ length: Math.ceil(body.length / 65536) }, (_, i) => i * 65536);
    const { fields, sinks } = await read(requestOf(body, type, cuts));
    expect(fields).toEqual({ title: "Big" });
    const largest = Math.max(...sinks[0]!.pieces.map((p) => p.length));
    expect(largest).toBeLessThanOrEqual(65536 + 200);
    expect(joined(sinks[0]!.pieces).equals(Buffer.from(big))).toBe(true);
  });

  it("waits for a slow sink: each write done before the next, and the end after the last", async () => {
    const form = new FormData();
    form.append("file", new File([new Uint8Array(200_000).fill(3)], "slow.png"));
    const { body, type } = await encoded(form);
    const seen: string[] = [];
    let busy = false;
    let bytes = 0;
    await readMultipart(requestOf(body, type, [100, 70_000, 140_000]), {
      maxBodyBytes: 1 << 20,
      maxFieldBytes: 1024,
      onFile: () => ({
        async write(chunk) {
          if (busy) seen.push("overlap");
          busy = true;
          await new Promise((done) => setTimeout(done, 2));
          bytes += chunk.length;
          busy = false;
        },
        end() {
          seen.push(busy ? "end while writing" : `end after ${bytes}`);
        },
        abort() {
          seen.push("abort");
        },
      }),
    });
    expect(seen).toEqual(["end after 200000"]);
  });

  it("keeps the first of a repeated field, as formValues does", async () => {
    const form = new FormData();
    form.append("intent", "upload");
    form.append("intent", "delete");
    const { body, type } = await encoded(form);
    expect((await read(requestOf(body, type))).fields).toEqual({ intent: "upload" });
  });

  it("refuses a body cut off before its closing boundary, and tells the open sink to drop its bytes", async () => {
    const form = new FormData();
    form.append("file", new File([new Uint8Array(10_000).fill(7)], "a.png"));
    const { body, type } = await encoded(form);
    const sinks: ReturnType<typeof recordingSink>[] = [];
    const cut = requestOf(body.subarray(0, 6000), type, [3000]);
    const reading = readMultipart(cut, {
      maxBodyBytes: 1 << 20,
      maxFieldBytes: 1024,
      onFile: (file) => {
        const sink = recordingSink(file);
        sinks.push(sink);
        return sink;
      },
    });
    await expect(reading).rejects.toMatchObject({ reason: "unreadable" });
    expect(sinks[0]).toMatchObject({ aborted: true, ended: false });
    // A file part nobody wanted, cut off the same way.
    const skipped = readMultipart(requestOf(body.subarray(0, 6000), type, [3000]), {
      maxBodyBytes: 1 << 20,
      maxFieldBytes: 1024,
      onFile: () => null,
    });
    await expect(skipped).rejects.toMatchObject({ reason: "unreadable" });
  });

  it("refuses a body over its limit, and fields over theirs", async () => {
    const form = new FormData();
    form.append("note", "x".repeat(5000));
    const { body, type } = await encoded(form);
    await expect(read(requestOf(body, type), { maxBodyBytes: 1000, maxFieldBytes: 1 << 16 })).rejects.toBeInstanceOf(
      MultipartError,
    );
    await expect(read(requestOf(body, type), { maxBodyBytes: 1 << 20, maxFieldBytes: 100 })).rejects.toMatchObject({
      reason: "too-large",
    });
  });

  it("refuses what is not multipart/form-data, or has no boundary where it says", async () => {
    const text = new TextEncoder().encode("hello");
    await expect(read(requestOf(text, "text/plain"))).rejects.toMatchObject({ reason: "unreadable" });
    await expect(read(requestOf(text, "multipart/form-data; boundary=abc"))).rejects.toMatchObject({
      reason: "unreadable",
    });
  });
});

/** One part of a form whose boundary is "b", holding "bytes". */
const part = (disposition: string) => `--b\r\nContent-Disposition: ${disposition}\r\n\r\nbytes\r\n`;

describe("multipart headers", () => {
  it("finds the boundary, quoted or not", () => {
    expect(multipartBoundary("multipart/form-data; boundary=----abc123")).toBe("----abc123");
    expect(multipartBoundary('multipart/form-data; charset=utf-8; boundary="a b"')).toBe("a b");
    expect(multipartBoundary("application/x-www-form-urlencoded")).toBeNull();
  });

  it("reads name and filename as browsers write them, and filename* (RFC 5987)", async () => {
    const body = new TextEncoder().encode(
      part('form-data; name="file"; filename="../../etc/pass wd.png"') +
        part("form-data; name=x; filename*=UTF-8''%E0%A4%AA%E0%A5%87%E0%A4%AA%E0%A4%B0.pdf") +
        "--b--\r\n",
    );
    const { sinks } = await read(requestOf(body, "multipart/form-data; boundary=b"));
    expect(sinks.map((sink) => sink.file)).toMatchObject([
      { field: "file", filename: "../../etc/pass wd.png" },
      { field: "x", filename: "पेपर.pdf" },
    ]);
    expect(sinks.map((sink) => joined(sink.pieces).toString())).toEqual(["bytes", "bytes"]);
  });
});
