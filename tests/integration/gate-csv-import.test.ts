import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { adminMessages } from "~/lib/admin/messages";
import { loader as exportLoader } from "~/routes/admin/gate-export";
import { action as gateAction } from "~/routes/admin/manage/gate-data";
import { holdOf } from "../support/event-loop";
import { adminAndStudent, call, context, flash, getRequest, ORIGIN, type Answer } from "./auth-support";

// The GATE data manager's CSV import at the size it allows (issue 42): 5,000 rank points of one
// paper-year go in on both engines, a 500 KB file never holds up other requests for long, a bad line
// changes nothing, and exporting then importing the same files changes nothing: labels that begin
// with = + - @ are escaped for spreadsheets in the file and come back without the escape.

const sessions = adminAndStudent("gate-csv@example.com", "gate-csv-student@example.com");
const db = () => getDb();
const gateTables = ["gate_rank_points", "gate_paper_years", "gate_papers"] as const;
const STAMP = "2026-01-01T00:00:00.000Z";
const HEADER = "paper_code,year,marks,air,kind,source_label,source_url";
/** What a CSV import may hold the event loop for, in CPU time of the test's thread. */
const HOLD_MS = 100;

/** A multipart POST of these fields, as the import forms send them. */
function multipart(path: string, fields: Record<string, string | File>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  const request = new Request(`${ORIGIN}${path}`, {
    method: "POST",
    body,
    headers: { Origin: ORIGIN, Cookie: sessions.adminCookie },
  });
  return call(gateAction as never, request);
}

/**
 * An import as staff make it (issue 48): the chosen file is checked and its preview shown, then
 * the preview's Import posts the text again with the preview's digest. A refused file stops at
 * the first step.
 */
async function upload(path: string, file: string) {
  const first = await multipart(path, { intent: "import", file: new File([file], "data.csv", { type: "text/csv" }) });
  if (first.kind !== "data" || first.data?.intent !== "import-preview") return first;
  return multipart(path, { intent: "import-confirm", csv: first.data.csv, digest: first.data.digest });
}

const importPoints = (file: string) => upload("/admin/gate-rank-points", file);

async function exported(file: string) {
  const response = (await exportLoader({
    request: getRequest(`/admin/gate-export/${file}`, sessions.adminCookie),
    params: { file },
    context: context(),
  } as never)) as Response;
  return response.text();
}

/** Every row of the GATE tables and the audit log: what a refused or idle import leaves as it was. */
async function gateSnapshot() {
  const out: Record<string, unknown[]> = {};
  for (const table of [...gateTables, "audit_log"] as const) {
    out[table] = await db().selectFrom(table).selectAll().orderBy("id").execute();
  }
  return out;
}

function expectImported(answer: Answer, path: string, outcome: { added: number; updated: number; unchanged: number }) {
  expect(answer).toMatchObject({ kind: "redirect", status: 302, location: path });
  expect(flash(answer)).toBe(adminMessages.gateCsv.imported(outcome));
}

const importErrors = (answer: Answer) => {
  expect(answer).toMatchObject({ kind: "data", status: 400 });
  return (answer as { data: { importErrors: string[] } }).data.importErrors;
};

/** `count` distinct points of CH 2024, one CSV line each. */
const pointLines = (count: number) =>
  Array.from(
    { length: count },
    (_, i) => `CH,2024,${(100 - i / 100).toFixed(2)},${i + 1},official,IISc results ${i},https://gate.iisc.ac.in/r.pdf`,
  );

