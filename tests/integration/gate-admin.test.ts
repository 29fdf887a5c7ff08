import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { adminMessages } from "~/lib/admin/messages";
import { loader as exportLoader } from "~/routes/admin/gate-export";
import { action as gateAction, loader as gateLoader } from "~/routes/admin/manage/gate-data";
import { adminAndStudent, call, context, flash, getRequest, ORIGIN, postRequest, type Answer } from "./auth-support";

// The GATE data manager (issue 24), its actions called as the router calls them: each write is
// stored with its audit row, each invalid field is refused with its message and nothing stored,
// refused callers change nothing, and the CSV files round-trip: a file with one bad line names
// the line and changes nothing.

// One module serves the five pages; the path posted to says which (as in app/routes.ts).
const [papersAction, yearsAction, pointsAction, previousAction, subjectsAction] = Array(5).fill(gateAction);
const [papersLoader, pointsLoader] = [gateLoader, gateLoader];

const sessions = adminAndStudent("gate-admin@example.com", "gate-student@example.com");
const db = () => getDb();
const gateTables = [
  "gate_subjects",
  "gate_previous_papers",
  "gate_rank_points",
  "gate_paper_years",
  "gate_papers",
] as const;

type Handler = (args: never) => unknown;
const post = (
  action: Handler,
  path: string,
  fields: Record<string, string>,
  cookie: string | null = sessions.adminCookie,
) => call(action as never, postRequest(path, fields, cookie ?? undefined));

/** A multipart POST, as the import form sends a chosen file; then its preview's Import (issue 48). */
async function upload(action: Handler, path: string, file: string, fields: Record<string, string> = {}) {
  const body = new FormData();
  body.set("intent", "import");
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  body.set("file", new File([file], "points.csv", { type: "text/csv" }));
  const request = new Request(`${ORIGIN}${path}`, {
    method: "POST",
    body,
    headers: { Origin: ORIGIN, Cookie: sessions.adminCookie },
  });
  return confirmed(action, path, await call(action as never, request));
}

/** The Import of an import's preview (the text again, with the preview's digest); a refusal as it is. */
function confirmed(action: Handler, path: string, preview: Answer) {
  if (preview.kind !== "data" || preview.data?.intent !== "import-preview") return preview;
  return post(action, path, { intent: "import-confirm", csv: preview.data.csv, digest: preview.data.digest });
}

/** A CSV pasted into the import form, checked, then imported from its preview. */
const pasteAndImport = async (action: Handler, path: string, csv: string) =>
  confirmed(action, path, await post(action, path, { intent: "import", csv }));

/** Every row of the GATE tables and the audit log: what a refused write must leave as it was. */
async function gateSnapshot() {
  const out: Record<string, unknown[]> = {};
  for (const table of [...gateTables, "audit_log"] as const) {
    out[table] = await db().selectFrom(table).selectAll().orderBy("id").execute();
  }
  return out;
}

function expectSaved(answer: Answer, location: string, message: string) {
  expect(answer).toMatchObject({ kind: "redirect", status: 302, location });
  expect(flash(answer)).toBe(message);
}

function expectRefused(answer: Answer, field: string, message: string | RegExp) {
  expect(answer.kind).toBe("data");
  if (answer.kind !== "data") return;
  expect(answer.status).toBe(400);
  expect(answer.data.fieldErrors[field]).toMatch(message);
}

/** A rank-points CSV pasted into the import form. */
const importCsv = (csv: string) => post(pointsAction, "/admin/gate-rank-points", { intent: "import", csv });

const exported = async (file: string) => {
  const response = (await exportLoader({
    request: getRequest(`/admin/gate-export/${file}`, sessions.adminCookie),
    params: { file },
    context: context(),
  } as never)) as Response;
  return response;
};

const lastAudit = () => db().selectFrom("audit_log").selectAll().orderBy("id", "desc").executeTakeFirst();
const STAMP = "2026-01-01T00:00:00.000Z";
let ch: number;
let cs: number;

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
  cs = papers.find((p) => p.code === "CS")!.id;
});

