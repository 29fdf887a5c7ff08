import { get } from "node:http";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { menuPages } from "~/lib/site/pages";
import { budgetBreaches, kib, type ByteFigures } from "../../support/byte-budgets";
import { scratchSqlite, startApp, type AppProcess, type ScratchDb } from "../../support/app-process";

// Issue 50: the first-load byte budgets on every change, as the production server sends each page
// the main menu links to: the document (brotli), the stylesheet inside it and the whole one it
// links when its scripts start, and the scripts it names for its first load (gzip). The budgets
// are support/byte-budgets.ts; `npm run lighthouse` checks the same with a browser's figures.

/** The body's size as sent for this Accept-Encoding (not decoded, as fetch would). */
function sentBytes(url: string, encoding: string) {
  return new Promise<{ status: number; body: Buffer }>((done, fail) => {
    get(url, { headers: { "accept-encoding": encoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => done({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      res.on("error", fail);
    }).on("error", fail);
  });
}

const sizes = new Map<string, number>();
async function gzipBytes(url: string) {
  let size = sizes.get(url);
  if (size === undefined) {
    const { status, body } = await sentBytes(url, "gzip");
    expect(status, url).toBe(200);
    sizes.set(url, (size = body.length));
  }
  return size;
}

/** The page's figures: the script loader's first argument is the list of modules it loads first. */
async function figures(origin: string, path: string): Promise<ByteFigures> {
  const document = await sentBytes(origin + path, "br");
  expect(document.status, path).toBe(200);
  const text = await (await fetch(origin + path)).text();
  // A page whose routes ask for no JavaScript (issue 28) has no loader, and no first-load scripts.
  const firstLoad = /\}\)\((\["\/assets\/[^\]]*\])/.exec(text);
  const scripts = firstLoad ? (JSON.parse(firstLoad[1]!) as string[]) : [];
  const inlineCss = [...text.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((m) => m[1]!).join("");
  const wholeSheet = /"(\/assets\/app-[^"]+\.css)"/.exec(text)?.[1];
  return {
    path,
    document: document.body.length,
    inlineCssGzip: gzipSync(inlineCss, { level: 9 }).length,
    externalCssGzip: wholeSheet ? await gzipBytes(origin + wholeSheet) : 0,
    jsGzip: (await Promise.all(scripts.map((script) => gzipBytes(origin + script)))).reduce((a, b) => a + b, 0),
    requestsBeforeImages: null,
    lcpImageBytes: null,
  };
}

let database: ScratchDb;
let app: AppProcess;
const measured: ByteFigures[] = [];

beforeAll(async () => {
  database = scratchSqlite("first-load-budget");
  app = await startApp({ databaseUrl: database.url });
});

afterAll(async () => {
  await app?.stop();
  await database?.drop();
  if (measured.length)
    console.log(
      `first-load bytes (document brotli; CSS and JS gzip)\n${measured
        .map((f) =>
          [f.path.padEnd(22), kib(f.document), kib(f.inlineCssGzip), kib(f.externalCssGzip), kib(f.jsGzip)].join("  "),
        )
        .join("\n")}`,
    );
});

describe.each(menuPages.map((page) => page.path))("%s", (path) => {
  it("keeps to the first-load byte budgets", async () => {
    const page = await figures(app.url, path);
    measured.push(page);
    expect(budgetBreaches(page)).toEqual([]);
  });
});
