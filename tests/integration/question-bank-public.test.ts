import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedGateReference } from "~/db/seed/gate-reference.server";
import { searchContent } from "~/lib/search/site-search.server";
import { action as pageAction, loader as pageLoader } from "~/routes/public/question-page";
import { action as practiceAction, loader as practiceLoader } from "~/routes/public/question-practice";
import { loader as bankLoader } from "~/routes/public/question-bank";
import { action as reportAction, loader as reportLoader } from "~/routes/public/question-report";
import { loader as sitemapLoader } from "~/routes/seo/sitemap";
import { addVersion, insertQuestion, setQuestionStatus } from "../support/questions";
import { contextWith } from "../support/router-context";
import { openTestDb, type TestDb } from "../support/test-db";

// The question bank's public side (issue 46) through its loaders and actions, as React Router
// calls them, on each engine: counts computed from published questions, practice sets, the check
// (key and solution only in the action's answer, never in a loader's data), practice answers and
// reports stored, and a page per published question, in the sitemap and in search.

// A small limit, read once by env() on the first report.
const LIMIT = 3;
process.env.PUBLIC_FORM_RATE_LIMIT = String(LIMIT);

// Words the answers carry, so that the tests can look for them anywhere in a loader's data.
const SOLUTION = "Zebrafinch reasoning";
const NAT_SOLUTION = "Quokka arithmetic";
const CONDUCTION = "steady-and-unsteady-heat-conduction-convection";

let t: TestDb;
const ids: Record<string, number> = {};
const versions: Record<string, number> = {};

beforeAll(async () => {
  t = await openTestDb();
  await seedGateReference(t.db, new Date().toISOString());
  const add = async (name: string, spec: Parameters<typeof insertQuestion>[1]) => {
    const made = await insertQuestion(t.db, spec);
    ids[name] = made.id;
    versions[name] = made.versionId;
  };
  // Heat Transfer: two in its first topic, one in another; one draft besides.
  await add("mcq", {
    slug: "fourier-law-mcq",
    topic: CONDUCTION,
    text: "Which law relates heat flux to the temperature gradient, $q = -k \\frac{dT}{dx}$?",
    options: ["Newton's law of cooling", "Fourier's law", "Stefan-Boltzmann law", "Kirchhoff's law"],
    correct: [1],
    difficulty: "easy",
    solution: `${SOLUTION}: conduction follows Fourier's law.`,
    isSample: true,
  });
  await add("nat", {
    slug: "slab-heat-flux-nat",
    topic: CONDUCTION,
    type: "nat",
    marks: 2,
    text: "A slab 0.1 m thick with $k = 2$ W/(m K) has faces at 100 °C and 60 °C. Find the heat flux in kW/m².",
    nat: { min: 0.79, max: 0.81, decimals: 2 },
    solution: `${NAT_SOLUTION}: q = 2 × 40 / 0.1 = 800 W/m².`,
    difficulty: "medium",
  });
  await add("msq", {
    slug: "radiation-msq",
    type: "msq",
    topic: "thermal-boundary-layer-and-heat-transfer",
    text: "Which of these hold for a grey body?",
    options: [
      "Emissivity independent of wavelength",
      "Emissivity equals 1",
      "Absorptivity equals emissivity",
      "It reflects nothing",
    ],
    correct: [0, 2],
    difficulty: "hard",
    solution: "Kirchhoff's law and the grey-body definition.",
  });
  await add("draft", {
    slug: "draft-question",
    status: "draft",
    text: "A draft that nobody should see yet.",
    solution: "Not yet.",
  });
  // General Aptitude: one previous-year question.
  await add("ga", {
    slug: "gate-2024-ga-q3",
    subject: "general-aptitude",
    source: "gate",
    gateYear: 2024,
    gateQuestionNo: 3,
    text: "Choose the word most nearly opposite in meaning to *ephemeral*.",
    options: ["Transient", "Permanent", "Brief", "Fleeting"],
    correct: [1],
    solution: "Ephemeral means short-lived; its opposite is permanent.",
  });
});
afterAll(() => t.cleanup());

function loaderArgs(path: string, params: Record<string, string> = {}) {
  const url = new URL(path, "http://localhost");
  return { request: new Request(url), url, pattern: url.pathname, params, context: contextWith(t.db) };
}

let lastIp = 0;
function context(ip = `203.0.113.${++lastIp}`) {
  return contextWith(t.db, ip);
}

