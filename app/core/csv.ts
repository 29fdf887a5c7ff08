// CSV as spreadsheets write it (RFC 4180): fields separated by commas, quoted with double quotes
// when they hold a comma, a quote or a line break, a quote inside doubled. Staff keep the GATE
// figures in spreadsheets and move them in and out of the admin this way (issue 24).

/** A parsed row with the line it starts on (1-based), for line-numbered errors. */
export type CsvRow = { line: number; cells: string[] };

export class CsvSyntaxError extends Error {
  constructor(readonly line: number) {
    super(`line ${line}: a quoted field is not closed`);
  }
}

/**
 * The rows of a CSV text; blank lines are skipped. A byte-order mark (Excel writes one) is
 * dropped. Throws CsvSyntaxError on a quote that never closes.
 */
export function parseCsv(text: string): CsvRow[] {
  const source = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const rows: CsvRow[] = [];
  let cells: string[] = [];
  let cell = "";
  let line = 1;
  let rowLine = 1;
  let quoted = false;
  let quoteOpenedOn = 0;
  const endRow = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0]!.trim() !== "") rows.push({ line: rowLine, cells });
    cells = [];
    cell = "";
  };
  for (let i = 0; i < source.length; i++) {
    const char = source[i]!;
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') {
        quoted = false;
      } else {
        if (char === "\n") line++;
        cell += char;
      }
    } else if (char === '"' && cell.trim() === "") {
      quoted = true;
      quoteOpenedOn = line;
      cell = "";
    } else if (char === ",") {
      cells.push(cell);
      cell = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && source[i + 1] === "\n") i++;
      endRow();
      line++;
      rowLine = line;
    } else {
      cell += char;
    }
  }
  if (quoted) throw new CsvSyntaxError(quoteOpenedOn);
  endRow();
  return rows;
}

const needsQuotes = /[",\r\n]/;
// A cell a spreadsheet would run as a formula (CSV injection) unless it is a plain number.
const formulaStart = /^[=+\-@\t\r]/;
const plainNumber = /^-?\d+(\.\d+)?$/;

function field(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (formulaStart.test(text) && !plainNumber.test(text)) text = `'${text}`;
  return needsQuotes.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A CSV text of a header row and data rows, lines ending in CRLF as RFC 4180 has it. */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number | boolean | null | undefined)[])[],
) {
  return [header, ...rows].map((row) => row.map(field).join(",")).join("\r\n") + "\r\n";
}
