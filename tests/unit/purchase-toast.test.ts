import { describe, expect, it } from "vitest";
import { FIRST_DELAY_MS, VISIBLE_MS, buyerAt, hiddenDelayMs, nextDelayMs, sampleBuyers } from "~/lib/purchase-toast";

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

describe("sample buyers", () => {
  it("has five buyers with a first name, a city and one of the two courses", () => {
    expect(sampleBuyers).toHaveLength(5);
    for (const buyer of sampleBuyers) {
      expect(buyer.name).toMatch(/^[A-Z][a-z]+$/);
      expect(buyer.city).not.toBe("");
      expect(["GATE 2026 Test Series", "IOCL-2025 Test Series"]).toContain(buyer.course);
    }
    expect(new Set(sampleBuyers.map((b) => b.name)).size).toBe(5);
  });

  it("cycles through the buyers in order", () => {
    const shown = Array.from({ length: 12 }, (_, i) => buyerAt(i).name);
    const names = sampleBuyers.map((b) => b.name);
    expect(shown).toEqual([...names, ...names, names[0], names[1]]);
  });
});
