import { describe, expect, it } from "vitest";
import {
  FIRST_DELAY_MS,
  SHOWN_FOR_DAYS,
  VISIBLE_MS,
  daysAgoText,
  entryAt,
  hiddenDelayMs,
  isShownOn,
  nextDelayMs,
} from "~/lib/purchase-toast";

describe("purchase toast schedule (spec §4)", () => {
  it("first appears after 5 seconds and each toast lasts 5 seconds", () => {
    expect(FIRST_DELAY_MS).toBe(5000);
    expect(VISIBLE_MS).toBe(5000);
    expect(hiddenDelayMs(0, 0.7)).toBe(5000);
  });

  it("repeats every 15 to 20 seconds at random", () => {
    expect(nextDelayMs(0)).toBe(15000);
    expect(nextDelayMs(0.5)).toBe(17500);
    expect(nextDelayMs(0.999999)).toBe(20000);
    for (let i = 0; i < 200; i++) {
      const delay = nextDelayMs(Math.random());
      expect(delay).toBeGreaterThanOrEqual(15000);
      expect(delay).toBeLessThanOrEqual(20000);
    }
  });

  it("keeps the delay in range for out-of-range random input", () => {
    expect(nextDelayMs(-1)).toBe(15000);
    expect(nextDelayMs(2)).toBe(20000);
    expect(nextDelayMs(Number.NaN)).toBe(15000);
  });

  it("waits the rest of the interval after a toast hides, so toasts start 15–20 s apart", () => {
    expect(hiddenDelayMs(1, 0)).toBe(15000 - 5000);
    expect(hiddenDelayMs(3, 0.999999)).toBe(20000 - 5000);
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

  it("cycles through the entries in order, and has none to show without entries", () => {
    const names = ["Meera", "Asha", "Ravi"];
    expect(Array.from({ length: 7 }, (_, i) => entryAt(names, i))).toEqual([...names, ...names, "Meera"]);
    expect(entryAt([], 0)).toBeUndefined();
  });
});
