import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { countNewQuestionReports, listQuestionsForAdmin } from "~/db/queries/question-writes.server";
import { adminMessages } from "~/lib/admin/messages";
import { questionErrors } from "~/lib/schemas/admin/question";
import { loader as layoutLoader } from "~/routes/admin/layout";
import { action, loader } from "~/routes/admin/manage/questions";
import { action as previewAction, loader as previewLoader } from "~/routes/admin/question-preview";
import { loader as exportLoader } from "~/routes/admin/questions-export";
import { adminAndStudent, call, context, flash, getRequest, ORIGIN, postRequest, type Answer } from "./auth-support";

// The question bank's staff side (issue 46), called as the router calls it, on both engines: the
// editor's actions valid and invalid (each refusal stores nothing), the audit rows and the
// content-version bump, the versioning rule (an answered version is never changed), publish and
// unpublish, delete, the previews (which store nothing), the import (a bad row changes nothing;
// nothing changes before the confirmation; an export imported again changes nothing) and the
// reports queue.

const ADMIN = "questions-admin@example.com";
const PATH = "/admin/questions";
const sessions = adminAndStudent(ADMIN, "questions-student@example.com");
const m = adminMessages.questions;
const db = () => getDb();

const post = (fields: Record<string, string>, search = "") =>
  call(action as never, postRequest(`${PATH}${search}`, fields, sessions.adminCookie));
const get = (search = "") => call(loader as never, getRequest(`${PATH}${search}`, sessions.adminCookie));

/** A multipart POST, as the import form sends a chosen file. */
function upload(fields: Record<string, string>, file?: { name: string; text: string }) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  if (file) body.set("file", new File([file.text], file.name, { type: "text/plain" }));
  const request = new Request(`${ORIGIN}${PATH}?tab=files`, {
    method: "POST",
    body,
    headers: { Origin: ORIGIN, Cookie: sessions.adminCookie },
  });
  return call(action as never, request);
}

async function exported(file: string, search = "") {
  const response = (await (exportLoader as (args: unknown) => Promise<Response>)({
    request: getRequest(`/admin/questions/export/${file}${search}`, sessions.adminCookie),
    params: { file },
    context: context(),
  })) as Response;
  expect(response.status).toBe(200);
  return response.text();
}

/** A valid MCQ as the form posts it: inline and display math, option B correct. */
const mcq = (overrides: Record<string, string> = {}): Record<string, string> => ({
  intent: "create",
  type: "mcq",
  marks: "1",
  subject: "chemical-reaction-engineering",
  topic: "kinetics-of-homogeneous-reactions",
  difficulty: "medium",
  source: "original",
  status: "draft",
  text: "For a first-order reaction with $k = 0.1\\,\\mathrm{s^{-1}}$, the half-life is\n\n$$t_{1/2} = \\frac{\\ln 2}{k}$$",
  option_a: "$3.47$ s",
  option_b: "$6.93$ s",
  option_c: "$10$ s",
  option_d: "$0.693$ s",
  correct_b: "on",
  solution: "Half-life of a first-order reaction:\n\n$$t_{1/2} = \\frac{\\ln 2}{0.1} = 6.93\\,\\mathrm{s}$$",
  ...overrides,
});

const nat = (overrides: Record<string, string> = {}): Record<string, string> => ({
  intent: "create",
  type: "nat",
  marks: "2",
  subject: "heat-transfer",
  topic: "steady-and-unsteady-heat-conduction-convection",
  difficulty: "hard",
  source: "gate",
  gate_year: "2024",
  gate_question_no: "41",
  status: "published",
  text: "A slab conducts heat. Find $q$ in W/m².",
  nat_min: "2.40",
  nat_max: "2.60",
  nat_decimals: "2",
  solution: "$q = k\\Delta T/L = 2.5$",
  ...overrides,
});

/** Every row of the question tables and the audit log: what a refusal leaves as it was. */
async function questionSnapshot() {
  const out: Record<string, unknown[]> = {};
  for (const table of ["questions", "question_versions", "question_answers", "question_reports", "audit_log"] as const)
    out[table] = await db().selectFrom(table).selectAll().orderBy("id").execute();
  out.content_version = await db().selectFrom("content_version").selectAll().execute();
  return out;
}

