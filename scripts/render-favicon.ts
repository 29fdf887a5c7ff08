// Draws public/favicon.svg as public/favicon.png, the icon every page names (issue 28).
// Usage: node scripts/render-favicon.ts   (after editing favicon.svg)
//
// The browser fetches a page's icon once the page has painted and decodes it on the page's main
// thread. An SVG icon is a document of its own there (a frame, a parser, its text shaped in a
// font): a 7–10 ms task on this machine after every first paint, 4 ms of it CPU, about five
// times that on a budget phone. A 48-pixel PNG decodes in a tenth of a millisecond and is sharp
// in a phone's tab strip (16 CSS pixels at up to 3 device pixels each).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { CHROMIUM_PATH } from "../support/chromium.ts";

const SIZE = 48;
const publicDir = join(import.meta.dirname, "..", "public");
const svg = readFileSync(join(publicDir, "favicon.svg"), "utf8");

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH });
try {
  const page = await browser.newPage({ viewport: { width: SIZE, height: SIZE } });
  const src = `data:image/svg+xml,${encodeURIComponent(svg)}`;
  await page.setContent(
    `<style>html,body{margin:0;background:transparent}</style><img src="${src}" width="${SIZE}" height="${SIZE}">`,
  );
  await page.locator("img").evaluate((img: HTMLImageElement) => img.decode());
  await page.screenshot({ path: join(publicDir, "favicon.png"), omitBackground: true });
} finally {
  await browser.close();
}
