import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PurchaseToast } from "~/components/layout/purchase-toast";
import {
  FIRST_DELAY_MS,
  MAX_INTERVAL_MS,
  MIN_INTERVAL_MS,
  SHOWN_FOR_DAYS,
  VISIBLE_MS,
  daysAgoText,
  isShownOn,
  nextDelayMs,
  purchaseToastCss,
  toastGaps,
  toastTiming,
  type ToastEntry,
} from "~/lib/purchase-toast";

// The purchase toast's cycle (spec §4: first after 5 s, then every 15 to 20 s at random, each for
// 5 s), made on the server and run by CSS animations (issue 44), and its markup.

/** A seeded stand-in for Math.random, so that each run draws the same spread of gaps. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** What the generated CSS says, read back from its text. */
function readCss(css: string) {
  const keyframes = /^@keyframes purchase-toast\{(.*)\}$/m.exec(css)![1]!;
  const hiddenAt = Number(/([\d.]+)%,100%\{visibility:hidden/.exec(keyframes)![1]);
  const period = Number(/^#purchase-toasts>\*\{animation:purchase-toast (\d+)ms linear infinite\}$/m.exec(css)![1]);
  const delays = [...css.matchAll(/^#purchase-toasts>:nth-child\((\d+)\)\{animation-delay:(\d+)ms\}$/gm)].map(
    ([, nth, delay]) => ({ nth: Number(nth), delay: Number(delay) }),
  );
  return { keyframes, period, delays, visibleMs: (hiddenAt / 100) * period };
}

/**
 * Which entries the CSS shows at `t` ms after the page shows: an entry plays from its delay on, is
 * visible from each cycle's start for `visibleMs`, and before its delay takes its base style (hidden).
 */
function shownAt(css: string, t: number): number[] {
  const { period, delays, visibleMs } = readCss(css);
  return delays.filter(({ delay }) => t >= delay && (t - delay) % period < visibleMs).map(({ nth }) => nth - 1);
}

describe("the purchase toast's cycle (spec §4)", () => {
  it("draws every start-to-start gap from 15 to 20 seconds", () => {
    expect([MIN_INTERVAL_MS, MAX_INTERVAL_MS, FIRST_DELAY_MS, VISIBLE_MS]).toEqual([15_000, 20_000, 5_000, 5_000]);
    expect(nextDelayMs(0)).toBe(15_000);
    expect(nextDelayMs(0.5)).toBe(17_500);
    expect(nextDelayMs(0.999999)).toBe(20_000);
    expect([nextDelayMs(-1), nextDelayMs(2), nextDelayMs(Number.NaN)]).toEqual([15_000, 20_000, 15_000]);
    const gaps = toastGaps(500, seeded(7));
    expect(gaps).toHaveLength(500);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(15_000);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(20_000);
    // At random: spread over the range, not one value.
    expect(Math.min(...gaps)).toBeLessThan(15_500);
    expect(Math.max(...gaps)).toBeGreaterThan(19_500);
  });

  it("starts the first toast at 5 s and each next one a gap later; the period is the sum of the gaps", () => {
    expect(toastTiming([16_000])).toEqual({ starts: [5_000], period: 16_000 });
    expect(toastTiming([15_000, 20_000, 17_250])).toEqual({ starts: [5_000, 20_000, 40_000], period: 52_250 });
  });

  for (const count of [1, 2, 3, 4, 5]) {
    it(`with ${count} entr${count === 1 ? "y" : "ies"}, the CSS shows each in turn for 5 s, the first at 5 s, 15–20 s apart`, () => {
      const gaps = toastGaps(count, seeded(count));
      const { starts, period } = toastTiming(gaps);
      const css = purchaseToastCss(gaps);
      const read = readCss(css);
      expect(read.period).toBe(gaps.reduce((sum, gap) => sum + gap, 0));
      expect(read.period).toBe(period);
      expect(read.delays).toEqual(starts.map((delay, i) => ({ nth: i + 1, delay })));
      expect(read.visibleMs).toBeCloseTo(5_000, 0);

      // Three whole cycles, every 50 ms: which entry shows when.
      const shows: { entry: number; from: number; to: number }[] = [];
      for (let t = 0; t <= FIRST_DELAY_MS + 3 * period; t += 50) {
        const shown = shownAt(css, t);
        expect(shown.length, `at ${t} ms`).toBeLessThanOrEqual(1);
        const [entry] = shown;
        const last = shows.at(-1);
        if (entry === undefined) continue;
        if (last && last.entry === entry && last.to === t - 50) last.to = t;
        else shows.push({ entry, from: t, to: t });
      }
      expect(shows[0]).toMatchObject({ entry: 0, from: 5_000 });
      expect(shows.length).toBeGreaterThanOrEqual(3 * count);
      shows.forEach((show, i) => {
        expect(show.entry).toBe(i % count);
        expect(show.to - show.from).toBeGreaterThanOrEqual(4_900);
        expect(show.to - show.from).toBeLessThanOrEqual(5_000);
        if (i > 0) {
          const gap = show.from - shows[i - 1]!.from;
          expect(gap).toBeGreaterThanOrEqual(15_000);
          expect(gap).toBeLessThanOrEqual(20_000);
        }
      });
    });
  }

  it("fades in and out over 300 ms but not with reduced motion, keeps its timing there, and pauses on hover or focus", () => {
    const css = purchaseToastCss([20_000]);
    expect(readCss(css).keyframes).toBe(
      "0%{visibility:visible;opacity:0;translate:0 12px}1.5%,23.5%{opacity:1;translate:0 0}25%,100%{visibility:hidden;opacity:0;translate:0 12px}",
    );
    const reduced = /@media \(prefers-reduced-motion:reduce\)\{(.*)\}$/m.exec(css)![1];
    expect(reduced).toBe(
      "@keyframes purchase-toast{0%{visibility:visible}25%,100%{visibility:hidden}}" +
        "#purchase-toasts>*{animation-duration:20000ms!important;animation-iteration-count:infinite!important}",
    );
    expect(css).toContain("#purchase-toasts:hover>*,#purchase-toasts:focus-within>*{animation-play-state:paused}");
    // Nothing but numbers goes in: it cannot close its <style> element.
    expect(css).not.toMatch(/[<"'&]/);
  });
});

/** The visible text of server-rendered markup. */
const text = (part: string) => part.replace(/<[^>]+>/g, "").replace(/\s+/g, " ");

describe("the purchase toast's markup (issue 44)", () => {
  const entries: ToastEntry[] = [
    { name: "Meera", city: "Kochi", product: "GATE 2026 Test Series", daysAgo: 0 },
    { name: "Ravi <b>", city: "Pune", product: "IOCL-2025 Test Series", daysAgo: 3 },
  ];
  const html = renderToStaticMarkup(<PurchaseToast toasts={{ entries, gaps: [15_000, 18_000] }} />);

  it("renders every entry, hidden until its CSS shows it, with its text escaped", () => {
    const toasts = [...html.matchAll(/<div class="pointer-events-auto invisible[^"]*">(.*?)<\/div>/g)];
    expect(toasts).toHaveLength(2);
    expect(text(toasts[0]![1]!)).toBe("Meera from Kochi purchased GATE 2026 Test Series today");
    expect(text(toasts[1]![1]!)).toBe("Ravi &lt;b&gt; from Pune purchased IOCL-2025 Test Series 3 days ago");
    expect(html).toContain(`<style>${purchaseToastCss([15_000, 18_000])}</style>`);
    // The Content-Security-Policy refuses style attributes.
    expect(html).not.toMatch(/\sstyle=/);
  });

  it("gives each toast a checkbox named 'Stop purchase notifications' whose label is the X", () => {
    const boxes = [
      ...html.matchAll(/<input type="checkbox" id="([^"]+)" aria-label="([^"]+)" class="peer sr-only"\/>/g),
    ];
    expect(boxes.map((m) => [m[1], m[2]])).toEqual([
      ["purchase-toasts-stop-0", "Stop purchase notifications"],
      ["purchase-toasts-stop-1", "Stop purchase notifications"],
    ]);
    for (const [, id] of boxes) expect(html).toMatch(new RegExp(`<label for="${id}" class="[^"]*"><svg`));
    // Checking one hides the container, where CSS :has() is supported (without JavaScript too).
    expect(html).toMatch(/<div id="purchase-toasts" class="[^"]*\bhas-checked:hidden\b/);
  });

  it("renders nothing without entries", () => {
    expect(renderToStaticMarkup(<PurchaseToast toasts={null} />)).toBe("");
    expect(renderToStaticMarkup(<PurchaseToast toasts={{ entries: [], gaps: [] }} />)).toBe("");
  });
});

describe("entries staff entered (issue 25)", () => {
  it("says when each purchase was: today, yesterday, n days ago", () => {
    expect(daysAgoText(0)).toBe("today");
    expect(daysAgoText(1)).toBe("yesterday");
    expect(daysAgoText(2)).toBe("2 days ago");
    expect(daysAgoText(30)).toBe("30 days ago");
  });

  it("shows an entry from its date of purchase up to 30 days after, never before or later", () => {
    expect(SHOWN_FOR_DAYS).toBe(30);
    expect(isShownOn("2026-03-02", "2026-03-02")).toBe(true);
    expect(isShownOn("2026-01-31", "2026-03-02")).toBe(true);
    expect(isShownOn("2026-01-30", "2026-03-02")).toBe(false);
    expect(isShownOn("2026-03-03", "2026-03-02")).toBe(false);
  });
});
