import { describe, expect, it } from "vitest";
import { SearchIndex, searchWords } from "~/core/search-index.server";
import { SiteSettingsSchema } from "~/lib/schemas/admin/site-settings";
import { searchSynonymsField } from "~/lib/schemas/admin/search-synonyms";
import { DEFAULT_SEARCH_SYNONYMS, readSynonymRules, SYNONYM_LIMITS } from "~/lib/search/synonyms";

// The word index under site search (issue 27 item 4): whole words in any order, the last also as
// a beginning, typos by word length, synonyms, and "did you mean".

const doc = (title: string, text = "", keywords = "") => ({ title, text, keywords });
const index = new SearchIndex([
  doc("GATE CH 2024 cutoff: Chemical Engineering qualifying marks"),
  doc("Heat and Mass Transfer questions (GATE CH)"),
  doc("GATE CH 2024 question paper and answer key", "", "Previous Year Papers"),
  doc("GATE ME 2024: Mechanical"),
  doc("Thermodynamics Revision Sheet", "Equations of state, fugacity"),
]);
const found = (query: string, synonyms?: ReadonlyMap<string, string[]>) =>
  index.find(query, synonyms).map((hit) => hit.position);

describe("SearchIndex", () => {
  it("finds documents holding every word of the query, in any order, ignoring case", () => {
    expect(found("cutoff")).toEqual([0]);
    expect(found("  2024   PAPER ")).toEqual([2]);
    expect(found("transfer heat questions")).toEqual([1]);
    expect(found("ch 2024").sort()).toEqual([0, 2]);
    expect(found("")).toEqual([]);
    expect(found("  ")).toEqual([]);
  });

  it("matches whole words, and the last word also as a beginning from three letters", () => {
    expect(found("ass")).toEqual([]);
    expect(found("thermo")).toEqual([4]);
    expect(found("th")).toEqual([]);
    expect(found("revision thermo")).toEqual([4]);
  });

  it("forgives one typo in a word of 5 to 8 letters and two from 9, none in shorter words", () => {
    expect(found("thermodynamcis")).toEqual([4]);
    expect(found("fugacty")).toEqual([4]);
    expect(found("heet")).toEqual([]);
    expect(found("revsion sheeet")).toEqual([4]);
    expect(found("shet")).toEqual([]);
    expect(found("qualifyng")).toEqual([0]);
  });

  it("falls back to any word when no document holds them all, best first", () => {
    expect(found("heat cutoff")).toEqual([1, 0]);
  });

  it("reads a word with synonyms as any of its phrases too", () => {
    const synonyms = new Map([["pyq", ["previous year papers"]]]);
    expect(found("pyq")).toEqual([]);
    expect(found("pyq", synonyms)).toEqual([2]);
    expect(found("pyq 2024", synonyms)).toEqual([2]);
  });

  it("suggests the nearest words the index or the synonyms hold, only when that finds something", () => {
    const synonyms = new Map([["pyq", ["previous year papers"]]]);
    expect(index.suggest("thermodinamycs")).toBe("thermodynamics");
    expect(index.suggest("heta")).toBe("heat");
    expect(index.suggest("pqy", synonyms)).toBe("pyq");
    expect(index.suggest("zeolite")).toBeNull();
    expect(index.suggest("heat")).toBeNull();
  });

  it("reads words singular and leaves joining words out", () => {
    expect(searchWords("The Papers of Mass-Transfer and Gas analysis")).toEqual([
      "paper",
      "mass",
      "transfer",
      "gas",
      "analysis",
    ]);
  });
});

describe("search synonyms", () => {
  it("reads one rule a line, skipping blanks and comments, several lines for a word adding up", () => {
    const { rules, problems } = readSynonymRules(
      "# ours\n PYQ = previous year papers \n\npyq=question papers\r\ncutoff = cut-off marks",
    );
    expect(problems).toEqual([]);
    expect([...rules]).toEqual([
      ["pyq", ["previous year papers", "question papers"]],
      ["cutoff", ["cut-off marks"]],
    ]);
    expect(readSynonymRules(DEFAULT_SEARCH_SYNONYMS).problems).toEqual([]);
    expect(readSynonymRules(DEFAULT_SEARCH_SYNONYMS).rules.get("psu")).toEqual(["job alerts"]);
  });

  it("names each line that is no rule", () => {
    expect(readSynonymRules("pyq = previous year papers\npyq previous\ntwo words = x\npsu = \n= y").problems).toEqual([
      'Line 2 ("pyq previous"): write one word, "=", and what it stands for, e.g. "pyq = previous year papers"',
      'Line 3: the word before "=" must be one word of letters or digits, at most 30 characters',
      'Line 4: what follows "=" must hold a word and be at most 80 characters',
      'Line 5: the word before "=" must be one word of letters or digits, at most 30 characters',
    ]);
    const many = Array.from({ length: SYNONYM_LIMITS.rules + 1 }, (_, i) => `w${i} = phrase`).join("\n");
    expect(readSynonymRules(many).problems).toEqual([`Keep to ${SYNONYM_LIMITS.rules} rules or fewer`]);
  });

  it("is checked when staff save the site settings, the first bad line named", () => {
    expect(searchSynonymsField.parse("  pyq = previous year papers \n")).toBe("pyq = previous year papers");
    expect(searchSynonymsField.parse(undefined)).toBe("");
    const refused = searchSynonymsField.safeParse("pyq = papers\nno rule here");
    expect(refused.error?.issues[0]?.message).toMatch(/^Line 2 \("no rule here"\)/);
    expect(searchSynonymsField.safeParse("x".repeat(10_000)).success).toBe(false);
    expect(Object.keys(SiteSettingsSchema.shape)).toContain("search_synonyms");
  });
});
