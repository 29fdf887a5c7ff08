import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { CsvSyntaxError, escapeFormulas, parseCsv, parseCsvInTurns, toCsv, unescapeFormulas } from "~/core/csv";
import { holdOf } from "../support/event-loop";

describe("parseCsv", () => {
  it("reads rows with their numbers, skipping blank lines (each still a row of a spreadsheet)", () => {
    expect(parseCsv("a,b\n1,2\n\n3,4\n")).toEqual([
      { row: 1, cells: ["a", "b"] },
      { row: 2, cells: ["1", "2"] },
      { row: 4, cells: ["3", "4"] },
    ]);
  });

  it("reads quoted fields with commas, doubled quotes and line breaks, and CRLF endings", () => {
    const rows = parseCsv('name,note\r\n"Heat, Mass","He said ""hi""\nthen left"\r\nx,y');
    expect(rows).toEqual([
      { row: 1, cells: ["name", "note"] },
      { row: 2, cells: ["Heat, Mass", 'He said "hi"\nthen left'] },
      { row: 3, cells: ["x", "y"] },
    ]);
  });

  it("drops Excel's byte-order mark and keeps empty cells", () => {
    expect(parseCsv("\uFEFFa,,c")).toEqual([{ row: 1, cells: ["a", "", "c"] }]);
  });

  it("says in which row a quote never closes", () => {
    expect(() => parseCsv('a,b\n1,"open\n2,3')).toThrow(CsvSyntaxError);
    try {
      parseCsv('a,b\n1,"open\n2,3');
    } catch (error) {
      expect((error as CsvSyntaxError).row).toBe(2);
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

// Issue 42: reading is linear and takes turns with other requests; formulas are escaped wherever a
// spreadsheet may start a cell, and reading takes off exactly what writing added.
describe("parseCsvInTurns", () => {
  const half = 250 * 1024;
  // One long cell of each shape the old parser was quadratic in, or that a parser might be.
  const files = {
    "one long quoted cell": `a,b\n1,"${"x".repeat(2 * half)}"\n2,3\n`,
    "quotes inside an unquoted cell": `a,b\n1,${'x"'.repeat(half)}\n2,3\n`,
    "a quoted cell closed, then quotes": `a,b\n1,"${"y".repeat(half)}"${'x"'.repeat(half / 2)}\n2,3\n`,
    "line breaks in a quoted cell": `a,b\n1,"${"x\r\n".repeat((2 * half) / 3)}"\n2,3\n`,
  };

  it.each(Object.entries(files))("reads a 500 KB file with %s without holding up the event loop", async (_, text) => {
    const { result: rows, cpuMs, turns } = await holdOf(() => parseCsvInTurns(text));
    // A file's worth of parsing, tens of milliseconds in all, never held the loop for more than a chunk.
    expect(cpuMs).toBeLessThan(40);
    expect(turns).toBeGreaterThan(10);
    expect(rows).toEqual(parseCsv(text));
    expect(rows.map((row) => row.cells.length)).toEqual([2, 2, 2]);
    // The third row, however many lines the long cell took.
    expect(rows.at(-1)).toEqual({ row: 3, cells: ["2", "3"] });
  });

  it("says in which row a quote never closes, and drops a byte-order mark", async () => {
    await expect(parseCsvInTurns(`\uFEFFa,b\n1,"${"x".repeat(100_000)}\n2,3`)).rejects.toEqual(new CsvSyntaxError(2));
    expect(await parseCsvInTurns("\uFEFFa,,c\r\n")).toEqual([{ row: 1, cells: ["a", "", "c"] }]);
  });
});

describe("row numbers, as a spreadsheet shows them", () => {
  it("count a cell with line breaks as one row, a blank line as a row, and any line ending ends a row", () => {
    expect(parseCsv('a,b\r\n"x\r\ny",2\r\n\r\n3,4\n5,6\r7,8')).toEqual([
      { row: 1, cells: ["a", "b"] },
      { row: 2, cells: ["x\r\ny", "2"] },
      { row: 4, cells: ["3", "4"] },
      { row: 5, cells: ["5", "6"] },
      { row: 6, cells: ["7", "8"] },
    ]);
    // A question's cells of several paragraphs each: the third question is the fourth row.
    const questions = 'slug,text,solution\nq1,"One.\n\nTwo.","A\nB\nC"\nq2,"Three.",D\nq3,x,"y\r\nz"\n';
    expect(parseCsv(questions).map((r) => [r.row, r.cells[0]])).toEqual([
      [1, "slug"],
      [2, "q1"],
      [3, "q2"],
      [4, "q3"],
    ]);
  });

  it("name the row the unclosed quote opened in, past quoted line breaks before it", () => {
    expect(() => parseCsv('a,b,c\n"q\nr",x,"open\n2,3')).toThrow(new CsvSyntaxError(2));
    expect(() => parseCsv('a,b\n\n\n"open')).toThrow(new CsvSyntaxError(4));
  });
});

// Each cell as a spreadsheet that splits on , ; tab or | would see it: every piece that starts a
// cell there must not start with a formula character (a plain negative number is a number).
const pieces = (cell: string) => cell.split(/[,;\t|\r\n]/).map((piece) => piece.trimStart());
const runnable = (piece: string) => /^[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/.test(piece) && !/^-\d+(\.\d+)?$/.test(piece);

describe("formula escaping", () => {
  const tricky = [
    "=HYPERLINK(1)",
    'x;=HYPERLINK("https://evil.example","click")',
    "a|@SUM(A1)",
    "tab\t+1",
    "x, -1+2",
    "line\n=1",
    "'=already quoted",
    "''@twice",
    "a;'+b",
    "\uFF1D1+1",
    "-5.33",
    "x;-2",
    "it's fine",
    "'plain",
    "Heat, Mass",
    'He said "hi"',
  ];

  it("escapes a formula after every separator a spreadsheet may use, not only at the start", () => {
    // The file's cells as they are, before parseCsv takes the escapes off again.
    const [, ...cells] = parse(
      toCsv(
        ["label"],
        tricky.map((label) => [label]),
      ),
    );
    expect(cells).toHaveLength(tricky.length);
    for (const [cell] of cells) {
      for (const piece of pieces(cell!)) expect(runnable(piece), `${JSON.stringify(cell)}: ${piece}`).toBe(false);
    }
    // The same check finds the formulas in the labels themselves, so it would find them in the file.
    expect(tricky.filter((label) => pieces(label).some(runnable))).toHaveLength(7);
    expect(escapeFormulas('x;=HYPERLINK("a")')).toBe(`x;'=HYPERLINK("a")`);
    expect(escapeFormulas("x; @A1|-B2")).toBe("x; '@A1|'-B2");
    expect(escapeFormulas("-5.33")).toBe("-5.33");
  });

  it("reads back exactly what was written: export, then import, changes no label", () => {
    const rows = tricky.map((label, i) => [label, i]);
    expect(parseCsv(toCsv(["label", "n"], rows)).map((row) => row.cells)).toEqual([
      ["label", "n"],
      ...rows.map(([label, i]) => [label, String(i)]),
    ]);
    for (const label of tricky) expect(unescapeFormulas(escapeFormulas(label))).toBe(label);
  });

  it("takes off only the ' that writing adds", () => {
    expect(unescapeFormulas("'=1")).toBe("=1");
    expect(unescapeFormulas("it's")).toBe("it's");
    expect(unescapeFormulas("'plain")).toBe("'plain");
    expect(unescapeFormulas("x;''=1")).toBe("x;'=1");
  });
});