const contentVersion = async () =>
  Number((await db().selectFrom("content_version").select("version").executeTakeFirstOrThrow()).version);

function fieldErrorsOf(answer: Answer) {
  expect(answer).toMatchObject({ kind: "data", status: 400 });
  return (answer as { data: { fieldErrors: Record<string, string> } }).data.fieldErrors;
}

function expectDone(answer: Answer, message: string, location = PATH) {
  expect(answer).toMatchObject({ kind: "redirect", status: 302 });
  // A saved or published question is the list's fragment (#row-12, issue 48): scrolled to.
  if (answer.kind === "redirect") expect(answer.location.replace(/#row-\d+$/, "")).toBe(location);
  expect(flash(answer)).toBe(message);
}

async function onlyQuestion() {
  const question = await db().selectFrom("questions").selectAll().executeTakeFirstOrThrow();
  const versions = await db()
    .selectFrom("question_versions")
    .selectAll()
    .where("question_id", "=", question.id)
    .orderBy("version_no")
    .execute();
  return { question, versions };
}

async function addAnswer(versionId: number, right: boolean) {
  await db()
    .insertInto("question_answers")
    .values({ version_id: versionId, answer: "[1]", is_correct: right, created_at: new Date().toISOString() })
    .execute();
}

beforeEach(async () => {
  for (const table of ["question_reports", "question_answers", "question_versions", "questions", "audit_log"] as const)
    await db().deleteFrom(table).execute();
});

describe("the question editor's action", () => {
  it("creates an MCQ with its Markdown and math rendered on the server, audited, the site's pages refreshed", async () => {
    const before = await contentVersion();
    expectDone(await post(mcq()), m.created);
    const { question, versions } = await onlyQuestion();
    expect(question).toMatchObject({
      // The text's first words, cut at a word within 60 characters (room left for a "-2").
      slug: "for-a-first-order-reaction-with-k-0-1-s-1-the-half-life",
      status: "draft",
      subject: "chemical-reaction-engineering",
      current_version: 1,
      published_at: null,
      source: "original",
      gate_year: null,
    });
    expect(question.slug.length).toBeLessThanOrEqual(60);
    const [v1] = versions;
    expect(v1).toMatchObject({
      version_no: 1,
      type: "mcq",
      marks: 1,
      correct: "[1]",
      nat_min: null,
      created_by: ADMIN,
    });
    expect(v1!.text_html).toContain('<math display="block"');
    expect(v1!.text_html).toContain("<mfrac>");
    expect(v1!.text_html).not.toContain("$");
    const options = JSON.parse(v1!.options_html) as string[];
    expect(options).toHaveLength(4);
    expect(options[1]).toMatch(/^<math><mn>6\.93<\/mn><\/math> s$/);
    expect(v1!.solution_html).toContain("<math");
    const audit = await db().selectFrom("audit_log").selectAll().execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "create",
      entity: "questions",
      entity_id: String(question.id),
      actor_email: ADMIN,
    });
    expect(JSON.parse(audit[0]!.details!)).toEqual({ slug: question.slug, type: "mcq", status: "draft" });
    expect(await contentVersion()).toBe(before + 1);
  });

  it("creates a NAT question from a GATE paper, published, its range kept and no options", async () => {
    expectDone(await post(nat({ option_a: "left over", correct_a: "on" })), m.created);
    const { question, versions } = await onlyQuestion();
    expect(question).toMatchObject({ status: "published", source: "gate", gate_year: 2024, gate_question_no: 41 });
    expect(question.published_at).not.toBeNull();
    expect(versions[0]).toMatchObject({
      type: "nat",
      marks: 2,
      nat_min: 2.4,
      nat_max: 2.6,
      nat_decimals: 2,
      correct: null,
    });
    expect(versions[0]!.options_md).toBe("[]");
  });

  const refusals: [string, Record<string, string>, string, string | RegExp][] = [
    ["a missing key", mcq({ correct_b: "" }), "correct", questionErrors.mcqKey],
    ["an MSQ with no correct option", mcq({ type: "msq", correct_b: "" }), "correct", questionErrors.msqKey],
    [
      "a NAT range whose low is above its high",
      nat({ nat_min: "2.6", nat_max: "2.4" }),
      "nat_max",
      questionErrors.natOrder,
    ],
    ["1.5 marks", mcq({ marks: "1.5" }), "marks", questionErrors.marks],
    [
      "a topic not in the syllabus",
      mcq({ topic: "quantum-chromodynamics" }),
      "topic",
      questionErrors.topic("Chemical Reaction Engineering"),
    ],
    [
      "a topic of another subject",
      mcq({ topic: "steady-and-unsteady-heat-conduction-convection" }),
      "topic",
      questionErrors.topic("Chemical Reaction Engineering"),
    ],
    ["an MCQ without four options", mcq({ option_c: "" }), "options", "MCQ needs four options"],
    [
      "math that does not parse in the solution",
      mcq({ solution: "First line\n\nThen:\n$$\\frac{1}{$$" }),
      "solution",
      /^Solution, line 4: .*expected '\}'/,
    ],
    [
      "math that does not parse in the text",
      mcq({ text: "Line one\nline two with $\\notacommand{x}$" }),
      "text",
      /^Question text, line 2: .*\\notacommand/,
    ],
    ["math that does not parse in an option", mcq({ option_c: "$x^{$" }), "option_c", /^Option C: /],
  ];

  it.each(refusals)("refuses %s with the field's error, and stores nothing", async (_, fields, field, message) => {
    const before = await questionSnapshot();
    const errors = fieldErrorsOf(await post(fields));
    if (typeof message === "string") expect(errors[field]).toBe(message);
    else expect(errors[field]).toMatch(message);
    expect(await questionSnapshot()).toEqual(before);
  });

  it("says every problem of one submission: the schema's and the math's together", async () => {
    const errors = fieldErrorsOf(await post(mcq({ marks: "3", solution: "ok\n\n$\\frac{1}{$" })));
    expect(errors.marks).toBe(questionErrors.marks);
    expect(errors.solution).toMatch(/^Solution, line 3: /);
  });

  it("refuses an edit of a question that does not exist", async () => {
    const answer = await post({ ...mcq(), intent: "update", id: "999999" });
    expect(answer).toMatchObject({ kind: "data", status: 404, data: { formError: m.notFound } });
  });
});