const yearFields = (overrides: Record<string, string> = {}) => ({
  intent: "create",
  paper_id: String(ch),
  year: "2024",
  institute: "IISc Bangalore",
  qualifying_general: "25",
  qualifying_obc_ews: "22.5",
  qualifying_sc_st_pwd: "16.6",
  qualifying_source_url: "https://gate2024.iisc.ac.in/results.pdf",
  qualifying_retrieved_on: "2025-03-01",
  is_qualifying_verified: "on",
  ...overrides,
});

const pointFields = (overrides: Record<string, string> = {}) => ({
  intent: "create",
  paper_id: String(ch),
  year: "2025",
  marks: "55.5",
  air: "120",
  kind: "candidate-reported",
  source_label: "Scorecard shared by a student",
  source_url: "",
  ...overrides,
});

describe(`GATE data manager on ${process.env.TEST_ENGINE}`, () => {
  describe("refused callers", () => {
    const attempts: [string, Handler, string, Record<string, string>][] = [
      ["papers", papersAction, "/admin/gate-papers", { intent: "create", code: "XE", name: "X", display_order: "3" }],
      ["paper-years", yearsAction, "/admin/gate-years", yearFields()],
      ["rank points", pointsAction, "/admin/gate-rank-points", pointFields()],
      ["rank points import", pointsAction, "/admin/gate-rank-points", { intent: "import", csv: "x" }],
      [
        "previous papers",
        previousAction,
        "/admin/gate-previous-papers",
        { intent: "create", paper_id: "1", year: "2024" },
      ],
      [
        "subjects",
        subjectsAction,
        "/admin/gate-subjects",
        { intent: "create", paper_id: "1", name: "X", display_order: "1" },
      ],
    ];
    it.each(attempts)(
      "%s: anonymous goes to sign-in, a non-admin is denied; nothing changes",
      async (_n, action, path, fields) => {
        const before = await gateSnapshot();
        expect(await post(action, path, fields, null)).toMatchObject({ kind: "redirect", location: "/admin/login" });
        expect(await post(action, path, fields, sessions.studentCookie)).toMatchObject({ status: 403 });
        expect(await gateSnapshot()).toEqual(before);
      },
    );

    it("refuses the CSV export to anonymous and non-admin callers", async () => {
      const path = "/admin/gate-export/rank-points.csv";
      expect(await call(exportLoader as never, getRequest(path))).toMatchObject({ location: "/admin/login" });
      expect(await call(exportLoader as never, getRequest(path, sessions.studentCookie))).toMatchObject({
        status: 403,
      });
    });
  });

  describe("papers", () => {
    it("creates a paper (code upper-cased) with its audit row", async () => {
      const answer = await post(papersAction, "/admin/gate-papers?new=1", {
        intent: "create",
        code: "xe",
        name: "Engineering Sciences",
        display_order: "5",
      });
      expectSaved(answer, "/admin/gate-papers", adminMessages.gatePapers.created);
      const row = await db().selectFrom("gate_papers").selectAll().where("code", "=", "XE").executeTakeFirstOrThrow();
      expect(row).toMatchObject({ name: "Engineering Sciences", display_order: 5 });
      expect(await lastAudit()).toMatchObject({ action: "create", entity: "gate_papers", entity_id: String(row.id) });
    });

    it.each([
      ["code", { code: "C" }, /2 to 4 letters/],
      ["code", { code: "CH" }, adminMessages.gatePapers.codeTaken],
      ["name", { name: " " }, "Paper name is required"],
      ["display_order", { display_order: "-1" }, /whole number of 0 or more/],
    ])("refuses a bad %s and stores nothing", async (field, overrides, message) => {
      const before = await gateSnapshot();
      const answer = await post(papersAction, "/admin/gate-papers", {
        intent: "create",
        code: "XE",
        name: "Engineering Sciences",
        display_order: "3",
        ...overrides,
      });
      expectRefused(answer, field, message);
      expect(await gateSnapshot()).toEqual(before);
    });

    it("says what deleting a paper takes along, then deletes it all with the counts audited", async () => {
      await post(yearsAction, "/admin/gate-years", yearFields());
      await post(pointsAction, "/admin/gate-rank-points", pointFields());
      await post(pointsAction, "/admin/gate-rank-points", pointFields({ air: "200", marks: "50" }));
      const page = await call(papersLoader as never, getRequest("/admin/gate-papers?delete=1", sessions.adminCookie));
      const listed = (
        (page as { data: unknown }).data as { papers: { code: string; impact: Record<string, number> }[] }
      ).papers;
      const impact = listed.find((p) => p.code === "CH")!.impact;
      expect(impact).toEqual({ gate_paper_years: 1, gate_rank_points: 2, gate_previous_papers: 0, gate_subjects: 0 });
      expect(adminMessages.gatePapers.cascadeNotice(impact)).toContain("1 year of figures, 2 rank points");

      expectSaved(
        await post(papersAction, "/admin/gate-papers", { intent: "delete", id: String(ch) }),
        "/admin/gate-papers",
        adminMessages.gatePapers.deleted,
      );
      expect(await db().selectFrom("gate_rank_points").selectAll().execute()).toEqual([]);
      expect(await db().selectFrom("gate_paper_years").selectAll().execute()).toEqual([]);
      const audit = await lastAudit();
      expect(audit).toMatchObject({ action: "delete", entity: "gate_papers", entity_id: String(ch) });
      expect(JSON.parse(audit!.details!)).toMatchObject({ code: "CH", gate_paper_years: 1, gate_rank_points: 2 });
    });
  });

  describe("paper-years", () => {
    it("stores the figures with their provenance, exactly, and audits the write", async () => {
      expectSaved(
        await post(
          yearsAction,
          "/admin/gate-years",
          yearFields({ top_mean_marks: "74.33", top_mean_source_url: "https://gate.example/mt.pdf" }),
        ),
        "/admin/gate-years",
        adminMessages.gateYears.created,
      );
      const row = await db().selectFrom("gate_paper_years").selectAll().executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        paper_id: ch,
        year: 2024,
        qualifying_general: 25,
        qualifying_obc_ews: 22.5,
        qualifying_sc_st_pwd: 16.6,
        qualifying_retrieved_on: "2025-03-01",
        is_qualifying_verified: true,
        top_mean_marks: 74.33,
        is_top_mean_verified: false,
        candidates_appeared: null,
      });
      expect(await lastAudit()).toMatchObject({ action: "create", entity: "gate_paper_years" });
    });

    it.each([
      ["year", { year: "20x4" }, "Year must be a year such as 2025"],
      ["paper_id", { paper_id: "" }, "Choose a paper"],
      ["paper_id", { paper_id: "999999" }, "Choose a paper"],
      ["qualifying_general", { qualifying_general: "101" }, "General qualifying marks must be between 0 and 100"],
      ["qualifying_obc_ews", { qualifying_obc_ews: "22.555" }, /at most two decimals/],
      ["qualifying_sc_st_pwd", { qualifying_sc_st_pwd: "abc" }, /must be a number/],
      ["qualifying_source_url", { qualifying_source_url: "javascript:alert(1)" }, /http:\/\/ or https:\/\//],
      ["qualifying_source_url", { qualifying_source_url: "" }, "Add the source URL of the qualifying marks"],
      ["qualifying_retrieved_on", { qualifying_retrieved_on: "01/03/2025" }, /YYYY-MM-DD/],
      ["qualifying_retrieved_on", { qualifying_retrieved_on: "2025-02-30" }, /real date/],
      ["qualifying_retrieved_on", { qualifying_retrieved_on: "2999-01-01" }, /cannot be in the future/],
      ["is_top_mean_verified", { is_top_mean_verified: "on" }, "Enter Mt before marking them verified"],
      ["candidates_appeared", { candidates_appeared: "12.5" }, /whole number/],
      ["candidates_source_url", { candidates_appeared: "9000" }, "Add the source URL of the candidates appeared"],
    ])("refuses a bad %s (%j) and stores nothing", async (field, overrides, message) => {
      const before = await gateSnapshot();
      expectRefused(await post(yearsAction, "/admin/gate-years", yearFields(overrides)), field, message);
      expect(await gateSnapshot()).toEqual(before);
    });

    it("refuses a second row for the same paper and year, but allows the row's own update", async () => {
      await post(yearsAction, "/admin/gate-years", yearFields());
      const before = await gateSnapshot();
      expectRefused(await post(yearsAction, "/admin/gate-years", yearFields()), "year", adminMessages.gateYears.taken);
      expect(await gateSnapshot()).toEqual(before);
      const { id } = await db().selectFrom("gate_paper_years").select("id").executeTakeFirstOrThrow();
      expectSaved(
        await post(
          yearsAction,
          "/admin/gate-years",
          yearFields({ intent: "update", id: String(id), institute: "IISc" }),
        ),
        "/admin/gate-years",
        adminMessages.gateYears.updated,
      );
    });
  });

  describe("rank points", () => {
    it("stores a point with its kind and source, and audits it", async () => {
      expectSaved(
        await post(pointsAction, "/admin/gate-rank-points", pointFields({ marks: "-3.33" })),
        "/admin/gate-rank-points",
        adminMessages.gateRankPoints.created,
      );
      expect(await db().selectFrom("gate_rank_points").selectAll().executeTakeFirstOrThrow()).toMatchObject({
        paper_id: ch,
        year: 2025,
        marks: -3.33,
        air: 120,
        kind: "candidate-reported",
        source_url: null,
      });
      expect(await lastAudit()).toMatchObject({ action: "create", entity: "gate_rank_points" });
    });

    it.each([
      ["air", { air: "0" }, "AIR must be a whole number of 1 or more"],
      ["air", { air: "1.5" }, "AIR must be a whole number of 1 or more"],
      ["marks", { marks: "-40" }, "Marks must be between -33.33 and 100"],
      ["marks", { marks: "" }, "Marks must be a number"],
      ["kind", { kind: "guess" }, /Kind must be official/],
      ["source_label", { source_label: "" }, "Source is required"],
      ["source_url", { source_url: "ftp://files.example/x" }, /http:\/\/ or https:\/\//],
      ["year", { year: "1900" }, "Year must be 1984 or later"],
    ])("refuses a bad %s (%j) and stores nothing", async (field, overrides, message) => {
      const before = await gateSnapshot();
      expectRefused(await post(pointsAction, "/admin/gate-rank-points", pointFields(overrides)), field, message);
      expect(await gateSnapshot()).toEqual(before);
    });

    it("lists one paper's points with ?paper=", async () => {
      await post(pointsAction, "/admin/gate-rank-points", pointFields());
      await post(pointsAction, "/admin/gate-rank-points", pointFields({ paper_id: String(cs), air: "5000" }));
      const page = await call(
        pointsLoader as never,
        getRequest("/admin/gate-rank-points?paper=cs", sessions.adminCookie),
      );
      expect(
        // One page of the list as its address says (issue 48).
        ((page as { data: unknown }).data as { points: { rows: { air: number }[] } }).points.rows.map((p) => p.air),
      ).toEqual([5000]);
      expect(((page as { data: unknown }).data as { filter: string }).filter).toBe("CS");
    });
  });

  describe("previous papers and subjects", () => {
    it("stores links (empty means not yet added) and refuses a link that is not http(s)", async () => {
      const fields = {
        intent: "create",
        paper_id: String(ch),
        year: "2024",
        question_paper_url: "https://gate.iisc.ac.in/ch.pdf",
        answer_key_url: "",
        source_url: "",
      };
      expectSaved(
        await post(previousAction, "/admin/gate-previous-papers", fields),
        "/admin/gate-previous-papers",
        adminMessages.gatePreviousPapers.created,
      );
      expect(await db().selectFrom("gate_previous_papers").selectAll().executeTakeFirstOrThrow()).toMatchObject({
        question_paper_url: "https://gate.iisc.ac.in/ch.pdf",
        answer_key_url: null,
      });
      const before = await gateSnapshot();
      expectRefused(
        await post(previousAction, "/admin/gate-previous-papers", {
          ...fields,
          year: "2023",
          answer_key_url: "data:text/html,x",
        }),
        "answer_key_url",
        /http:\/\/ or https:\/\//,
      );
      expectRefused(
        await post(previousAction, "/admin/gate-previous-papers", fields),
        "year",
        adminMessages.gatePreviousPapers.taken,
      );
      expect(await gateSnapshot()).toEqual(before);
    });

    it("stores a subject practised at an external link, and refuses both kinds of practice or a bad count", async () => {
      const fields = {
        intent: "create",
        paper_id: String(ch),
        name: "Heat Transfer",
        topics: "Conduction\nConvection",
        question_count: "",
        free_test_subcategory_id: "",
        practice_url: "https://practice.example/ht",
        display_order: "1",
      };
      expectSaved(
        await post(subjectsAction, "/admin/gate-subjects", fields),
        "/admin/gate-subjects",
        adminMessages.gateSubjects.created,
      );
      expect(await db().selectFrom("gate_subjects").selectAll().executeTakeFirstOrThrow()).toMatchObject({
        question_count: null,
        topics: "Conduction\nConvection",
        free_test_subcategory_id: null,
      });
      const before = await gateSnapshot();
      expectRefused(
        await post(subjectsAction, "/admin/gate-subjects", { ...fields, question_count: "-1" }),
        "question_count",
        /whole number of 0 or more/,
      );
      expectRefused(
        await post(subjectsAction, "/admin/gate-subjects", { ...fields, free_test_subcategory_id: "999999" }),
        "practice_url",
        /not both/,
      );
      expectRefused(
        await post(subjectsAction, "/admin/gate-subjects", {
          ...fields,
          practice_url: "",
          free_test_subcategory_id: "999999",
        }),
        "free_test_subcategory_id",
        adminMessages.gateSubjects.chooseSubcategory,
      );
      expect(await gateSnapshot()).toEqual(before);
    });
  });

  describe("CSV", () => {
    it("exports paper-years with paper codes and yes/no, as a download", async () => {
      await post(yearsAction, "/admin/gate-years", yearFields());
      const response = await exported("paper-years.csv");
      expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
      expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="gate-paper-years.csv"');
      const lines = (await response.text())
        .replace(/^\uFEFF/, "")
        .trim()
        .split("\r\n");
      expect(lines[0]).toMatch(/^paper_code,year,institute,qualifying_general,/);
      expect(lines[1]).toBe(
        "CH,2024,IISc Bangalore,25,22.5,16.6,https://gate2024.iisc.ac.in/results.pdf,2025-03-01,yes,,,,no,,,,no",
      );
    });

    it("imports rank points, and importing the export again changes nothing", async () => {
      const csv =
        "paper_code,year,marks,air,kind,source_label,source_url\nCH,2024,60,70,official,IISc results,https://gate.iisc.ac.in/r.pdf\nch,2024,50.25,260,official,IISc results,\n";
      expectSaved(
        await pasteAndImport(pointsAction, "/admin/gate-rank-points", csv),
        "/admin/gate-rank-points",
        adminMessages.gateCsv.imported({ added: 2, updated: 0, unchanged: 0 }),
      );
      expect(
        await db().selectFrom("gate_rank_points").select(["marks", "air", "source_url"]).orderBy("air").execute(),
      ).toEqual([
        { marks: 60, air: 70, source_url: "https://gate.iisc.ac.in/r.pdf" },
        { marks: 50.25, air: 260, source_url: null },
      ]);
      const audit = await lastAudit();
      expect(audit).toMatchObject({ action: "import", entity: "gate_rank_points", entity_id: null });
      expect(JSON.parse(audit!.details!)).toEqual({ imported: 2, added: 2, updated: 0, unchanged: 0 });

      const before = await gateSnapshot();
      const again = await (await exported("rank-points.csv")).text();
      expectSaved(
        await upload(pointsAction, "/admin/gate-rank-points", again),
        "/admin/gate-rank-points",
        adminMessages.gateCsv.imported({ added: 0, updated: 0, unchanged: 2 }),
      );
      expect(await gateSnapshot()).toEqual(before);
    });

    it("replaces the points of each paper-year in the file and keeps the others", async () => {
      await post(pointsAction, "/admin/gate-rank-points", pointFields({ year: "2024", air: "1" }));
      await post(pointsAction, "/admin/gate-rank-points", pointFields({ year: "2025", air: "2" }));
      const csv = "paper_code,year,marks,air,kind,source_label,source_url\nCH,2024,70,30,official,IISc results,\n";
      await pasteAndImport(pointsAction, "/admin/gate-rank-points", csv);
      expect(await db().selectFrom("gate_rank_points").select(["year", "air"]).orderBy("year").execute()).toEqual([
        { year: 2024, air: 30 },
        { year: 2025, air: 2 },
      ]);
    });

    it("refuses a file with a bad row, naming the row, and changes nothing", async () => {
      await post(pointsAction, "/admin/gate-rank-points", pointFields({ year: "2024" }));
      const before = await gateSnapshot();
      const csv = [
        "paper_code,year,marks,air,kind,source_label,source_url",
        "CH,2024,60,70,official,IISc results,",
        "CH,2024,50,0,official,IISc results,",
        "XX,2024,50,10,official,IISc results,",
        "CH,2024,101,10,guess,IISc results,",
      ].join("\n");
      const answer = await post(pointsAction, "/admin/gate-rank-points", { intent: "import", csv });
      expect(answer).toMatchObject({ kind: "data", status: 400 });
      const data = (answer as { data: { importErrors: string[]; formError: string; values: Record<string, string> } })
        .data;
      expect(data.importErrors).toEqual([
        "Row 3: AIR must be a whole number of 1 or more",
        'Row 4: paper code "XX" is not a paper; add it under GATE Papers first',
        "Row 5: Marks must be between -33.33 and 100",
        "Row 5: Kind must be official, candidate-reported or third-party estimate",
      ]);
      expect(data.formError).toBe(adminMessages.gateCsv.failed(4));
      expect(data.values.csv).toBe(csv);
      expect(await gateSnapshot()).toEqual(before);
    });

    it("imports paper-years by paper and year (added, updated), refusing a repeated pair or a bad verified cell", async () => {
      await post(yearsAction, "/admin/gate-years", yearFields());
      const header = (await (await exported("paper-years.csv")).text()).replace(/^\uFEFF/, "").split("\r\n")[0];
      const good = `${header}\nCH,2024,IISc,25,22.5,16.6,https://a.example/q.pdf,,no,,,,no,,,,no\nCH,2025,IIT Roorkee,27.7,24.9,18.4,https://b.example/q.pdf,,no,,,,no,,,,no\n`;
      expectSaved(
        await pasteAndImport(yearsAction, "/admin/gate-years", good),
        "/admin/gate-years",
        adminMessages.gateCsv.imported({ added: 1, updated: 1, unchanged: 0 }),
      );
      expect(
        await db()
          .selectFrom("gate_paper_years")
          .select(["year", "institute", "is_qualifying_verified"])
          .orderBy("year")
          .execute(),
      ).toEqual([
        { year: 2024, institute: "IISc", is_qualifying_verified: false },
        { year: 2025, institute: "IIT Roorkee", is_qualifying_verified: false },
      ]);
      const before = await gateSnapshot();
      const bad = `${header}\nCH,2024,IISc,25,,,https://a.example/q.pdf,,maybe,,,,no,,,,no\nCH,2024,IISc,25,,,https://a.example/q.pdf,,no,,,,no,,,,no\nCS,2024,IIT,30,,,,,no,,,,no,,,,no\n`;
      const answer = await post(yearsAction, "/admin/gate-years", { intent: "import", csv: bad });
      expect((answer as { data: { importErrors: string[] } }).data.importErrors).toEqual([
        "Row 2: is_qualifying_verified must be yes or no",
        "Row 4: Add the source URL of the qualifying marks",
      ]);
      expect(await gateSnapshot()).toEqual(before);
      const repeated = `${header}\nCH,2024,IISc,25,,,https://a.example/q.pdf,,no,,,,no,,,,no\nCH,2024,IISc,25,,,https://a.example/q.pdf,,no,,,,no,,,,no\n`;
      const twice = await post(yearsAction, "/admin/gate-years", { intent: "import", csv: repeated });
      expect((twice as { data: { importErrors: string[] } }).data.importErrors).toEqual([
        "Row 3: CH 2024 is already in row 2",
      ]);
    });

    it("refuses a wrong header, an empty file and a file past the row cap", async () => {
      expect(
        ((await importCsv("code,year\nCH,2024\n")) as { data: { importErrors: string[] } }).data.importErrors[0],
      ).toMatch(/^Row 1: the header row must name these columns: paper_code, year, marks/);
      expect(((await importCsv("  ")) as { data: { importErrors: string[] } }).data.importErrors).toEqual([
        adminMessages.gateCsv.nothing,
      ]);
      const many = `paper_code,year,marks,air,kind,source_label,source_url\n${"CH,2024,50,10,official,x,\n".repeat(5001)}`;
      expect(((await importCsv(many)) as { data: { importErrors: string[] } }).data.importErrors).toEqual([
        "The file has more than 5000 rows. Split it into smaller files.",
      ]);
    });
  });
});
