import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, join, relative, sep } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { pickEncoding } from "./compression";

// The client build is a few hundred KiB: it is read once at start and served from memory. The
// build writes a brotli and a gzip copy next to each compressible file at the best levels
// (scripts/build-precompress.ts), unless the copy would be no smaller; they are served as they
// are, chosen by Accept-Encoding. A file without copies (one added to the folder by hand) is
// compressed here once, at start.
// Hashed files under /assets are immutable for a year.

const types: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml",
  ".webmanifest": "application/manifest+json",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".pdf": "application/pdf",
};
const compressible = new Set([".js", ".css", ".svg", ".json", ".txt", ".xml", ".webmanifest", ".ico"]);

interface StaticFile {
  type: string;
  etag: string;
  cacheControl: string;
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

/** A precompressed copy written by the build, if there is one. */
function readCopy(path: string): Buffer | undefined {
  return existsSync(path) ? readFileSync(path) : undefined;
}

export function loadStaticFiles(root: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  const paths = new Set(walk(root));
  for (const path of paths) {
    // The .br/.gz copies are encodings of their original, not files of their own.
    if (/\.(br|gz)$/.test(path) && paths.has(path.slice(0, -extname(path).length))) continue;
    const urlPath = "/" + relative(root, path).split(sep).join("/");
    const ext = extname(path).toLowerCase();
    const identity = readFileSync(path);
    const file: StaticFile = {
      type: types[ext] ?? "application/octet-stream",
      etag: `"${createHash("sha1").update(identity).digest("base64url").slice(0, 20)}"`,
      cacheControl: urlPath.startsWith("/assets/")
        ? "public, max-age=31536000, immutable"
        : "public, max-age=3600, must-revalidate",
      identity,
    };
    if (compressible.has(ext)) {
      const built = { br: readCopy(`${path}.br`), gzip: readCopy(`${path}.gz`) };
      if (built.br || built.gzip) Object.assign(file, built);
      else if (identity.length > 512) {
        file.br = brotliCompressSync(identity, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
        });
        file.gzip = gzipSync(identity, { level: 9 });
      }
    }
    files.set(urlPath, file);
  }
  return files;
}

/** Answers GET/HEAD for a known static file; returns false when the path is not one. */
export function serveStatic(files: Map<string, StaticFile>, req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  let pathname: string;
  try {
    pathname = decodeURIComponent((req.url ?? "/").split("?")[0] ?? "/");
  } catch {
    return false; // malformed escapes: let the router answer 404
  }
  const file = files.get(pathname);
  if (!file) return false;

  res.setHeader("Content-Type", file.type);
  res.setHeader("Cache-Control", file.cacheControl);
  res.setHeader("ETag", file.etag);
  res.setHeader("X-Content-Type-Options", "nosniff");
  if (file.br || file.gzip) res.setHeader("Vary", "Accept-Encoding");
  if (req.headers["if-none-match"] === file.etag) {
    res.statusCode = 304;
    res.end();
    return true;
  }
  const encoding = pickEncoding(req.headers["accept-encoding"], { br: !!file.br, gzip: !!file.gzip });
  const body = encoding === "br" ? file.br! : encoding === "gzip" ? file.gzip! : file.identity;
  if (encoding) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.end(req.method === "HEAD" ? undefined : body);
  return true;
}
