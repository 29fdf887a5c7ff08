// Writes brotli (.br) and gzip (.gz) copies next to every compressible file of the client build,
// once, at build time and at the best levels (issue 6 "Caching"): server/static-files.ts serves
// them as they are, so no visitor waits on compression and the server never spends CPU on it.
// The gzip copies come from Zopfli, an encoder whose output any gzip decoder reads and which is
// 3 % smaller than zlib's level 9 (108.3 against 111.9 KB for the framework chunk), for the
// browsers without brotli; it takes about 7 s a build.
import { gzipAsync } from "@gfx/zopfli";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { extname, join, resolve } from "node:path";
import { brotliCompressSync, constants } from "node:zlib";
import type { Plugin } from "vite";

/** Extensions worth compressing; images and fonts are compressed formats already. */
export const COMPRESSIBLE = new Set([
  ".js",
  ".mjs",
  ".css",
  ".svg",
  ".json",
  ".txt",
  ".xml",
  ".webmanifest",
  ".ico",
  ".map",
]);

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

/** Compresses each file of `dir` that has no up-to-date .br/.gz copy; resolves to how many copies it wrote. */
export async function precompressDir(dir: string): Promise<number> {
  let written = 0;
  for (const path of walk(dir)) {
    if (!COMPRESSIBLE.has(extname(path).toLowerCase())) continue;
    const source = statSync(path);
    const fresh = (copy: string) => {
      try {
        return statSync(copy).mtimeMs >= source.mtimeMs;
      } catch {
        return false;
      }
    };
    if (fresh(`${path}.br`) || fresh(`${path}.gz`)) continue;
    const body = readFileSync(path);
    const copies = {
      br: brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      }),
      gz: await gzipAsync(body, { numiterations: 15 }),
    };
    // A copy no smaller than the file (a few bytes of text) is not worth its Content-Encoding.
    for (const [ext, copy] of Object.entries(copies)) {
      if (copy.length >= body.length) continue;
      writeFileSync(`${path}.${ext}`, copy);
      written++;
    }
  }
  return written;
}

/**
 * Vite plugin: after the last environment is written (React Router builds the client, then the
 * server, and adds files such as the route manifest to the client folder on the way), compress
 * the client folder.
 */
export function precompressAssets(): Plugin {
  let clientDir: string | undefined;
  return {
    name: "precompress-assets",
    apply: "build",
    configResolved(config) {
      const outDir = config.environments.client?.build.outDir;
      if (outDir) clientDir ??= resolve(config.root, outDir);
    },
    closeBundle: {
      order: "post",
      sequential: true,
      async handler() {
        if (!clientDir) return;
        try {
          statSync(clientDir);
        } catch {
          return; // the client has not been written yet
        }
        const count = await precompressDir(clientDir);
        if (count) this.environment.logger.info(`wrote ${count} precompressed copies (brotli, gzip) in ${clientDir}`);
      },
    },
  };
}