describe("the versioning rule", () => {
  it("makes version 2 when version 1 was answered; the answer keeps version 1, which is never changed", async () => {
    expectDone(await post(mcq()), m.created);
    const { question, versions: before } = await onlyQuestion();
    const v1 = before[0]!;
    await addAnswer(v1.id, true);

    const edit: Record<string, string> = {
      ...mcq({ option_b: "$6.9$ s", text: "Half-life of a first-order reaction with $k = 0.1$?" }),
      intent: "update",
      id: String(question.id),
    };
    expectDone(await post(edit), m.newVersion(2));
    const after = await onlyQuestion();
    expect(after.question.current_version).toBe(2);
    expect(after.versions).toHaveLength(2);
    expect(after.versions[0]).toEqual(v1);
    expect(after.versions[1]).toMatchObject({ version_no: 2, text_md: edit.text });
    expect(JSON.parse(after.versions[1]!.options_md)).toContain("$6.9$ s");
    const answers = await db().selectFrom("question_answers").select("version_id").execute();
    expect(answers).toEqual([{ version_id: v1.id }]);
    const audit = await db().selectFrom("audit_log").select(["action", "details"]).orderBy("id").execute();
    expect(audit.at(-1)!.action).toBe("update");
    expect(JSON.parse(audit.at(-1)!.details!)).toMatchObject({ version: 2, revision: "new-version" });

    // Version 2 has no answers yet: the next edit changes it in place.
    const again = { ...edit, solution: "A clearer solution: $t_{1/2} = 6.93$ s" };
    expectDone(await post(again), m.updated);
    const third = await onlyQuestion();
    expect(third.question.current_version).toBe(2);
    expect(third.versions).toHaveLength(2);
    expect(third.versions[0]).toEqual(v1);
    expect(third.versions[1]!.id).toBe(after.versions[1]!.id);
    expect(third.versions[1]!.solution_md).toBe(again.solution);
  });

  it("changes an unanswered version in place, and an answered one's syllabus place without a new version", async () => {
    expectDone(await post(mcq()), m.created);
    const { question, versions } = await onlyQuestion();
    const edit: Record<string, string> = {
      ...mcq({ correct_b: "", correct_a: "on" }),
      intent: "update",
      id: String(question.id),
    };
    expectDone(await post(edit), m.updated);
    const inPlace = await onlyQuestion();
    expect(inPlace.versions).toHaveLength(1);
    expect(inPlace.versions[0]).toMatchObject({ id: versions[0]!.id, version_no: 1, correct: "[0]" });

    await addAnswer(versions[0]!.id, false);
    expectDone(await post({ ...edit, difficulty: "hard" }), m.updated);
    const moved = await onlyQuestion();
    expect(moved.question).toMatchObject({ difficulty: "hard", current_version: 1 });
    expect(moved.versions).toEqual(inPlace.versions);
  });

  it("keeps a published question's slug when its text changes; a draft's slug follows its text", async () => {
    expectDone(await post(mcq({ text: "Old words of a draft question" })), m.created);
    const { question } = await onlyQuestion();
    expect(question.slug).toBe("old-words-of-a-draft-question");
    const edit: Record<string, string> = {
      ...mcq({ text: "New words of the draft" }),
      intent: "update",
      id: String(question.id),
    };
    expectDone(await post(edit), m.updated);
    expect((await onlyQuestion()).question.slug).toBe("new-words-of-the-draft");

    expectDone(await post({ intent: "publish", id: String(question.id) }), m.published);
    expectDone(await post({ ...edit, text: "Entirely different words now" }), m.updated);
    expect((await onlyQuestion()).question.slug).toBe("new-words-of-the-draft");
  });

  it("makes two questions with the same first words two slugs", async () => {
    expectDone(await post(mcq({ text: "Same start" })), m.created);
    expectDone(await post(mcq({ text: "Same start", topic: "theories-of-reaction-rates" })), m.created);
    const slugs = await db().selectFrom("questions").select("slug").orderBy("id").execute();
    expect(slugs.map((s) => s.slug)).toEqual(["same-start", "same-start-2"]);
  });
});

