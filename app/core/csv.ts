import { Parser, type CsvError, type InfoRecord, type Options } from "csv-parse";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { setImmediate as nextTurn } from "node:timers/promises";

// CSV as spreadsheets write it (RFC 4180): fields separated by commas, quoted with double quotes
// when they hold a comma, a quote or a line break, a quote inside doubled. Staff keep the GATE
// figures in spreadsheets and move them in and out of the admin this way (issue 24). Reading and
// writing are csv-parse and csv-stringify, linear in the file's size (issue 42: the hand-written
// parser was quadratic in a long cell with quotes in it, and a 500 KB file froze the process).

/**
 * A parsed row with its number as a spreadsheet shows it (the header is row 1), for errors that
 * name the row staff will look for: a cell with line breaks is one row there, however many lines
 * it takes in the file, and a blank line is an empty row.
 */
export type CsvRow = { row: number; cells: string[] };

export class CsvSyntaxError extends Error {
  constructor(readonly row: number) {
    super(`row ${row}: a quoted field is not closed`);
  }
}

// Formula escaping (CSV injection, issue 42). A spreadsheet runs a cell that begins with = + - @
// (or their full-width forms) as a formula, and one that splits lines on ; tab or | instead of
// commas sees a new cell after each of those, quoted or not: "x;=HYPERLINK(…)" is two cells there.
// So a ' goes before the formula character at the start of the cell and after every character any
// spreadsheet may split on (, ; tab | and line breaks), past spaces; a spreadsheet shows that cell
// as text. A run of ' already there gets one more, so that reading takes exactly one off wherever
// writing put one on and the round trip is exact. Plain negative numbers (-5.33 marks) stay numbers.
const FORMULA = String.raw`'*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]`;
const SPLIT = String.raw`[,;\t|\r\n]`;
const formulaAt = new RegExp(String.raw`(^|${SPLIT})( *)(?=${FORMULA})(?!-?\d+(?:\.\d+)?(?:${SPLIT}|$))`, "g");
const escapedAt = new RegExp(String.raw`(^|${SPLIT})( *)'(?=${FORMULA})`, "g");

/** The cell with a ' before each formula a spreadsheet could find in it. */
export const escapeFormulas = (cell: string) => cell.replace(formulaAt, "$1$2'");
/** The cell as it was before escapeFormulas: exactly the ' it added, removed. */
export const unescapeFormulas = (cell: string) => cell.replace(escapedAt, "$1$2");

const LF = 0x0a;
const CR = 0x0d;

/** Line breaks inside a cell: a CRLF is one. */
const lineBreaks = (cell: string) => cell.match(/\r\n|\r|\n/g)?.length ?? 0;

/**
 * A reader of one CSV text's bytes: csv-parse's options, and what it hands over turned into
 * numbered rows. The line a row starts on is counted from the byte offsets csv-parse reports
 * (its own line count takes a CRLF inside a quoted cell for two lines); every offset only moves
 * forward, so the count is one pass over the file. Its row is that line less the line breaks
 * inside the cells of the rows before it.
 */
function csvReader(bytes: Uint8Array) {
  const rows: CsvRow[] = [];
  let counted = 0;
  let line = 1;
  let recordEnd = 0;
  let breaksInCells = 0;
  const lineAt = (offset: number) => {
    for (; counted < offset; counted++) {
      const byte = bytes[counted];
      if (byte === LF || (byte === CR && bytes[counted + 1] !== LF)) line++;
    }
    return line;
  };
  const rowAt = (offset: number) => lineAt(offset) - breaksInCells;
  /** Where the row after `offset` starts: past the blank lines csv-parse skips. */
  const rowStart = (offset: number) => {
    let at = offset;
    while (bytes[at] === LF || bytes[at] === CR) at++;
    return at;
  };
  const options: Options = {
    bom: true,
    // Any of the three line endings ends a row, whichever the file starts with.
    record_delimiter: ["\r\n", "\n", "\r"],
    // Rows may be short or long (the caller names the line); a quote inside an unquoted cell is text.
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    on_record: (cells: string[], info: InfoRecord) => {
      const start = rowStart(recordEnd);
      recordEnd = info.bytes;
      if (cells.length > 1 || cells[0]!.trim() !== "") {
        rows.push({ row: rowAt(start), cells: cells.map(unescapeFormulas) });
      }
      for (const cell of cells) breaksInCells += lineBreaks(cell);
      return null;
    },
  };
  /** The error to throw for a csv-parse failure: a quote never closed names the row it opened in. */
  const failure = (error: unknown) => {
    const parseError = error as CsvError & { bytes?: number; index?: number };
    if (parseError.code !== "CSV_QUOTE_NOT_CLOSED") return error;
    // csv-parse stops at the file's end; the quote opened in the row it was reading, which starts
    // after the last row it finished.
    return new CsvSyntaxError(rowAt(rowStart(recordEnd)));
  };
  return { options, rows, failure };
}

