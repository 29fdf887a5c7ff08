import { setImmediate as nextTurn } from "node:timers/promises";
import type { z } from "zod";
import { readCsvTable, toCsv, yesNoCell } from "~/core/csv";
import { fieldErrors } from "~/lib/schemas/fields";
import { GatePaperYearSchema } from "~/lib/schemas/admin/gate-paper-year";
import { GateRankPointSchema } from "~/lib/schemas/admin/gate-rank-point";

// The GATE data manager's CSV files (issue 24): staff keep paper-years and rank points in
// spreadsheets. An export names the paper by its code; an import checks every row with the form's
// own schema and names every bad line, so that a file is applied whole or not at all. Columns are
// the form's field names, so a spreadsheet's header says exactly what each column is.

/** What a file may hold: enough for every paper-year of every paper, and a clear refusal beyond. */
export const CSV_MAX_BYTES = 512 * 1024;
export const CSV_MAX_ROWS = 5000;
/** Errors listed on the page; the count of the rest is given. */
export const CSV_ERRORS_SHOWN = 100;
/** Rows checked per turn of the event loop (a few milliseconds), so other requests go on (issue 42). */
const ROWS_PER_TURN = 250;

export const gateCsvKinds = {
  "paper-years": {
    schema: GatePaperYearSchema,
    columns: [
      "paper_code",
      "year",
      "institute",
      "qualifying_general",
      "qualifying_obc_ews",
      "qualifying_sc_st_pwd",
      "qualifying_source_url",
      "qualifying_retrieved_on",
      "is_qualifying_verified",
      "top_mean_marks",
      "top_mean_source_url",
      "top_mean_retrieved_on",
      "is_top_mean_verified",
      "candidates_appeared",
      "candidates_source_url",
      "candidates_retrieved_on",
      "is_candidates_verified",
    ],
    /** One row per paper and year. */
    unique: true,
  },
  "rank-points": {
    schema: GateRankPointSchema,
    columns: ["paper_code", "year", "marks", "air", "kind", "source_label", "source_url"],
    unique: false,
  },
} as const;

export type GateCsvKind = keyof typeof gateCsvKinds;
type Input<K extends GateCsvKind> = z.infer<(typeof gateCsvKinds)[K]["schema"]>;

/** The file's words: every refusal names its row, as a spreadsheet numbers it. */
export const csvMessages = {
  unclosedQuote: (row: number) => `Row ${row}: a quoted cell is not closed`,
  empty: "The file is empty. It needs a header row and at least one row of data.",
  header: (columns: readonly string[]) =>
    `Row 1: the header row must name these columns: ${columns.join(", ")}. Export a file to start from.`,
  tooManyRows: `The file has more than ${CSV_MAX_ROWS} rows. Split it into smaller files.`,
  tooLarge: `The file is larger than ${CSV_MAX_BYTES / 1024} KB. Split it into smaller files.`,
  extraCells: (row: number, cells: number, columns: number) =>
    `Row ${row}: ${cells} cells, but the header names ${columns} columns`,
  unknownPaper: (row: number, code: string) =>
    `Row ${row}: paper code "${code}" is not a paper; add it under GATE Papers first`,
  yesNo: (row: number, column: string) => `Row ${row}: ${column} must be yes or no`,
  repeated: (row: number, key: string, first: number) => `Row ${row}: ${key} is already in row ${first}`,
  field: (row: number, message: string) => `Row ${row}: ${message}`,
};

export type CsvCheck<K extends GateCsvKind> =
  { ok: true; rows: (Input<K> & { row: number })[] } | { ok: false; errors: string[] };

/**
 * The rows of a CSV text of this kind, each checked with the form's schema; or every error, one
 * per bad row (a row may have several). `papers` maps paper codes to ids. Parsing and checking
 * take turns with other requests.
 */
export async function checkGateCsv<K extends GateCsvKind>(
  kind: K,
  text: string,
  papers: readonly { id: number; code: string }[],
): Promise<CsvCheck<K>> {
  const { schema, columns, unique } = gateCsvKinds[kind];
  const table = await readCsvTable(text, csvMessages);
  if (!table.ok) return table;
  const { names, data } = table;
  if (columns.some((column) => !names.includes(column))) return { ok: false, errors: [csvMessages.header(columns)] };
  if (data.length > CSV_MAX_ROWS) return { ok: false, errors: [csvMessages.tooManyRows] };

  const errors: string[] = [];
  const rows: (Input<K> & { row: number })[] = [];
  const seen = new Map<string, number>();
  const paperIds = new Map(papers.map((p) => [p.code, p.id]));
  const position = new Map(columns.map((column) => [column as string, names.indexOf(column)]));
  for (const [index, { row, cells }] of data.entries()) {
    if (index > 0 && index % ROWS_PER_TURN === 0) await nextTurn();
    if (cells.length > names.length) {
      errors.push(csvMessages.extraCells(row, cells.length, names.length));
      continue;
    }
    const cell = (column: string) => (cells[position.get(column)!] ?? "").trim();
    const rowErrors: string[] = [];
    const values: Record<string, string> = {};
    for (const column of columns) {
      if (column === "paper_code") continue;
      const value = cell(column);
      if (column.startsWith("is_")) {
        const answer = yesNoCell(value);
        if (answer) values[column] = "on";
        else if (answer === null) rowErrors.push(csvMessages.yesNo(row, column));
      } else values[column] = value;
    }
    const code = cell("paper_code").toUpperCase();
    const paperId = paperIds.get(code);
    if (paperId !== undefined) values.paper_id = String(paperId);
    else rowErrors.push(csvMessages.unknownPaper(row, cell("paper_code")));

    const result = schema.safeParse(values);
    if (!result.success) {
      for (const [field, message] of Object.entries(fieldErrors(result.error))) {
        // An unknown paper is said once, by its code.
        if (paperId !== undefined || field !== "paper_id") rowErrors.push(csvMessages.field(row, message!));
      }
    }
    if (rowErrors.length || !result.success) {
      errors.push(...rowErrors);
      continue;
    }
    if (unique) {
      const key = `${code} ${result.data.year}`;
      const first = seen.get(key);
      if (first !== undefined) {
        errors.push(csvMessages.repeated(row, key, first));
        continue;
      }
      seen.set(key, row);
    }
    rows.push({ ...(result.data as Input<K>), row });
  }
  return errors.length ? { ok: false, errors } : { ok: true, rows };
}

/** The CSV text of these rows (each with its paper's code), in the import's columns. */
export function gateCsv(kind: GateCsvKind, rows: readonly Record<string, unknown>[]) {
  const { columns } = gateCsvKinds[kind];
  return toCsv(
    columns,
    rows.map((row) =>
      columns.map((column) => {
        const value = row[column];
        if (typeof value === "boolean") return value ? "yes" : "no";
        return typeof value === "number" || typeof value === "string" ? value : null;
      }),
    ),
  );
}
