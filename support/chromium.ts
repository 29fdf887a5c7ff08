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

/**
 * Features switched off on top of a launcher's own list. Chromium 156 preloads the omnibox
 * popup's two WebUI documents (a Lit app each, in renderers of their own) in every new window,
 * that is in every Playwright context and every Lighthouse run: about a second of CPU per window on
 * this machine kind, beside the page under test and the other test worker.
 */
const OUR_DISABLED_FEATURES = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup"];

/**
 * The features Playwright 1.6x switches off itself (its `chromiumSwitches`). Chromium reads only
 * the last --disable-features switch, so ours must repeat them; e2e/browser.spec.ts fails when
 * Playwright's list changes.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
  "msForceBrowserSignIn",
  "msEdgeUpdateLaunchServicesPreferredVersion",
];

/** The one --disable-features switch to add after a launcher's own: its list and ours. */
export const disableFeaturesFlag = (launcherList: readonly string[]) =>
  `--disable-features=${[...new Set([...launcherList, ...OUR_DISABLED_FEATURES])].join(",")}`;

/** The features a --disable-features switch among these flags names, from the last such switch. */
export function disabledFeatures(flags: readonly string[]): string[] {
  const last = flags.findLast((flag) => flag.startsWith("--disable-features="));
  return last ? last.slice("--disable-features=".length).split(",").filter(Boolean) : [];
}
