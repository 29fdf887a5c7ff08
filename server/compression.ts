import { brotliCompressSync, constants, gzipSync, zstdCompressSync } from "node:zlib";

export type Encoding = "zstd" | "br" | "gzip";

/**
 * Chooses zstd where offered, then brotli, then gzip, honouring q=0 refusals in Accept-Encoding.
 * zstd only when the client names it: "*" from some old client must not get it.
 */
export function pickEncoding(
  header: string | undefined | null,
  available?: { br: boolean; gzip: boolean },
): Exclude<Encoding, "zstd"> | undefined;
export function pickEncoding(
  header: string | undefined | null,
  available: { zstd: boolean; br: boolean; gzip: boolean },
): Encoding | undefined;
export function pickEncoding(
  header: string | undefined | null,
  available: { zstd?: boolean; br: boolean; gzip: boolean } = { br: true, gzip: true },
): Encoding | undefined {
  if (!header) return undefined;
  const accepted = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  if (available.zstd && (accepted.get("zstd") ?? 0) > 0) return "zstd";
  if (available.br && ok("br")) return "br";
  if (available.gzip && ok("gzip")) return "gzip";
  return undefined;
}

/** What the per-request path can produce: each document is compressed as it is sent. */
export const perRequestEncodings = { zstd: true, br: true, gzip: true };

/**
 * Compresses a whole document at once: compressing streamed chunks one by one makes the output
 * several times larger. This is the per-request path (pages rendered for one reader); the page
 * cache compresses harder, once, with brotli. On the 77 KB /test-series page here: zstd 3 takes
 * 0.23 ms for 16.8 KB, brotli 2 0.44 ms for 16.9 KB, brotli 4 0.81 ms for 15.9 KB, gzip 6 0.89 ms
 * for 16.1 KB. Chromium and Firefox take zstd; Safari gets brotli 2, the fastest brotli level
 * for its size (gzip, for the rare client without either, keeps its default level). On this
 * thread: the asynchronous form's stream and thread hand-off cost more CPU than the compression
 * itself (200 pages: 258 ms of CPU against 114 ms).
 */
export function compress(body: Uint8Array, encoding: Encoding): Buffer {
  switch (encoding) {
    case "zstd":
      return zstdCompressSync(body, {
        params: { [constants.ZSTD_c_compressionLevel]: 3, [constants.ZSTD_c_contentSizeFlag]: 1 },
        pledgedSrcSize: body.length,
      });
    case "br":
      return brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 2, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      });
    case "gzip":
      return gzipSync(body, { level: 6 });
  }
}

// Browsers send a handful of distinct Accept-Encoding values; parsing one was a twentieth of a
// cached page's CPU. Any client may send others, so only the first few are remembered.
const remembered = new Map<string, Exclude<Encoding, "zstd"> | undefined>();
const REMEMBER_AT_MOST = 64;

/** pickEncoding for what the page cache holds (brotli and gzip), remembering recent answers. */
export function pickCachedEncoding(header: string | undefined): Exclude<Encoding, "zstd"> | undefined {
  if (header === undefined) return undefined;
  const known = remembered.get(header);
  if (known !== undefined || remembered.has(header)) return known;
  const encoding = pickEncoding(header);
  if (remembered.size < REMEMBER_AT_MOST) remembered.set(header, encoding);
  return encoding;
}
