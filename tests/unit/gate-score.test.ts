import { describe, expect, it } from "vitest";
import { derivedQualifyingMark, gateScore, groupOf, truncateToTenth } from "~/lib/gate/score";

// The reference file's worked figures (docs/reference/gate-ch-reference.md).
describe("category qualifying marks", () => {
  it("truncates 90 % and 2/3 of the General mark to one decimal (2024 CH: 25 → 22.5 / 16.6)", () => {
    expect(derivedQualifyingMark(25, "obcEws")).toBe(22.5);
    expect(derivedQualifyingMark(25, "scStPwd")).toBe(16.6);
    expect(derivedQualifyingMark(25, "general")).toBe(25);
  });

  it("fits the 2025 CH figures (27.7 → 24.9 / 18.4)", () => {
    expect(derivedQualifyingMark(27.7, "obcEws")).toBe(24.9);
    expect(derivedQualifyingMark(27.7, "scStPwd")).toBe(18.4);
  });

  it("truncates rather than rounds", () => {
    expect(truncateToTenth(16.666)).toBe(16.6);
    expect(truncateToTenth(18.99)).toBe(18.9);
    expect(truncateToTenth(22.5)).toBe(22.5);
  });

  it("maps each category to its group", () => {
    expect(groupOf("ews")).toBe("obcEws");
    expect(groupOf("pwd")).toBe("scStPwd");
    expect(groupOf("general")).toBe("general");
  });
});

describe("GATE score", () => {
  it("is 350 at the qualifying mark and 900 at Mt", () => {
    expect(gateScore(25, 25, 80)).toBe(350);
    expect(gateScore(80, 25, 80)).toBe(900);
  });

  it("is linear between them, rounded to a whole score", () => {
    // 350 + 550 × (52.5 − 25) / (80 − 25) = 625
    expect(gateScore(52.5, 25, 80)).toBe(625);
    expect(gateScore(40, 25, 80)).toBe(500);
  });

  it("goes past 1000 and below 0 as the official statistics do", () => {
    expect(gateScore(100, 25, 70)).toBe(1267);
    expect(gateScore(-10, 25, 40)).toBeLessThan(0);
  });

  it("has no value when Mt is not above Mq", () => {
    expect(gateScore(50, 30, 30)).toBeNull();
    expect(gateScore(50, 30, 20)).toBeNull();
  });
});