describe("publish, unpublish and delete", () => {
  it("publishes and unpublishes, each audited; the first publication's moment is kept", async () => {
    expectDone(await post(mcq()), m.created);
    const { question } = await onlyQuestion();
    expectDone(await post({ intent: "publish", id: String(question.id) }), m.published);
    const published = (await onlyQuestion()).question;
    expect(published.status).toBe("published");
    expect(published.published_at).not.toBeNull();
    expectDone(await post({ intent: "unpublish", id: String(question.id) }), m.unpublished);
    const unpublished = (await onlyQuestion()).question;
    expect(unpublished).toMatchObject({ status: "draft", published_at: published.published_at });
    const audit = await db().selectFrom("audit_log").select(["action", "details"]).orderBy("id").execute();
    expect(audit.slice(1).map((row) => JSON.parse(row.details!).status)).toEqual(["published", "draft"]);
  });

  it("deletes an unanswered question with its versions, and keeps an answered one", async () => {
    expectDone(await post(mcq()), m.created);
    expectDone(await post(mcq({ text: "A second question" })), m.created);
    const [first, second] = await db().selectFrom("questions").select("id").orderBy("id").execute();
    const version = await db()
      .selectFrom("question_versions")
      .select("id")
      .where("question_id", "=", second!.id)
      .executeTakeFirstOrThrow();
    await addAnswer(version.id, true);

    expectDone(await post({ intent: "delete", id: String(first!.id) }), m.deleted);
    const before = await questionSnapshot();
    const refused = await post({ intent: "delete", id: String(second!.id) });
    expect(refused).toMatchObject({ kind: "data", status: 409, data: { formError: m.answeredNoDelete } });
    expect(await questionSnapshot()).toEqual(before);
    expect((await db().selectFrom("questions").select("id").execute()).map((q) => q.id)).toEqual([second!.id]);
  });
});