/**
 * The rows of a CSV text; blank lines are skipped. A byte-order mark (Excel writes one) is
 * dropped, and the ' that toCsv puts before a formula is taken off. Throws CsvSyntaxError on a
 * quote that never closes.
 */
export function parseCsv(text: string): CsvRow[] {
  const bytes = Buffer.from(text);
  const reader = csvReader(bytes);
  try {
    parse(bytes, reader.options);
  } catch (error) {
    throw reader.failure(error);
  }
  return reader.rows;
}

/** Bytes parsed per turn of the event loop: a few milliseconds of work. */
const CHUNK_BYTES = 32 * 1024;

/**
 * parseCsv for a request's file: the text is parsed a chunk at a time with a turn of the event loop
 * between chunks, so that other requests go on while a large file is read (issue 42).
 */
export async function parseCsvInTurns(text: string): Promise<CsvRow[]> {
  const bytes = Buffer.from(text);
  const reader = csvReader(bytes);
  const parser = new Parser(reader.options);
  // Errors also reach the write and end callbacks, which reject below.
  parser.on("error", () => {});
  const written = (error: Error | null | undefined, done: () => void, fail: (error: unknown) => void) =>
    error ? fail(reader.failure(error)) : done();
  for (let at = 0; at < bytes.length; at += CHUNK_BYTES) {
    await new Promise<void>((done, fail) =>
      parser.write(bytes.subarray(at, at + CHUNK_BYTES), (error) => written(error, done, fail)),
    );
    await nextTurn();
  }
  await new Promise<void>((done, fail) =>
    parser.end((error?: Error | null) => written(error ?? parser.errored, done, fail)),
  );
  return reader.rows;
}

/**
 * An uploaded file's data rows and its header's column names (trimmed, lower case), parsed in
 * turns; or the file's one error, in the importer's words: a quote never closed, or no header or
 * no data.
 */
export async function readCsvTable(
  text: string,
  messages: { unclosedQuote: (row: number) => string; empty: string },
): Promise<{ ok: true; names: string[]; data: CsvRow[] } | { ok: false; errors: string[] }> {
  let parsed;
  try {
    parsed = await parseCsvInTurns(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError) return { ok: false, errors: [messages.unclosedQuote(error.row)] };
    throw error;
  }
  const [header, ...data] = parsed;
  if (!header || data.length === 0) return { ok: false, errors: [messages.empty] };
  return { ok: true, names: header.cells.map((cell) => cell.trim().toLowerCase()), data };
}

const YES = new Set(["yes", "y", "true", "1"]);
const NO = new Set(["no", "n", "false", "0", ""]);

/** A yes/no cell as spreadsheets write it: true, false (an empty cell too), or null when neither. */
export function yesNoCell(cell: string): boolean | null {
  const answer = cell.trim().toLowerCase();
  return YES.has(answer) ? true : NO.has(answer) ? false : null;
}

type Cell = string | number | boolean | null | undefined;

/** A CSV text of a header row and data rows, lines ending in CRLF as RFC 4180 has it. */
export function toCsv(header: readonly string[], rows: readonly (readonly Cell[])[]) {
  return stringify([header, ...rows], {
    record_delimiter: "windows",
    // A line break inside a cell is quoted, whichever ending the rows use.
    quote_record_delimiter: true,
    eof: true,
    cast: { boolean: (value) => String(value), string: escapeFormulas },
  });
}
