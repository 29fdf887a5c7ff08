import { describe, expect, it } from "vitest";
import { AUTOPLAY_MS, closestIndex, lastStartIndex, settledIndex, stepIndex } from "~/components/ui/carousel";

// Five slides 300 px apart, as laid out by CSS (offsets from the first slide).
const five = [0, 300, 600, 900, 1200];

describe("carousel slide math", () => {
  it("autoplays every 5000 ms (spec §9)", () => {
    expect(AUTOPLAY_MS).toBe(5000);
  });

  it("finds the last slide a row can start with for 1, 2 and 3 slides per view", () => {
    // maxScroll = scrollWidth − clientWidth: 5 × 300 − perView × 300.
    expect(lastStartIndex(five, 1200)).toBe(4);
    expect(lastStartIndex(five, 900)).toBe(3);
    expect(lastStartIndex(five, 600)).toBe(2);
  });

  it("tolerates a pixel of rounding and has nothing to scroll when everything fits", () => {
    expect(lastStartIndex(five, 600.6)).toBe(2);
    expect(lastStartIndex(five, 0)).toBe(0);
    expect(lastStartIndex([], 500)).toBe(0);
    // More scroll room than slide starts (trailing space): the last slide.
    expect(lastStartIndex(five, 5000)).toBe(4);
  });

  it("steps forward and back, wrapping at both ends", () => {
    expect(stepIndex(0, 1, 2)).toBe(1);
    expect(stepIndex(1, 1, 2)).toBe(2);
    expect(stepIndex(2, 1, 2)).toBe(0);
    expect(stepIndex(0, -1, 2)).toBe(2);
    expect(stepIndex(2, -1, 2)).toBe(1);
  });

  it("stays put when nothing can scroll, and recovers a position past the end after a resize", () => {
    expect(stepIndex(0, 1, 0)).toBe(0);
    expect(stepIndex(0, -1, 0)).toBe(0);
    expect(stepIndex(4, 1, 2)).toBe(0);
    expect(stepIndex(4, -1, 2)).toBe(1);
  });

  it("follows a swipe to the nearest slide start, never past the last start", () => {
    expect(closestIndex(five, 0)).toBe(0);
    expect(closestIndex(five, 140)).toBe(0);
    expect(closestIndex(five, 160)).toBe(1);
    expect(closestIndex(five, 880)).toBe(3);
    expect(closestIndex(five, 1200, 2)).toBe(2);
    expect(closestIndex([], 100)).toBe(0);
  });

  it("knows a row at rest on a slide from one caught between slides", () => {
    expect(settledIndex(five, 600)).toBe(2);
    expect(settledIndex(five, 601.5)).toBe(2);
    expect(settledIndex(five, 911)).toBeNull();
    // At the end of a 3-per-view row, resting on the last start.
    expect(settledIndex(five, 600, 2)).toBe(2);
  });
});