describe("the previews", () => {
  it("renders the posted form beneath the editor without JavaScript, and stores nothing", async () => {
    const before = await questionSnapshot();
    const answer = await post({ ...mcq(), intent: "preview" }, "?new=1");
    expect(answer).toMatchObject({ kind: "data", status: 200, data: { ok: true, intent: "preview" } });
    const { preview, values } = (answer as { data: { preview: any; values: Record<string, string> } }).data;
    expect(preview.text).toContain('<math display="block"');
    expect(preview.options.map((o: { correct: boolean }) => o.correct)).toEqual([false, true, false, false]);
    expect(values.text).toBe(mcq().text);
    expect(await questionSnapshot()).toEqual(before);
  });

  it("answers the live preview with MathML or the line that does not parse, guarded, storing nothing", async () => {
    const before = await questionSnapshot();
    const ok = await call(previewAction as never, postRequest("/admin/questions/preview", mcq(), sessions.adminCookie));
    expect(ok.kind === "data" && ok.data.preview.solution).toContain("<mfrac>");
    const bad = await call(
      previewAction as never,
      postRequest("/admin/questions/preview", nat({ text: "one\ntwo\nthree $\\alpha^{$" }), sessions.adminCookie),
    );
    expect(bad.kind === "data" && bad.data.preview.errors.text).toMatch(/^Question text, line 3: /);
    expect(bad.kind === "data" && bad.data.preview.nat).toEqual({ min: "2.40", max: "2.60", decimals: "2" });
    const student = await call(
      previewAction as never,
      postRequest("/admin/questions/preview", mcq(), sessions.studentCookie),
    );
    expect(student).toMatchObject({ kind: "data", status: 403 });
    const anonymous = await call(previewAction as never, postRequest("/admin/questions/preview", mcq()));
    expect(anonymous).toMatchObject({ kind: "redirect", location: "/admin/login" });
    expect(
      await call(previewLoader as never, getRequest("/admin/questions/preview", sessions.adminCookie)),
    ).toMatchObject({
      kind: "data",
      status: 405,
    });
    expect(await questionSnapshot()).toEqual(before);
  });
});

const CSV_HEADER =
  "slug,status,subject,topic,difficulty,source,gate_year,gate_question_no,source_media,is_sample,type,marks,text,option_a,option_b,option_c,option_d,correct,nat_min,nat_max,nat_decimals,solution";

function importErrors(answer: Answer) {
  expect(answer).toMatchObject({ kind: "data", status: 400 });
  return (answer as { data: { importErrors: string[] } }).data.importErrors;
}

function planOf(answer: Answer) {
  expect(answer).toMatchObject({ kind: "data", status: 200, data: { ok: true, intent: "import-preview" } });
  return (answer as { data: any }).data as {
    added: { at: string; slug: string | null; fields: string[] }[];
    changed: { at: string; slug: string | null; fields: string[]; newVersion: boolean }[];
    unchanged: number;
    digest: string;
    content: string;
    stale: boolean;
  };
}

