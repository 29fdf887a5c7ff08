// Debian's Chromium, as the end-to-end tests (playwright.config.ts) and Lighthouse
// (perf/lighthouse/audit.ts) launch it. Nothing here may download a browser.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** What this machine needs: no sandbox or GPU in the container, and no background traffic in the measurements. */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
