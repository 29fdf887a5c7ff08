import { describe, expect, it } from "vitest";
import { TitleIndex } from "~/core/title-index";

const titles = [
  "GATE 2026 Mock Test 1", // 0
  "Heat Transfer Short Notes", // 1
  "abc bcd", // 2: holds both pieces of "abcd", but not the word
  "Mass Transfer: 100% Solved", // 3
  "gate pass sheet_v2", // 4
  "Path C:\\notes", // 5
  "Mock test 2", // 6
];

// What the index finds must be what a plain scan finds, in the same order.
const scan = (needle: string) =>
  titles.flatMap((title, position) => (title.toLowerCase().includes(needle.toLowerCase()) ? [position] : []));

describe("TitleIndex", () => {
  const index = new TitleIndex(titles);

  it("finds the titles containing the needle in their given order, ignoring case", () => {
    expect(index.find("GATE", 0, 10)).toEqual([0, 4]);
    expect(index.find("transfer", 0, 10)).toEqual([1, 3]);
    expect(index.find("mOcK tEsT", 0, 10)).toEqual([0, 6]);
  });

  it("checks the whole needle, not only its three-letter pieces", () => {
    expect(index.find("abc", 0, 10)).toEqual([2]);
    expect(index.find("bcd", 0, 10)).toEqual([2]);
    expect(index.find("abcd", 0, 10)).toEqual([]);
  });

  it("reads needles shorter than three letters title by title", () => {
    expect(index.find("t", 0, 100)).toEqual(scan("t"));
    expect(index.find("2", 0, 100)).toEqual([0, 4, 6]);
    expect(index.find("zz", 0, 10)).toEqual([]);
  });

  it("takes every character literally: no wildcards", () => {
    expect(index.find("100%", 0, 10)).toEqual([3]);
    expect(index.find("sheet_", 0, 10)).toEqual([4]);
    expect(index.find("C:\\no", 0, 10)).toEqual([5]);
    expect(index.find("%", 0, 10)).toEqual([3]);
    expect(index.find("_", 0, 10)).toEqual([4]);
    expect(index.find("h%t", 0, 10)).toEqual([]);
  });

  it("skips `offset` matches and stops at `limit`", () => {
    expect(index.find("t", 0, 2)).toEqual(scan("t").slice(0, 2));
    expect(index.find("t", 2, 3)).toEqual(scan("t").slice(2, 5));
    expect(index.find("gate", 1, 10)).toEqual([4]);
    expect(index.find("gate", 2, 10)).toEqual([]);
    expect(index.find("gate", 0, 0)).toEqual([]);
  });

  it("finds nothing for an empty needle or a piece no title holds", () => {
    expect(index.find("", 0, 10)).toEqual([]);
    expect(index.find("qqq", 0, 10)).toEqual([]);
    expect(new TitleIndex([]).find("gate", 0, 10)).toEqual([]);
  });

  it("agrees with a plain scan on every substring of every title", () => {
    for (const title of titles) {
      for (let start = 0; start < title.length; start++) {
        for (let end = start + 1; end <= Math.min(title.length, start + 8); end++) {
          const needle = title.slice(start, end);
          expect(index.find(needle, 0, 100), needle).toEqual(scan(needle));
        }
      }
    }
  });

  it("lowers non-ASCII letters as the catalogue's filter does", () => {
    const accented = new TitleIndex(["ÉCOLE Thermodynamique", "Δ H of reaction"]);
    expect(accented.find("école", 0, 10)).toEqual([0]);
    expect(accented.find("δ h", 0, 10)).toEqual([1]);
  });
});