describe("import and export", () => {
  const goodRows = [
    `,draft,heat-transfer,equation-of-energy,easy,original,,,,no,mcq,1,"Which law gives $q = -k\\nabla T$?",Fourier's,Newton's,Fick's,Stefan's,A,,,,"Fourier's law, $q = -k\\nabla T$."`,
    `nat-one,published,mass-transfer,ficks-laws-molecular-diffusion-in-fluids,medium,gate,2023,12,,yes,nat,2,"Find the flux $N_A$.",,,,,,1.2,1.3,1,"$N_A = 1.25$"`,
  ];

  it("refuses a file with a bad row whole, each error by its row as a spreadsheet numbers it; nothing changes", async () => {
    expectDone(await post(mcq()), m.created);
    const before = await questionSnapshot();
    const file = [
      CSV_HEADER,
      ...goodRows,
      // Row 4: an MCQ with three options, its text of two paragraphs (three lines of the file); row 5:
      // an MSQ with no key; row 6: math that does not parse.
      `,draft,heat-transfer,equation-of-energy,easy,original,,,,no,mcq,1,"Three options\n\nonly",a,b,c,,A,,,,"x"`,
      `,draft,heat-transfer,equation-of-energy,easy,original,,,,no,msq,1.5,"No key",a,b,c,d,,,,,"x"`,
      `,draft,heat-transfer,equation-of-energy,easy,original,,,,no,nat,1,"Broken","","","","",,1,2,0,"line one\n$\\frac{1}{$"`,
    ].join("\n");
    const errors = importErrors(await upload({ intent: "import-preview" }, { name: "q.csv", text: file }));
    expect(errors).toEqual([
      "Row 4: options: MCQ needs four options",
      `Row 5: marks: ${questionErrors.marks}`,
      `Row 5: correct: ${questionErrors.msqKey}`,
      expect.stringMatching(/^Row 6: solution, line 2: /),
    ]);
    // The confirmation of a file with a bad row changes nothing either.
    importErrors(await upload({ intent: "import-confirm", content: file, digest: "x" }));
    expect(await questionSnapshot()).toEqual(before);
  });

  it("previews what a file adds and changes without changing anything, then applies it on confirmation", async () => {
    expectDone(await post(mcq()), m.created);
    const { question } = await onlyQuestion();
    const version = (await onlyQuestion()).versions[0]!;
    await addAnswer(version.id, true);
    const exportedRow = (await exported("questions.csv")).split("\r\n")[1]!;
    // The same question with its key changed (an answered version: a new one), and three new ones,
    // the first of which would make the slug the next one names.
    const changedRow = exportedRow.replace(/,B,,,,/, ",C,,,,");
    expect(changedRow).not.toBe(exportedRow);
    const natOne = `,draft,mass-transfer,ficks-laws-molecular-diffusion-in-fluids,easy,original,,,,no,nat,1,Nat one,,,,,,1,1,0,x`;
    const file = [CSV_HEADER, changedRow, natOne, ...goodRows].join("\n");

    const before = await questionSnapshot();
    const plan = planOf(await upload({ intent: "import-preview" }, { name: "q.csv", text: file }));
    expect(await questionSnapshot()).toEqual(before);
    // The exported row's text has line breaks, and is still one row: the rest are rows 3 to 5.
    expect(changedRow.split("\n").length).toBeGreaterThan(1);
    expect(plan.added.map((a) => [a.at, a.slug])).toEqual([
      ["Row 3", null],
      ["Row 4", null],
      ["Row 5", "nat-one"],
    ]);
    expect(plan.changed).toEqual([
      expect.objectContaining({ at: "Row 2", slug: question.slug, fields: ["correct"], newVersion: true }),
    ]);
    expect(plan.unchanged).toBe(0);

    // A confirmation of another plan than the one shown changes nothing, and shows the plan anew.
    const stale = planOf(await upload({ intent: "import-confirm", content: plan.content, digest: "not-the-plan" }));
    expect(stale.stale).toBe(true);
    expect(await questionSnapshot()).toEqual(before);

    const done = await upload({
      intent: "import-confirm",
      content: plan.content.replace(/\n/g, "\r\n"),
      digest: plan.digest,
    });
    expectDone(done, m.imported({ added: 3, changed: 1, unchanged: 0 }), `${PATH}?tab=files`);
    const rows = await db()
      .selectFrom("questions")
      .select(["slug", "current_version", "status", "is_sample"])
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      { slug: question.slug, current_version: 2, status: "draft", is_sample: false },
      // A slug made from a text leaves the file's own slugs free, and leaves out LaTeX commands.
      { slug: "nat-one-2", current_version: 1, status: "draft", is_sample: false },
      { slug: "which-law-gives-q-k-t", current_version: 1, status: "draft", is_sample: false },
      { slug: "nat-one", current_version: 1, status: "published", is_sample: true },
    ]);
    const natVersion = await db()
      .selectFrom("question_versions as v")
      .innerJoin("questions as q", "q.id", "v.question_id")
      .select(["v.nat_min", "v.nat_max", "v.nat_decimals", "v.solution_html"])
      .where("q.slug", "=", "nat-one")
      .executeTakeFirstOrThrow();
    expect(natVersion).toMatchObject({ nat_min: 1.2, nat_max: 1.3, nat_decimals: 1 });
    expect(natVersion.solution_html).toContain("<math>");
    const audit = await db().selectFrom("audit_log").select(["action", "entity", "details"]).orderBy("id").execute();
    expect(audit.at(-1)).toMatchObject({ action: "import", entity: "questions" });
    expect(JSON.parse(audit.at(-1)!.details!)).toEqual({ imported: 4, added: 3, changed: 1, unchanged: 0 });
  });

  it.each(["questions.csv", "questions.json"])("imports its own export (%s) unchanged", async (file) => {
    expectDone(await post(mcq({ text: "- a list item\n- =SUM(A1) is text here", is_sample: "on" })), m.created);
    expectDone(await post(nat()), m.created);
    expectDone(await post(mcq({ type: "msq", correct_a: "on", text: "Pick all that apply: +1, @home" })), m.created);
    const text = await exported(file);
    const before = await questionSnapshot();
    const plan = planOf(await upload({ intent: "import-preview" }, { name: file, text }));
    expect(plan).toMatchObject({ added: [], changed: [], unchanged: 3 });
    expectDone(
      await upload({ intent: "import-confirm", content: plan.content, digest: plan.digest }),
      m.nothingToImport,
      `${PATH}?tab=files`,
    );
    expect(await questionSnapshot()).toEqual(before);
  });

  it("names the line of a JSON question, and its unknown fields", async () => {
    const json = `[
  { "type": "mcq", "marks": 1, "subject": "heat-transfer", "topic": "equation-of-energy",
    "difficulty": "easy", "source": "original", "status": "draft", "text": "Q", "options": ["a", "b", "c", "d"],
    "correct": ["A"], "solution": "S" },
  {
    "type": "nat", "marks": 1.5, "subject": "heat-transfer", "topic": "equation-of-energy",
    "difficulty": "easy", "source": "original", "status": "draft", "text": "Q2",
    "nat_min": 3, "nat_max": 2, "nat_decimals": 0, "solution": "S", "solutons": "typo"
  }
]`;
    const errors = importErrors(await upload({ intent: "import-preview", content: json }));
    expect(errors).toEqual(['Line 5: "solutons" is not a field of a question']);
    const fixed = json.replace(', "solutons": "typo"', "");
    expect(importErrors(await upload({ intent: "import-preview", content: fixed }))).toEqual([
      `Line 5: marks: ${questionErrors.marks}`,
      `Line 5: nat_max: ${questionErrors.natOrder}`,
    ]);
    expect(await db().selectFrom("questions").select("id").execute()).toEqual([]);
  });

  it("exports the list's filters only", async () => {
    expectDone(await post(mcq()), m.created);
    expectDone(await post(nat()), m.created);
    const json = JSON.parse(await exported("questions.json", "?type=nat")) as { type: string; correct: string[] }[];
    expect(json.map((q) => q.type)).toEqual(["nat"]);
    const all = JSON.parse(await exported("questions.json")) as { type: string; correct: string[] }[];
    expect(all.map((q) => [q.type, q.correct])).toEqual([
      ["mcq", ["B"]],
      ["nat", []],
    ]);
  });
});