/** What a loader answered or threw: its data and status, or a redirect's Location. */
async function call(run: () => Promise<unknown>) {
  try {
    const value = await run();
    if (value && typeof value === "object" && (value as { type?: string }).type === "DataWithResponseInit") {
      const { data, init } = value as { data: unknown; init: ResponseInit | null };
      return { status: init?.status ?? 200, data };
    }
    return { status: 200, data: value };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("Location") };
    if ((thrown as { type?: string }).type === "DataWithResponseInit")
      return { status: (thrown as { init: ResponseInit }).init.status };
    throw thrown;
  }
}

const practice = (search: string) => call(() => practiceLoader(loaderArgs(`/question-bank/practice${search}`)));
const questionPage = (slug: string) =>
  call(() => pageLoader(loaderArgs(`/question-bank/q/${slug}`, { slug }) as never));

type Posted = { status: number; data: Record<string, unknown> };
async function post(
  run: (args: never) => unknown,
  path: string,
  fields: [string, string][],
  extra: Record<string, unknown> = {},
): Promise<Posted> {
  const request = new Request(`http://localhost${path}`, { method: "POST", body: new URLSearchParams(fields) });
  const result = (await run({ request, params: {}, context: context(), ...extra } as never)) as {
    data: Record<string, unknown>;
    init: ResponseInit | null;
  };
  return { status: result.init?.status ?? 200, data: result.data };
}

const check = (fields: [string, string][], run: (args: never) => unknown = practiceAction) =>
  post(run, "/question-bank/practice", fields);

const answersOf = (name: string) =>
  t.db
    .selectFrom("question_answers")
    .select(["version_id", "answer", "is_correct"])
    .where("version_id", "=", versions[name]!)
    .orderBy("id")
    .execute();

// Helpers of the tests below.
const practiceSet = async (search: string) => {
  const page = (await practice(search)).data as Awaited<ReturnType<typeof practiceLoader>>;
  return { total: page.total, first: page.question?.slug ?? null };
};

const msq = (choices: string[]) =>
  check([["question", String(ids.msq)], ["version", "1"], ...choices.map((c): [string, string] => ["choice", c])]);

const nat = (value: string) =>
  check([
    ["intent", "check"],
    ["question", String(ids.nat)],
    ["version", "1"],
    ["value", value],
  ]);

const report = (fields: [string, string][], ip?: string, slug = "fourier-law-mcq") =>
  post(reportAction, `/question-bank/q/${slug}/report`, fields, {
    params: { slug },
    ...(ip ? { context: context(ip) } : {}),
  });

const storedReports = () =>
  t.db
    .selectFrom("question_reports")
    .select(["question_id", "version_no", "message", "email", "status"])
    .orderBy("id")
    .execute();

/** The answer's words and fields, nowhere in what a page hands the browser before an answer. */
function expectNoAnswer(data: unknown) {
  const json = JSON.stringify(data);
  for (const secret of [SOLUTION, NAT_SOLUTION, '"correct"', "nat_min", "nat_max", "solution", "0.79", "0.81"])
    expect(json, secret).not.toContain(secret);
}

