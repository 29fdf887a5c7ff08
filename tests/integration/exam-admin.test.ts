import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { listFreeTestGroups } from "~/db/queries/free-tests.server";
import { adminMessages } from "~/lib/admin/messages";
import { practiceTestMessages as m } from "~/lib/admin/messages/practice-tests";
import { FLAG_MIN_ANSWERS } from "~/lib/admin/practice-test-stats";
import { publishMessages } from "~/lib/exam/publish-check";
import { practiceTestErrors } from "~/lib/schemas/admin/practice-test";
import { action as freeTestsAction } from "~/routes/admin/manage/free-tests";
import { action as questionsAction } from "~/routes/admin/manage/questions";
import { loader as statsLoader } from "~/routes/admin/test-stats";
import { action, loader } from "~/routes/admin/manage/tests";
import { insertQuestion } from "../support/questions";
import { adminAndStudent, call, context, flash, getRequest, postRequest, type Answer } from "./auth-support";

// The timed tests' staff side (issue 47), called as the router calls it, on both engines: a test's
// form valid and invalid (each refusal stores nothing), its window typed in IST, the question list
// (added to its section, moved, removed), publish with the composition check (a full-length mock
// that is not the GATE pattern is refused with its reasons) and the freezing of versions, what a
// taken test keeps (its paper, its frozen versions, even when the bank's question is edited), a
// free-test item that opens an on-site test, and the statistics from seeded attempts.

const ADMIN = "tests-admin@example.com";
const PATH = "/admin/tests";
const sessions = adminAndStudent(ADMIN, "tests-student@example.com");
const db = () => getDb();

const post = (fields: Record<string, string>, search = "") =>
  call(action as never, postRequest(`${PATH}${search}`, fields, sessions.adminCookie));
const get = (search = "") => call(loader as never, getRequest(`${PATH}${search}`, sessions.adminCookie));

async function stats(id: number | string) {
  const request = getRequest(`${PATH}/${id}/stats`, sessions.adminCookie);
  try {
    return (await (statsLoader as (args: unknown) => Promise<unknown>)({
      request,
      params: { id: String(id) },
      context: context(),
    })) as any;
  } catch (error) {
    return error as any;
  }
}

/** A valid test as the form posts it. */
const form = (overrides: Record<string, string> = {}): Record<string, string> => ({
  intent: "create",
  title: "Heat transfer topic test",
  kind: "topic",
  instructions: "Answer every question.\n\n- MCQ: one correct option.",
  duration_minutes: "30",
  access: "free",
  paid_url: "",
  opens_at: "",
  closes_at: "",
  status: "draft",
  ...overrides,
});

function expectDone(answer: Answer, message: string | null, location?: string | RegExp) {
  expect(answer.kind).toBe("redirect");
  if (location instanceof RegExp) expect((answer as { location: string }).location).toMatch(location);
  else if (location) expect(answer).toMatchObject({ location });
  expect(flash(answer)).toBe(message);
}

function refusal(answer: Answer) {
  expect(answer.kind).toBe("data");
  return answer as { status: number; data: { formError?: string; fieldErrors: Record<string, string> } };
}

/** Every row the manager writes, and the audit log: what a refusal leaves as it was. */
async function snapshot() {
  return {
    tests: await db().selectFrom("practice_tests").selectAll().orderBy("id").execute(),
    questions: await db()
      .selectFrom("practice_test_questions")
      .selectAll()
      .orderBy("test_id")
      .orderBy("position")
      .execute(),
    audit: await db().selectFrom("audit_log").selectAll().orderBy("id").execute(),
  };
}

async function createTest(overrides: Record<string, string> = {}) {
  const answer = await post(form(overrides));
  expectDone(answer, m.created, /^\/admin\/tests\?edit=\d+$/);
  return Number(/edit=(\d+)/.exec((answer as { location: string }).location)![1]);
}