describe("the list and the reports queue", () => {
  it("lists questions with their answers and share correct, filtered and searched", async () => {
    expectDone(await post(mcq()), m.created);
    expectDone(await post(nat()), m.created);
    const version = await db()
      .selectFrom("question_versions")
      .select("id")
      .where("type", "=", "mcq")
      .executeTakeFirstOrThrow();
    await addAnswer(version.id, true);
    await addAnswer(version.id, false);
    await addAnswer(version.id, false);
    await addAnswer(version.id, true);

    const page = await get();
    expect(page.kind).toBe("data");
    const rows = (page as { data: { questions: { items: any[] } } }).data.questions.items;
    expect(rows.map((r) => [r.type, r.answers, r.right])).toEqual([
      ["nat", 0, 0],
      ["mcq", 4, 2],
    ]);
    expect(m.answers(4, 2)).toBe("4 answers, 50% correct");
    const searched = await listQuestionsForAdmin(db(), { q: "HALF-LIFE" });
    expect(searched.items.map((q) => q.content.type)).toEqual(["mcq"]);
    const filtered = await listQuestionsForAdmin(db(), {
      subject: "heat-transfer",
      status: "published",
      source: "gate",
    });
    expect(filtered.items.map((q) => q.content.type)).toEqual(["nat"]);
    expect((await listQuestionsForAdmin(db(), { sample: "yes" })).items).toEqual([]);
    expect((await listQuestionsForAdmin(db(), { sort: "answers" })).items[0]!.answers).toBe(4);
  });

  it("lists new reports with the version seen, resolves them (audited) and counts them in the menu", async () => {
    expectDone(await post(mcq()), m.created);
    const { question } = await onlyQuestion();
    const now = new Date().toISOString();
    const { id } = await db()
      .insertInto("question_reports")
      .values({
        question_id: question.id,
        version_no: 1,
        message: "Option B should be 6.93 s, not 6.9 s.",
        email: "aspirant@example.com",
        status: "new",
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(await countNewQuestionReports(db())).toBe(1);
    const layout = await call(layoutLoader as never, getRequest(PATH, sessions.adminCookie));
    expect(layout.kind === "data" && layout.data.waiting.newReports).toBe(1);

    const page = await get("?tab=reports");
    const reports = (page as { data: { reports: { items: any[] } } }).data.reports.items;
    expect(reports).toEqual([
      expect.objectContaining({
        id,
        question_id: question.id,
        version_no: 1,
        current_version: 1,
        message: "Option B should be 6.93 s, not 6.9 s.",
        email: "aspirant@example.com",
        title: "For a first-order reaction with k = 0.1 s⁻¹, the half-life is t_(1/2) = (ln 2)/k",
      }),
    ]);

    expectDone(await post({ intent: "resolve", id: String(id) }, "?tab=reports"), m.resolved, `${PATH}?tab=reports`);
    expect(await db().selectFrom("question_reports").select("status").executeTakeFirstOrThrow()).toEqual({
      status: "resolved",
    });
    expect(await countNewQuestionReports(db())).toBe(0);
    const audit = await db().selectFrom("audit_log").selectAll().orderBy("id").execute();
    expect(audit.at(-1)).toMatchObject({ action: "update", entity: "question_reports", entity_id: String(id) });
    const resolved = await get("?tab=reports&reports=resolved");
    expect((resolved as { data: { reports: { items: unknown[] } } }).data.reports.items).toHaveLength(1);
    const missing = await post({ intent: "resolve", id: "999999" });
    expect(missing).toMatchObject({ kind: "data", status: 404, data: { formError: m.reportNotFound } });
  });

  it("opens a question in the editor with its versions", async () => {
    expectDone(await post(mcq()), m.created);
    const { question, versions } = await onlyQuestion();
    await addAnswer(versions[0]!.id, true);
    expectDone(await post({ ...mcq({ text: "Changed" }), intent: "update", id: String(question.id) }), m.newVersion(2));
    const page = await get(`?edit=${question.id}`);
    const editing = (page as { data: { editing: any } }).data.editing;
    expect(editing.values).toMatchObject({
      type: "mcq",
      text: "Changed",
      correct_b: true,
      correct_a: false,
      option_b: "$6.93$ s",
    });
    expect(
      editing.versions.map((v: { version_no: number; answers: number; current: boolean }) => [
        v.version_no,
        v.answers,
        v.current,
      ]),
    ).toEqual([
      [2, 0, true],
      [1, 1, false],
    ]);
  });
});