describe(`question bank, public side, on ${process.env.TEST_ENGINE}`, () => {
  it("/question-bank counts published questions only, per subject and topic, and says where there are none", async () => {
    const { overview, elsewhere } = await bankLoader(loaderArgs("/question-bank"));
    const heat = overview.subjects.find((s) => s.key === "heat-transfer")!;
    expect(heat.count).toBe(3);
    expect(heat.topics.map((topic) => [topic.key, topic.count])).toEqual([
      [CONDUCTION, 2],
      ["thermal-boundary-layer-and-heat-transfer", 1],
    ]);
    expect(heat.topicsWithout).toBeGreaterThan(0);
    expect(overview.subjects.find((s) => s.key === "general-aptitude")!.count).toBe(1);
    expect(overview.subjects.find((s) => s.key === "mass-transfer")).toMatchObject({ count: 0, topics: [] });
    // Every syllabus section, GA last; the draft counted nowhere.
    expect(overview.subjects.at(-1)!.key).toBe("general-aptitude");
    expect(overview).toMatchObject({ total: 4, previousYear: 1 });
    // The staff-typed counts of gate_subjects (500, 400, 450 in the seed) are not on the page.
    expect(JSON.stringify({ overview, elsewhere })).not.toMatch(/\b(500|400|450)\b/);
  });

  it("a practice set shows its first question without its key or solution", async () => {
    const answer = await practice("?subject=heat-transfer");
    expect(answer.status).toBe(200);
    const page = answer.data as Awaited<ReturnType<typeof practiceLoader>>;
    expect(page).toMatchObject({ total: 3, number: 1, previous: null, next: ids.nat });
    expect(page.question).toMatchObject({ id: ids.mcq, slug: "fourier-law-mcq", type: "mcq", isSample: true });
    expect(page.question!.textHtml).toContain("<math");
    expect(page.question!.options).toHaveLength(4);
    expect(page.palette).toEqual([ids.mcq, ids.nat, ids.msq]);
    expectNoAnswer(page);
  });

  it("moves through the set by id, each question numbered, without a key in any page", async () => {
    const second = (await practice(`?subject=heat-transfer&at=${ids.nat}`)).data as Awaited<
      ReturnType<typeof practiceLoader>
    >;
    expect(second).toMatchObject({ number: 2, previous: ids.mcq, next: ids.msq });
    expect(second.question).toMatchObject({ type: "nat", natDecimals: 2, marks: 2 });
    expectNoAnswer(second);
    const third = (await practice(`?subject=heat-transfer&at=${ids.msq}`)).data as typeof second;
    expect(third).toMatchObject({ number: 3, next: null });
    // A draft, another subject's question and a made-up id are not in the set: an old link to one
    // starts the set from its first question.
    for (const at of [ids.draft, ids.ga, 999999])
      expect(await practice(`?subject=heat-transfer&at=${at}`)).toEqual({
        status: 302,
        location: "/question-bank/practice?subject=heat-transfer",
      });
  });

  it("filters by topic, type, difficulty and previous-year source", async () => {
    expect(await practiceSet("?type=nat")).toEqual({ total: 1, first: "slab-heat-flux-nat" });
    expect(await practiceSet("?difficulty=hard")).toEqual({ total: 1, first: "radiation-msq" });
    expect(await practiceSet("?source=gate")).toEqual({ total: 1, first: "gate-2024-ga-q3" });
    expect(await practiceSet("?subject=heat-transfer&topic=thermal-boundary-layer-and-heat-transfer")).toEqual({
      total: 1,
      first: "radiation-msq",
    });
    expect(await practiceSet("")).toEqual({ total: 4, first: "fourier-law-mcq" });
    // A subject without questions is an empty set, said so, not an error.
    expect(await practiceSet("?subject=mass-transfer")).toEqual({ total: 0, first: null });
    expect(await practiceSet("?subject=heat-transfer&type=nat&difficulty=hard")).toEqual({ total: 0, first: null });
  });

  it("cleans a filter form's address, and refuses values that are no filter's", async () => {
    expect(await practice("?subject=heat-transfer&topic=&type=nat&difficulty=")).toEqual({
      status: 302,
      location: "/question-bank/practice?subject=heat-transfer&type=nat",
    });
    // A topic of another subject (the form still showed the old subject's topics) is dropped.
    expect(await practice("?subject=mass-transfer&topic=thermal-boundary-layer-and-heat-transfer")).toEqual({
      status: 302,
      location: "/question-bank/practice?subject=mass-transfer",
    });
    for (const search of [
      "?subject=astrology",
      "?type=essay",
      "?difficulty=brutal",
      "?source=original",
      "?at=abc",
      "?topic=no-such-topic",
    ])
      expect((await practice(search)).status, search).toBe(404);
  });

  it("Check marks an answer against the key, stores it, and only then gives the key and the solution", async () => {
    const wrong = await check([
      ["intent", "check"],
      ["question", String(ids.mcq)],
      ["version", "1"],
      ["choice", "0"],
    ]);
    expect(wrong.status).toBe(200);
    expect(wrong.data).toMatchObject({
      intent: "check",
      ok: true,
      correct: false,
      given: { type: "mcq", choices: [0] },
      revealed: { key: { type: "mcq", correct: [1] } },
    });
    expect((wrong.data.revealed as { solutionHtml: string }).solutionHtml).toContain(SOLUTION);
    const right = await check([
      ["intent", "check"],
      ["question", String(ids.mcq)],
      ["version", "1"],
      ["choice", "1"],
    ]);
    expect(right.data).toMatchObject({ correct: true });
    expect(await answersOf("mcq")).toEqual([
      { version_id: versions.mcq, answer: "[0]", is_correct: false },
      { version_id: versions.mcq, answer: "[1]", is_correct: true },
    ]);
  });

  it("checks MSQ by the exact set, and NAT by range and decimals, refusing an unreadable number unstored", async () => {
    expect((await msq(["0", "2"])).data).toMatchObject({ correct: true, revealed: { key: { correct: [0, 2] } } });
    expect((await msq(["0"])).data).toMatchObject({ correct: false });
    expect((await msq([])).status).toBe(400);
    expect((await nat("0.8")).data).toMatchObject({
      correct: true,
      revealed: { key: { type: "nat", min: 0.79, max: 0.81, decimals: 2 } },
    });
    expect((await nat("0.85")).data).toMatchObject({ correct: false });
    const tooPrecise = await nat("0.801");
    expect(tooPrecise).toMatchObject({ status: 400, data: { ok: false, message: "Enter at most 2 decimal places." } });
    expect(JSON.stringify(tooPrecise.data)).not.toContain(NAT_SOLUTION);
    expect((await answersOf("nat")).map((a) => [a.answer, a.is_correct])).toEqual([
      ['"0.8"', true],
      ['"0.85"', false],
    ]);
    expect((await answersOf("msq")).map((a) => [a.answer, a.is_correct])).toEqual([
      ["[0,2]", true],
      ["[0]", false],
    ]);
  });

  it("a draft or unknown question cannot be checked or revealed, and nothing is stored", async () => {
    for (const [question, version] of [
      [String(ids.draft), "1"],
      ["999999", "1"],
      [String(ids.mcq), "7"],
    ]) {
      const answer = await check([
        ["intent", "reveal"],
        ["question", question!],
        ["version", version!],
      ]);
      expect(answer).toMatchObject({
        status: 404,
        data: { ok: false, message: "This question is no longer published." },
      });
    }
    expect(await answersOf("draft")).toEqual([]);
  });

  it("a question's page: by slug, its title from its text, no answer until Show answer or Check", async () => {
    const answer = await questionPage("gate-2024-ga-q3");
    expect(answer.status).toBe(200);
    const { question } = answer.data as { question: Record<string, unknown> };
    expect(question).toMatchObject({
      slug: "gate-2024-ga-q3",
      title: "GATE 2024, Q3: Choose the word most nearly opposite in meaning to ephemeral.",
      gateYear: 2024,
      gateQuestionNo: 3,
      subject: { key: "general-aptitude", title: "General Aptitude" },
    });
    expect(JSON.stringify(answer.data)).not.toContain("short-lived");
    const revealed = await post(pageAction, "/question-bank/q/gate-2024-ga-q3", [
      ["intent", "reveal"],
      ["question", String(ids.ga)],
      ["version", "1"],
    ]);
    expect(revealed.data).toMatchObject({ intent: "reveal", ok: true, revealed: { key: { correct: [1] } } });
    expect(JSON.stringify(revealed.data)).toContain("short-lived");
    // Asking for the answer is no attempt: nothing stored.
    expect(await answersOf("ga")).toEqual([]);
    for (const slug of ["draft-question", "no-such-question"]) expect((await questionPage(slug)).status).toBe(404);
  });

  it("shows the current version, and checks an answer against the version the aspirant saw", async () => {
    const made = await insertQuestion(t.db, {
      slug: "versioned",
      subject: "chemical-technology",
      text: "Version one of the text.",
      correct: [2],
      solution: "First solution.",
    });
    const { versionId, versionNo } = await addVersion(t.db, made.id, {
      slug: "versioned",
      text: "Version two of the text.",
      correct: [3],
      solution: "Second solution.",
    });
    const page = (await questionPage("versioned")).data as { question: { textHtml: string; versionNo: number } };
    expect(page.question).toMatchObject({ versionNo: 2 });
    expect(page.question.textHtml).toContain("Version two");
    // Seen before the edit: checked against version 1's key, stored against version 1.
    const old = await check([
      ["question", String(made.id)],
      ["version", "1"],
      ["choice", "2"],
    ]);
    expect(old.data).toMatchObject({ correct: true, versionNo: 1 });
    const now = await check([
      ["question", String(made.id)],
      ["version", String(versionNo)],
      ["choice", "2"],
    ]);
    expect(now.data).toMatchObject({ correct: false, versionNo: 2 });
    const stored = await t.db
      .selectFrom("question_answers")
      .select(["version_id", "is_correct"])
      .where("version_id", "in", [made.versionId, versionId])
      .orderBy("id")
      .execute();
    expect(stored).toEqual([
      { version_id: made.versionId, is_correct: true },
      { version_id: versionId, is_correct: false },
    ]);
    // Unpublished, it leaves the sets and its page.
    await setQuestionStatus(t.db, made.id, "draft");
    expect((await questionPage("versioned")).status).toBe(404);
    expect((await practice("?subject=chemical-technology")).data).toMatchObject({ total: 0 });
  });

  it("a report is stored with the version it is about, by the public form rules, and rate limited", async () => {
    const sent = await report(
      [
        ["message", "Option B should mention the sign convention."],
        ["email", "aspirant@example.com"],
        ["website", ""],
      ],
      "203.0.113.200",
    );
    expect(sent).toEqual({
      status: 200,
      data: { ok: true, message: "Thank you. Your report has reached our team, who will check the question." },
    });
    expect(await storedReports()).toEqual([
      {
        question_id: ids.mcq,
        version_no: 1,
        message: "Option B should mention the sign convention.",
        email: "aspirant@example.com",
        status: "new",
      },
    ]);
    // The same report again (a double click) is stored once.
    await report(
      [
        ["message", "Option B should mention the sign convention."],
        ["email", "aspirant@example.com"],
      ],
      "203.0.113.200",
    );
    expect(await storedReports()).toHaveLength(1);

    expect(await report([["message", ""]])).toMatchObject({
      status: 400,
      data: { fieldErrors: { message: "Message is required" } },
    });
    expect(await report([["message", "Bad\u0000byte"]])).toMatchObject({
      status: 400,
      data: { fieldErrors: { message: "Message contains characters that are not allowed" } },
    });
    expect(
      await report([
        ["message", "Fine"],
        ["email", "not an address"],
      ]),
    ).toMatchObject({
      status: 400,
      data: { fieldErrors: { email: "Enter a valid email address" } },
    });
    expect(
      await report([
        ["message", "Spam"],
        ["website", "http://spam.example"],
      ]),
    ).toMatchObject({ status: 400 });
    expect(await report([["message", "About a draft"]], undefined, "draft-question")).toMatchObject({ status: 404 });
    expect(await storedReports()).toHaveLength(1);

    // Per address, as the contact form: LIMIT posts in the window, then 429 with nothing stored.
    const ip = "198.51.100.77";
    for (let i = 0; i < LIMIT; i++) expect((await report([["message", `Report ${i}`]], ip)).status).toBe(200);
    expect(await report([["message", "One too many"]], ip)).toMatchObject({ status: 429 });
    expect((await storedReports()).map((row) => row.message)).not.toContain("One too many");
    expect((await storedReports()).map((row) => row.email)).toContain(null);

    expect(
      (
        await call(() =>
          reportLoader(loaderArgs("/question-bank/q/draft-question/report", { slug: "draft-question" }) as never),
        )
      ).status,
    ).toBe(404);
  });

  it("sitemap.xml lists every published question's page, and no draft", async () => {
    const xml = await (await sitemapLoader(loaderArgs("/sitemap.xml"))).text();
    for (const slug of ["fourier-law-mcq", "slab-heat-flux-nat", "radiation-msq", "gate-2024-ga-q3"])
      expect(xml).toContain(`/question-bank/q/${slug}</loc>`);
    expect(xml).not.toContain("draft-question");
  });

  it("site search finds published questions by their text, and subjects with computed counts, never an answer", async () => {
    const found = async (q: string) => (await searchContent(t.db, q)).map((r) => [r.kind, r.title, r.href]);
    expect(await found("ephemeral opposite")).toContainEqual([
      "question",
      "GATE 2024, Q3: Choose the word most nearly opposite in meaning to ephemeral.",
      "/question-bank/q/gate-2024-ga-q3",
    ]);
    expect((await found("slab heat flux")).map(([, , link]) => link)).toContain("/question-bank/q/slab-heat-flux-nat");
    // A title reads its math as the page shows it; the formula's LaTeX still finds the question.
    const fourier = [
      "question",
      "Which law relates heat flux to the temperature gradient, q =…",
      "/question-bank/q/fourier-law-mcq",
    ];
    expect(await found("fourier law temperature gradient")).toContainEqual(fourier);
    expect(await found("frac dT dx")).toContainEqual(fourier);
    const subjects = (await searchContent(t.db, "heat transfer questions")).filter((r) => r.kind === "question-bank");
    expect(subjects[0]).toMatchObject({
      title: "Heat Transfer questions (GATE CH)",
      href: "/question-bank#subject-heat-transfer",
    });
    expect(subjects[0]!.description).toMatch(/^3 practice questions with solutions · /);
    const questions = async (q: string) => (await found(q)).filter(([kind]) => kind === "question");
    expect(await questions("draft nobody should see")).toEqual([]);
    // The solutions' words find nothing: they are not indexed.
    expect(await found("zebrafinch")).toEqual([]);
    expect(await found("quokka")).toEqual([]);
  });
});
