import { describe, expect, it } from "vitest";
import { CsvSyntaxError, parseCsv, toCsv } from "~/core/csv";

describe("parseCsv", () => {
  it("reads rows with their line numbers, skipping blank lines", () => {
    expect(parseCsv("a,b\n1,2\n\n3,4\n")).toEqual([
      { line: 1, cells: ["a", "b"] },
      { line: 2, cells: ["1", "2"] },
      { line: 4, cells: ["3", "4"] },
    ]);
  });

  it("reads quoted fields with commas, doubled quotes and line breaks, and CRLF endings", () => {
    const rows = parseCsv('name,note\r\n"Heat, Mass","He said ""hi""\nthen left"\r\nx,y');
    expect(rows).toEqual([
      { line: 1, cells: ["name", "note"] },
      { line: 2, cells: ["Heat, Mass", 'He said "hi"\nthen left'] },
      { line: 4, cells: ["x", "y"] },
    ]);
  });

  it("drops Excel's byte-order mark and keeps empty cells", () => {
    expect(parseCsv("\uFEFFa,,c")).toEqual([{ line: 1, cells: ["a", "", "c"] }]);
  });

  it("says on which line a quote never closes", () => {
    expect(() => parseCsv('a,b\n1,"open\n2,3')).toThrow(CsvSyntaxError);
    try {
      parseCsv('a,b\n1,"open\n2,3');
    } catch (error) {
      expect((error as CsvSyntaxError).line).toBe(2);
    }
  });
});

describe("toCsv", () => {
  it("quotes what needs quoting and reads back to the same cells", () => {
    const text = toCsv(
      ["a", "b"],
      [
        ["x, y", 'say "hi"'],
        [1.5, null],
      ],
    );
    expect(text).toBe('a,b\r\n"x, y","say ""hi"""\r\n1.5,\r\n');
    expect(parseCsv(text).map((r) => r.cells)).toEqual([
      ["a", "b"],
      ["x, y", 'say "hi"'],
      ["1.5", ""],
    ]);
  });

  it("keeps a spreadsheet from running a cell as a formula, but not a negative number", () => {
    expect(toCsv(["v"], [["=HYPERLINK(1)"], ["@SUM(A1)"], [-5.33], ["-2"]])).toBe(
      "v\r\n'=HYPERLINK(1)\r\n'@SUM(A1)\r\n-5.33\r\n-2\r\n",
    );
  });
});
