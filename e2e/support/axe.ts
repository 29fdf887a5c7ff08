import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";
import type AxeCore from "axe-core";
import { expect } from "./fixtures";

// axe-core for the accessibility specs (issue 6): one set of rules, WCAG 2.0/2.1 A and AA, for
// the public pages (e2e/a11y.spec.ts) and the admin panel (e2e/a11y-admin.spec.ts).

export const axeTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** axe-core's own script, evaluated in a page once per document. */
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * Runs axe on the page: one readable line per node that breaks a rule, none when the page passes.
 */
export async function axeReport(page: Page) {
  // A toast fades out when its time is up: axe would measure its text half transparent. Wait until
  // every toast on screen is opaque, then let a fade that starts during the check (axe can take
  // seconds on a busy machine; an error toast stays 4 s) go at once: a toast is then either fully
  // there or gone (opacity 0, which axe leaves out), never half.
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll<HTMLElement>("[data-toast-type]")).every((toast) => {
      if (getComputedStyle(toast).opacity !== "1") return false;
      toast.style.transition = "none";
      return true;
    }),
  );
  // axe runs in the page itself, put there once per document (the site has no frames). Through
  // @axe-core/playwright every check evaluated axe's 550 KiB script twice, which was four fifths
  // of its time: 0.6–1.6 s a check here, against 0.07–0.34 s now.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  return page.evaluate(async (tags) => {
    const { axe } = window as unknown as { axe: typeof AxeCore };
    const { violations } = await axe.run(document, {
      runOnly: { type: "tag", values: tags },
      resultTypes: ["violations"],
    });
    return violations.flatMap((violation) =>
      violation.nodes.map(
        (node) => `${violation.id} [${violation.impact}] ${violation.help}: ${node.target.map(String).join(" > ")}`,
      ),
    );
  }, axeTags);
}

/** Fails with the report's lines; `state` names what is open (a dialog, a form with errors), so a
 * failure says which check of a test it was. */
export async function expectNoViolations(page: Page, state?: string) {
  expect(await axeReport(page), `axe violations${state ? ` (${state})` : ""}`).toEqual([]);
}

/** Waits until React has taken over the page: the scripted dialogs and buttons exist from then on. */
export async function hydrated(page: Page, { settle = true }: { settle?: boolean } = {}) {
  await page
    .waitForFunction(
      () => {
        // A page that ships no JavaScript (issue 28) has no router context and never hydrates.
        if (!("__reactRouterContext" in window)) return true;
        const root = document.querySelector("main") ?? document.body;
        return Object.keys(root).some((key) => key.startsWith("__reactFiber"));
      },
      undefined,
      // By a timer, not by frames: a page that draws no frame for a while is still read.
      { timeout: 30_000, polling: 50 },
    )
    .catch(async (error: Error) => {
      throw new Error(`The page never hydrated: ${await scriptsState(page)}`, { cause: error });
    });
  // The page's parts hydrate in tasks of their own (issue 28): wait for all of them.
  if (settle) await settled(page);
}

/** What became of the page's scripts, for a page that never hydrated (a rare CI failure). */
async function scriptsState(page: Page): Promise<string> {
  const state = page.evaluate(() => {
    const scripts = performance
      .getEntriesByType("resource")
      .filter((entry) => /\/assets\/.+\.js/.test(entry.name)) as PerformanceResourceTiming[];
    return JSON.stringify({
      readyState: document.readyState,
      // The loader adds these once it starts (app/lib/document/document-scripts.server.ts).
      preloadsAdded: document.querySelectorAll("link[rel=modulepreload]").length,
      routeModules: "__reactRouterRouteModules" in window,
      scriptsFetched: scripts.length,
      failed: scripts.filter((entry) => entry.responseStatus >= 400).map((entry) => entry.name),
    });
  });
  const timeout = new Promise<string>((resolve) => setTimeout(() => resolve("the page did not answer in 5 s"), 5000));
  return Promise.race([state, timeout]).catch((error: Error) => `the page could not be read: ${error.message}`);
}

/**
 * Waits until the page's scripts have nothing left to do: React's hydration, the effects it runs
 * and their renders are tasks, and an idle callback comes after all of them. No page fetches
 * anything on its own after loading (the purchase toast's code comes at 3 s, by its own timer).
 */
async function settled(page: Page) {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestIdleCallback(() => resolve()))),
  );
}

/** Loads a page and lets it hydrate and settle, so that axe sees what a visitor sees. */
export async function open(page: Page, path: string) {
  const response = await page.goto(path);
  await hydrated(page);
  await settled(page);
  return response;
}