/** The same lines in another order (a fixed shuffle, so a failure repeats). */
function shuffled<T>(items: readonly T[]) {
  const out = [...items];
  let seed = 42;
  for (let i = out.length - 1; i > 0; i--) {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = seed % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

let ch: number;

beforeEach(async () => {
  for (const table of gateTables) await db().deleteFrom(table).execute();
  await db().deleteFrom("audit_log").execute();
  const papers = await db()
    .insertInto("gate_papers")
    .values([
      { code: "CH", name: "Chemical Engineering", display_order: 1, created_at: STAMP, updated_at: STAMP },
      { code: "CS", name: "Computer Science", display_order: 2, created_at: STAMP, updated_at: STAMP },
    ])
    .returning(["id", "code"])
    .execute();
  ch = papers.find((p) => p.code === "CH")!.id;
});

describe("GATE CSV import at its stated size", () => {
  it("imports 5,000 rank points of one paper-year, and the same file shuffled changes nothing", async () => {
    const lines = pointLines(5000);
    const first = await holdOf(() => importPoints([HEADER, ...lines].join("\n")));
    expectImported(first.result, "/admin/gate-rank-points", { added: 5000, updated: 0, unchanged: 0 });
    expect(first.cpuMs).toBeLessThan(HOLD_MS);
    const stored = await db()
      .selectFrom("gate_rank_points")
      .select(({ fn }) => [fn.countAll<number>().as("count"), fn.min("air").as("min"), fn.max("air").as("max")])
      .where("paper_id", "=", ch)
      .where("year", "=", 2024)
      .executeTakeFirstOrThrow();
    expect({ ...stored, count: Number(stored.count) }).toEqual({ count: 5000, min: 1, max: 5000 });

    const before = await gateSnapshot();
    const again = await holdOf(() => importPoints([HEADER, ...shuffled(lines)].join("\r\n")));
    expectImported(again.result, "/admin/gate-rank-points", { added: 0, updated: 0, unchanged: 5000 });
    expect(again.cpuMs).toBeLessThan(HOLD_MS);
    expect(await gateSnapshot()).toEqual(before);

    // One bad line among 5,000 is named, and nothing is changed.
    const changed = pointLines(5000).map((line) => line.replace("IISc results", "IISc 2024 results"));
    changed[4998] = "CH,2024,50,0,official,IISc results,";
    const refused = await holdOf(() => importPoints([HEADER, ...changed].join("\n")));
    expect(importErrors(refused.result)).toEqual(["Row 5000: AIR must be a whole number of 1 or more"]);
    expect(refused.cpuMs).toBeLessThan(HOLD_MS);
    expect(await gateSnapshot()).toEqual(before);
  });

  it.each([
    ["a cell full of quotes", `CH,2024,60,70,official,${'x"'.repeat(250 * 1024)},`],
    ["one long quoted cell with quotes in it", `CH,2024,60,70,official,"${'x"'.repeat(250 * 1024)}",`],
  ])("reads a 500 KB file with %s without holding up the loop, and refuses it whole", async (_, line) => {
    await importPoints([HEADER, ...pointLines(3)].join("\n"));
    const before = await gateSnapshot();
    const file = `${HEADER}\n${line}\n${pointLines(3).join("\n")}\n`;
    expect(file.length).toBeGreaterThan(500 * 1024);
    const refused = await holdOf(() => importPoints(file));
    expect(importErrors(refused.result)).toEqual(["Row 2: Source must be at most 200 characters"]);
    expect(refused.cpuMs).toBeLessThan(HOLD_MS);
    expect(refused.turns).toBeGreaterThan(10);
    expect(await gateSnapshot()).toEqual(before);
  });
});

describe("GATE CSV export and import round trip", () => {
  // Labels a spreadsheet would run as formulas, at the start or after a separator it may split on.
  const labels = [
    '=HYPERLINK("https://evil.example","prize")',
    "x;=HYPERLINK(1)",
    "+91 helpline",
    "-ve marking",
    "@IISc",
    "'=already escaped by hand",
    "a|@b",
    'Heat, Mass "transfer"',
    "x; -1+2",
  ];

  it("exports the GATE data and imports the same files without a change, labels included", async () => {
    await db()
      .insertInto("gate_rank_points")
      .values(
        labels.map((label, i) => ({
          paper_id: ch,
          year: 2024,
          marks: 90 - i,
          air: i + 1,
          kind: "official" as const,
          source_label: label,
          source_url: null,
          created_at: STAMP,
          updated_at: STAMP,
        })),
      )
      .execute();
    await db()
      .insertInto("gate_paper_years")
      .values(
        labels.map((label, i) => ({
          paper_id: ch,
          year: 2010 + i,
          institute: label,
          qualifying_general: i === 0 ? 25.5 : null,
          qualifying_source_url: i === 0 ? "https://gate.iisc.ac.in/q.pdf" : null,
          created_at: STAMP,
          updated_at: STAMP,
        })),
      )
      .execute();
    const before = await gateSnapshot();

    const points = await exported("rank-points.csv");
    const years = await exported("paper-years.csv");
    // In the file, a spreadsheet sees text: every formula character that could start a cell has a '.
    expect(points).toContain(`"'=HYPERLINK(""https://evil.example"",""prize"")"`);
    expect(points).toContain("x;'=HYPERLINK(1)");
    expect(years).toContain("'@IISc");
    expect(years).toContain("a|'@b");

    expectImported(await upload("/admin/gate-rank-points", points), "/admin/gate-rank-points", {
      added: 0,
      updated: 0,
      unchanged: labels.length,
    });
    expectImported(await upload("/admin/gate-years", years), "/admin/gate-years", {
      added: 0,
      updated: 0,
      unchanged: labels.length,
    });
    expect(await gateSnapshot()).toEqual(before);
    const stored = await db().selectFrom("gate_rank_points").select("source_label").orderBy("air").execute();
    expect(stored.map((row) => row.source_label)).toEqual(labels);
  });
});