const paper = (testId: number) =>
  db()
    .selectFrom("practice_test_questions")
    .select(["position", "section", "question_id", "version_id"])
    .where("test_id", "=", testId)
    .orderBy("position")
    .execute();

let serial = 0;
/** A published bank question: subject and marks as asked, option B correct (MCQ). */
async function bankQuestion(
  spec: { subject?: string; marks?: 1 | 2; type?: "mcq" | "msq" | "nat"; status?: "draft" | "published" } = {},
) {
  serial += 1;
  return insertQuestion(db(), {
    slug: `tests-q-${serial}`,
    subject: spec.subject ?? "heat-transfer",
    marks: spec.marks ?? 1,
    type: spec.type ?? "mcq",
    status: spec.status ?? "published",
    text: `Question ${serial}: which option?`,
    correct: spec.type === "msq" ? [0, 2] : [1],
    nat: { min: 2.4, max: 2.6, decimals: 2 },
    solution: "Because.",
  });
}

const add = (testId: number, questionId: number) =>
  post({ intent: "add-question", id: String(testId), question_id: String(questionId) }, `?edit=${testId}`);

let attemptSerial = 0;
/** A submitted attempt of the test with the given saved answers (position → status, answer, seconds). */
async function seedAttempt(
  testId: number,
  scoreThirds: number,
  answers: { position: number; status: string; answer: unknown; seconds: number }[],
  submitted = true,
) {
  attemptSerial += 1;
  const stamp = new Date().toISOString();
  const { id } = await db()
    .insertInto("test_attempts")
    .values({
      test_id: testId,
      token_hash: `hash-${attemptSerial}-${Math.random()}`,
      started_at: stamp,
      deadline_at: stamp,
      submitted_at: submitted ? stamp : null,
      submit_reason: submitted ? "candidate" : null,
      score_thirds: submitted ? scoreThirds : null,
      ip_key: "test",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const a of answers)
    await db()
      .insertInto("attempt_answers")
      .values({
        attempt_id: id,
        position: a.position,
        status: a.status as never,
        answer: a.answer === null ? null : JSON.stringify(a.answer),
        seconds_spent: a.seconds,
        updated_at: stamp,
      })
      .execute();
  return id;
}

beforeEach(async () => {
  for (const table of [
    "attempt_answers",
    "test_attempts",
    "test_items",
    "test_subcategories",
    "test_categories",
    "practice_test_questions",
    "practice_tests",
    "question_answers",
    "question_versions",
    "questions",
    "audit_log",
  ] as const)
    await db().deleteFrom(table).execute();
});

describe("a test's form", () => {
  it("creates a draft with its instructions rendered, audited, and opens its editor", async () => {
    const id = await createTest();
    const test = await db().selectFrom("practice_tests").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(test).toMatchObject({
      slug: "heat-transfer-topic-test",
      kind: "topic",
      duration_minutes: 30,
      access: "free",
      paid_url: null,
      opens_at: null,
      status: "draft",
      is_sample: false,
      published_at: null,
    });
    expect(test.instructions_html).toContain("<li>MCQ: one correct option.</li>");
    const audit = await db().selectFrom("audit_log").selectAll().execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "create",
      entity: "practice_tests",
      entity_id: String(id),
      actor_email: ADMIN,
    });

    const page = await get(`?edit=${id}`);
    expect(page).toMatchObject({ kind: "data", status: 200 });
    const editing = (page as { data: { editing: { values: Record<string, unknown>; editable: boolean } } }).data
      .editing;
    expect(editing.values).toMatchObject({ title: "Heat transfer topic test", duration_minutes: "30", opens_at: "" });
    expect(editing.editable).toBe(true);
  });

  it("stores a window typed in India's time as instants, and shows it back in India's time", async () => {
    const id = await createTest({
      title: "All-India mock",
      opens_at: "2026-11-28T10:00",
      closes_at: "2026-11-28T13:30",
      access: "paid",
      paid_url: "https://learn.example/mock",
    });
    const test = await db().selectFrom("practice_tests").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(test.opens_at).toBe("2026-11-28T04:30:00.000Z");
    expect(test.closes_at).toBe("2026-11-28T08:00:00.000Z");
    expect(test.paid_url).toBe("https://learn.example/mock");
    const page = (await get(`?edit=${id}`)) as { data: { editing: { values: Record<string, unknown> } } };
    expect(page.data.editing.values).toMatchObject({ opens_at: "2026-11-28T10:00", closes_at: "2026-11-28T13:30" });

    // Made free, it forgets where it was sold.
    expectDone(
      await post(
        form({
          intent: "update",
          id: String(id),
          title: "All-India mock",
          access: "free",
          paid_url: "https://learn.example/mock",
        }),
      ),
      m.updated,
    );
    const free = await db()
      .selectFrom("practice_tests")
      .select(["paid_url", "slug"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(free).toEqual({ paid_url: null, slug: "all-india-mock" });
  });

  const refusals: [string, Record<string, string>, string, string][] = [
    ["a duration of 0 minutes", form({ duration_minutes: "0" }), "duration_minutes", practiceTestErrors.duration],
    ["a duration in fractions", form({ duration_minutes: "90.5" }), "duration_minutes", practiceTestErrors.duration],
    [
      "a window that closes before it opens",
      form({ opens_at: "2026-11-28T10:00", closes_at: "2026-11-28T09:59" }),
      "closes_at",
      practiceTestErrors.closesBeforeOpens,
    ],
    [
      "a date that does not exist",
      form({ opens_at: "2026-02-30T10:00" }),
      "opens_at",
      practiceTestErrors.dateTime("Opens at"),
    ],
    ["a paid test without where it is sold", form({ access: "paid" }), "paid_url", practiceTestErrors.paidUrlRequired],
    [
      "a paid test sold at a javascript: address",
      form({ access: "paid", paid_url: "javascript:alert(1)" }),
      "paid_url",
      "Where it is sold must be a valid http:// or https:// URL",
    ],
    ["no title", form({ title: " " }), "title", "Title is required"],
    ["an unknown kind", form({ kind: "quiz" }), "kind", practiceTestErrors.kind],
    [
      "instructions whose math does not parse",
      form({ instructions: "Read this.\n\n$\\frac{1}{$" }),
      "instructions",
      "Instructions, line 3: ",
    ],
  ];

  it.each(refusals)("refuses %s with the field's error, and stores nothing", async (_, fields, field, message) => {
    const before = await snapshot();
    const answer = refusal(await post(fields));
    expect(answer.status).toBe(400);
    expect(answer.data.formError).toBe(adminMessages.common.invalid);
    expect(answer.data.fieldErrors[field]).toContain(message);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses to create a test as published before it has questions", async () => {
    const before = await snapshot();
    const answer = refusal(await post(form({ status: "published" })));
    expect(answer.status).toBe(409);
    expect(answer.data.formError).toBe(`${m.publishRefused} ${publishMessages.noQuestions}`);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses an edit of a test that does not exist", async () => {
    const answer = refusal(await post(form({ intent: "update", id: "999999" })));
    expect(answer).toMatchObject({ status: 404, data: { formError: m.notFound } });
  });
});

describe("the question list and the picker", () => {
  it("offers published questions only, adds each to its section (GA first), moves and removes them", async () => {
    const id = await createTest();
    const subjectA = await bankQuestion();
    const subjectB = await bankQuestion({ marks: 2 });
    const ga = await bankQuestion({ subject: "general-aptitude" });
    const draft = await bankQuestion({ status: "draft" });

    const picker = (await get(`?edit=${id}`)) as {
      data: { editing: { bank: { items: { id: number; section: string }[] } } };
    };
    const offered = picker.data.editing.bank.items.map((row) => row.id);
    expect(offered).toEqual(expect.arrayContaining([subjectA.id, subjectB.id, ga.id]));
    expect(offered).not.toContain(draft.id);
    expect(picker.data.editing.bank.items.find((row) => row.id === ga.id)?.section).toBe("ga");
    // The search by subject finds only General Aptitude's.
    const gaOnly = (await get(`?edit=${id}&subject=general-aptitude`)) as typeof picker;
    expect(gaOnly.data.editing.bank.items.map((row) => row.id)).toEqual([ga.id]);

    expectDone(await add(id, subjectA.id), m.questionAdded.subject, `${PATH}?edit=${id}`);
    expectDone(await add(id, subjectB.id), m.questionAdded.subject);
    expectDone(await add(id, ga.id), m.questionAdded.ga);
    expect(await paper(id)).toEqual([
      { position: 1, section: "ga", question_id: ga.id, version_id: null },
      { position: 2, section: "subject", question_id: subjectA.id, version_id: null },
      { position: 3, section: "subject", question_id: subjectB.id, version_id: null },
    ]);

    const refused = refusal(await add(id, subjectA.id));
    expect(refused).toMatchObject({ status: 409, data: { formError: m.alreadyInTest } });
    expect(refusal(await add(id, draft.id))).toMatchObject({
      status: 409,
      data: { formError: m.notPublishedQuestion },
    });

    // Down within the subject section; up from the first subject question does not cross into GA.
    expectDone(await post({ intent: "move-question", id: String(id), position: "2", direction: "down" }), null);
    expect((await paper(id)).map((row) => row.question_id)).toEqual([ga.id, subjectB.id, subjectA.id]);
    const auditBefore = await db().selectFrom("audit_log").select("id").execute();
    expectDone(await post({ intent: "move-question", id: String(id), position: "2", direction: "up" }), null);
    expect((await paper(id)).map((row) => row.question_id)).toEqual([ga.id, subjectB.id, subjectA.id]);
    expect(await db().selectFrom("audit_log").select("id").execute()).toHaveLength(auditBefore.length);

    expectDone(await post({ intent: "remove-question", id: String(id), position: "1" }), m.questionRemoved);
    expect(await paper(id)).toEqual([
      { position: 1, section: "subject", question_id: subjectB.id, version_id: null },
      { position: 2, section: "subject", question_id: subjectA.id, version_id: null },
    ]);
    const actions = await db()
      .selectFrom("audit_log")
      .select("action")
      .where("entity", "=", "practice_tests")
      .execute();
    expect(actions.map((a) => a.action)).toEqual(["create", "update", "update", "update", "reorder", "update"]);
  });
});

describe("publishing", () => {
  it("refuses a full-length mock that is not the GATE pattern, with the composition's reasons", async () => {
    const id = await createTest({ title: "Full mock 1", kind: "full_mock", duration_minutes: "180" });
    await add(id, (await bankQuestion({ subject: "general-aptitude" })).id);
    await add(id, (await bankQuestion()).id);
    const before = await snapshot();
    const answer = refusal(await post({ intent: "publish", id: String(id) }));
    expect(answer.status).toBe(409);
    expect(answer.data.formError).toContain(m.publishRefused);
    expect(answer.data.formError).toContain(publishMessages.mockQuestions(2));
    expect(answer.data.formError).toContain(publishMessages.mockMarks(2));
    expect(await snapshot()).toEqual(before);

    // The same through the form's status.
    const viaForm = refusal(
      await post(
        form({
          intent: "update",
          id: String(id),
          title: "Full mock 1",
          kind: "full_mock",
          duration_minutes: "180",
          status: "published",
        }),
      ),
    );
    expect(viaForm.data.formError).toContain(publishMessages.mockQuestions(2));
    expect(await snapshot()).toEqual(before);

    // A sample is not held to the pattern.
    expectDone(
      await post(
        form({
          intent: "update",
          id: String(id),
          title: "Full mock 1",
          kind: "full_mock",
          duration_minutes: "20",
          is_sample: "on",
          status: "published",
        }),
      ),
      m.updated,
    );
  });

  it("freezes every question at its current version; unpublished, nobody having taken it, they thaw", async () => {
    const id = await createTest();
    const q1 = await bankQuestion();
    const q2 = await bankQuestion({ type: "nat" });
    await add(id, q1.id);
    await add(id, q2.id);
    expectDone(await post({ intent: "publish", id: String(id) }), m.published);
    expect((await paper(id)).map((row) => row.version_id)).toEqual([q1.versionId, q2.versionId]);
    const test = await db()
      .selectFrom("practice_tests")
      .select(["status", "published_at"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(test.status).toBe("published");
    expect(test.published_at).not.toBeNull();

    // A published test's questions stay as they are.
    expect(refusal(await add(id, (await bankQuestion()).id))).toMatchObject({
      status: 409,
      data: { formError: m.unpublishFirst },
    });

    expectDone(await post({ intent: "unpublish", id: String(id) }), m.unpublished);
    expect((await paper(id)).map((row) => row.version_id)).toEqual([null, null]);
  });

  it("keeps a taken test's paper and frozen versions: an edit of its question makes a new version", async () => {
    const id = await createTest();
    const q = await bankQuestion();
    await add(id, q.id);
    expectDone(await post({ intent: "publish", id: String(id) }), m.published);
    await seedAttempt(id, 3, [{ position: 1, status: "answered", answer: { type: "mcq", choices: [1] }, seconds: 40 }]);

    // Staff edit the bank's question: it was answered in the test, so the edit is version 2.
    const edited = {
      intent: "update",
      id: String(q.id),
      type: "mcq",
      marks: "1",
      subject: "heat-transfer",
      topic: (await db().selectFrom("questions").select("topic").where("id", "=", q.id).executeTakeFirstOrThrow())
        .topic,
      difficulty: "medium",
      source: "original",
      status: "published",
      text: "A corrected question: which option?",
      option_a: "One",
      option_b: "Two",
      option_c: "Three",
      option_d: "Four",
      correct_c: "on",
      solution: "Because C.",
    };
    const frozenBefore = await db()
      .selectFrom("question_versions")
      .selectAll()
      .where("id", "=", q.versionId)
      .executeTakeFirstOrThrow();
    const saved = await call(questionsAction as never, postRequest("/admin/questions", edited, sessions.adminCookie));
    expectDone(saved, adminMessages.questions.newVersion(2));
    expect(
      await db().selectFrom("question_versions").selectAll().where("id", "=", q.versionId).executeTakeFirstOrThrow(),
    ).toEqual(frozenBefore);
    expect((await paper(id))[0]!.version_id).toBe(q.versionId);

    // Unpublished and published again, it keeps its version; its paper no longer changes.
    expectDone(await post({ intent: "unpublish", id: String(id) }), m.unpublished);
    expect((await paper(id))[0]!.version_id).toBe(q.versionId);
    expect(refusal(await add(id, (await bankQuestion()).id))).toMatchObject({
      status: 409,
      data: { formError: m.frozen },
    });
    expect(refusal(await post({ intent: "remove-question", id: String(id), position: "1" }))).toMatchObject({
      data: { formError: m.frozen },
    });
    expectDone(await post({ intent: "publish", id: String(id) }), m.published);
    expect((await paper(id))[0]!.version_id).toBe(q.versionId);

    // The editor shows the version as frozen, behind the bank's current.
    const page = (await get(`?edit=${id}`)) as {
      data: { editing: { editable: boolean; questions: { frozenVersion: number; currentVersion: number }[] } };
    };
    expect(page.data.editing.editable).toBe(false);
    expect(page.data.editing.questions[0]).toMatchObject({ frozenVersion: 1, currentVersion: 2 });

    // Neither the test nor its question can be deleted.
    expect(refusal(await post({ intent: "delete", id: String(id) }))).toMatchObject({
      status: 409,
      data: { formError: m.attemptedNoDelete },
    });
    const deleteQuestion = await call(
      questionsAction as never,
      postRequest("/admin/questions", { intent: "delete", id: String(q.id) }, sessions.adminCookie),
    );
    expect(deleteQuestion).toMatchObject({ kind: "data", status: 409 });
  });

  it("deletes a test nobody has taken, and a free-test item pointing to it forgets it", async () => {
    const id = await createTest();
    await add(id, (await bankQuestion()).id);
    const { itemId } = await freeTestItem(id);
    expectDone(await post({ intent: "delete", id: String(id) }), m.deleted);
    expect(await db().selectFrom("practice_tests").select("id").execute()).toEqual([]);
    expect(await paper(id)).toEqual([]);
    expect(
      await db().selectFrom("test_items").select(["practice_test_id"]).where("id", "=", itemId).executeTakeFirst(),
    ).toEqual({ practice_test_id: null });
  });
});

const postFree = (fields: Record<string, string>) =>
  call(freeTestsAction as never, postRequest("/admin/free-tests", fields, sessions.adminCookie));

/** A free-test category, subcategory and item opening the test, made through the free-tests manager. */
async function freeTestItem(testId: number, link = "") {
  await postFree({ level: "category", intent: "create", name: "GATE CH Mock Tests", is_active: "on" });
  const category = await db().selectFrom("test_categories").select("id").executeTakeFirstOrThrow();
  await postFree({
    level: "subcategory",
    intent: "create",
    category_id: String(category.id),
    name: "Full-Length Mock Tests",
    test_count: "1",
    is_active: "on",
  });
  const subcategory = await db().selectFrom("test_subcategories").select("id").executeTakeFirstOrThrow();
  const answer = await postFree({
    level: "item",
    intent: "create",
    subcategory_id: String(subcategory.id),
    title: "Free mock on this site",
    practice_test_id: String(testId),
    test_link: link,
    is_active: "on",
  });
  const item = await db().selectFrom("test_items").selectAll().executeTakeFirstOrThrow();
  return { answer, itemId: item.id, item, subcategoryId: subcategory.id };
}

/** The first subcategory's tests as /free-tests lists them. */
const listedTests = async () => (await listFreeTestGroups(db()))[0]!.subcategories[0]!.tests;

describe("a free-test item", () => {
  it("opens an on-site test once it is published; an outside link keeps working beside it", async () => {
    const id = await createTest({ title: "Free topic test" });
    await add(id, (await bankQuestion()).id);
    const { answer, item, subcategoryId } = await freeTestItem(id, "https://ignored.example/t");
    expect(answer.kind).toBe("redirect");
    expect(item).toMatchObject({ practice_test_id: id, test_link: null, title: "Free mock on this site" });

    await call(
      freeTestsAction as never,
      postRequest(
        "/admin/free-tests",
        {
          level: "item",
          intent: "create",
          subcategory_id: String(subcategoryId),
          title: "Outside test",
          test_link: "https://learn.example/t/1",
          is_active: "on",
        },
        sessions.adminCookie,
      ),
    );
    // A draft opens nothing yet.
    expect((await listedTests()).map((t) => [t.title, t.practice_test_slug, t.test_link])).toEqual([
      ["Free mock on this site", null, null],
      ["Outside test", null, "https://learn.example/t/1"],
    ]);
    expectDone(await post({ intent: "publish", id: String(id) }), m.published);
    expect((await listedTests())[0]).toMatchObject({ practice_test_slug: "free-topic-test", test_link: null });
  });

  it("refuses an item with neither an on-site test nor a link, and an on-site test that does not exist", async () => {
    const { subcategoryId } = await freeTestItem(await createTest());
    const postItem = (fields: Record<string, string>) =>
      call(
        freeTestsAction as never,
        postRequest(
          "/admin/free-tests",
          {
            level: "item",
            intent: "create",
            subcategory_id: String(subcategoryId),
            title: "T",
            is_active: "on",
            ...fields,
          },
          sessions.adminCookie,
        ),
      );
    expect(refusal(await postItem({ practice_test_id: "", test_link: "" })).data.fieldErrors).toEqual({
      test_link: "Test link is required",
    });
    expect(refusal(await postItem({ practice_test_id: "999999" })).data.fieldErrors).toEqual({
      practice_test_id: adminMessages.freeTests.chooseOnSiteTest,
    });
  });
});

describe("the statistics", () => {
  it("counts answers, % correct, time, options chosen, and flags a key few get right", async () => {
    const id = await createTest({ title: "Stats test" });
    const mcq = await bankQuestion({ marks: 2 }); // key B
    const nat = await bankQuestion({ type: "nat" }); // 2.4 to 2.6
    await add(id, mcq.id);
    await add(id, nat.id);
    expectDone(await post({ intent: "publish", id: String(id) }), m.published);

    // Ten candidates answer the MCQ: one right (B), seven chose A, two C. NAT: three right, one wrong.
    const choices = [1, 0, 0, 0, 0, 0, 0, 0, 2, 2];
    for (const [index, choice] of choices.entries()) {
      const natAnswer = index < 3 ? "2.50" : index === 3 ? "7" : null;
      await seedAttempt(id, choice === 1 ? 6 : -2, [
        {
          position: 1,
          status: index === 0 ? "answered_marked" : "answered",
          answer: { type: "mcq", choices: [choice] },
          seconds: 30 + index,
        },
        {
          position: 2,
          status: natAnswer ? "answered" : index === 9 ? "not_visited" : "marked",
          answer: natAnswer ? { type: "nat", value: natAnswer } : null,
          seconds: index === 9 ? 0 : 60,
        },
      ]);
    }
    // Started, not submitted: not counted.
    await seedAttempt(
      id,
      0,
      [{ position: 1, status: "answered", answer: { type: "mcq", choices: [1] }, seconds: 5 }],
      false,
    );

    const answer = await stats(id);
    const figures = answer.stats;
    expect(figures).toMatchObject({ started: 11, submitted: 10, maxMarks: 3 });
    const [first, second] = figures.questions;
    expect(first).toMatchObject({ position: 1, answered: 10, correct: 1, percentCorrect: 10, flagged: true });
    expect(first.options).toEqual([
      { label: "A", count: 7, key: false },
      { label: "B", count: 1, key: true },
      { label: "C", count: 2, key: false },
      { label: "D", count: 0, key: false },
    ]);
    expect(first.averageSeconds).toBeCloseTo(34.5);
    expect(FLAG_MIN_ANSWERS).toBe(10);
    expect(second).toMatchObject({
      position: 2,
      answered: 4,
      correct: 3,
      percentCorrect: 75,
      flagged: false,
      averageSeconds: 60,
    });
    expect(second.natValues).toEqual([
      { value: "2.50", count: 3, right: true },
      { value: "7", count: 1, right: false },
    ]);
    // Scores: one of 2 marks (6 thirds), nine of −2/3.
    expect(figures.scores.submitted).toBe(10);
    expect(figures.scores.highestThirds).toBe(6);
    expect(figures.scores.averageThirds).toBe(Math.round((6 - 18) / 10));
    expect(figures.scores.bins.map((bin: { label: string; count: number }) => [bin.label, bin.count])).toEqual([
      ["Below 0", 9],
      ["0 to 0.67", 0],
      ["1 to 1.67", 0],
      ["2 to 3", 1],
    ]);
  });

  it("answers an unknown test with 404, and a test nobody took with empty figures", async () => {
    const missing = await stats(999999);
    expect(missing.init?.status ?? missing.status).toBe(404);
    const id = await createTest();
    await add(id, (await bankQuestion()).id);
    const empty = await stats(id);
    expect(empty.stats).toMatchObject({ started: 0, submitted: 0 });
    expect(empty.stats.questions[0]).toMatchObject({
      answered: 0,
      percentCorrect: null,
      averageSeconds: null,
      flagged: false,
    });
  });
});
