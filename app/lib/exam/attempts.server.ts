import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import { escapeHtml } from "~/core/html";
import { formatIstTime } from "~/core/ist";
import type { DB } from "~/db/client.server";
import { findGatePaper } from "~/db/queries/gate-papers.server";
import { rankYears } from "~/db/queries/gate-rank-points.server";
import { enqueueEmail } from "~/db/queries/outbox.server";
import {
  claimOpenAttempt,
  countStanding,
  findAttemptByHash,
  findAttemptById,
  insertAttempt,
  listAttemptAnswers,
  markSubmitted,
  claimAttemptEmail,
  setAttemptLead,
  setAttemptScore,
  writeAnswer,
  type AttemptAnswerRow,
  type AttemptRow,
} from "~/db/queries/exam-attempts.server";
import { insertLead } from "~/db/queries/leads.server";
import {
  findPublishedTest,
  findTestById,
  listExamQuestions,
  listKeyedQuestions,
  listPaperShapes,
  type ExamQuestionRow,
  type KeyedQuestionRow,
  type PracticeTest,
} from "~/db/queries/practice-tests.server";
import type { PracticeTestKind, QuestionType, SubmitReason } from "~/db/schema";
import { estimateRank, type RankEstimate } from "~/lib/gate/rank-estimate";
import { hitRateLimit, type RateLimitRule } from "~/lib/rate-limit.server";
import { getSiteSettings } from "~/lib/site/settings.server";
import { siteUrl } from "~/lib/site-origin.server";
import {
  isAnswered,
  NAT_MAX_LENGTH,
  OPTION_COUNT,
  readNat,
  type AnswerGiven,
  type QuestionKey,
} from "~/lib/questions/answers";
import { answerParts } from "~/lib/questions/question-view";
import {
  ANSWER_STATUSES,
  deadlineOf,
  isBeforeDeadline,
  scoreAttempt,
  SECTION_TITLES,
  SECTIONS,
  standingFromCounts,
  type AnswerStatus,
  type AttemptScore,
  type ExamSection,
  type Outcome,
  type SavedAnswer,
  type ScoredQuestion,
  type Standing,
} from "./scoring";

// An aspirant's attempt at a timed test (issue 47), from start to result, with no account: the
// attempt belongs to a random token (a cookie and a resume link), of which only the SHA-256 is
// stored. The server holds the time: an attempt takes answers strictly before its deadline, and
// one read after the deadline submits it ('deadline') with what was saved. It is submitted once;
// a second submission returns the first. Nothing the exam sends before submission holds a key or
// a solution (listExamQuestions never selects them), nor a question's id or slug (its public page
// shows the answer once answered).
//
// Saves are idempotent and ordered: each carries the browser's sequence number, and a save whose
// sequence is not above the stored one changes nothing, so a queue sent twice or out of order
// never puts an older answer back. A save and a submission of the same attempt take turns on the
// attempt's row (writeAnswer reads it FOR SHARE, markSubmitted updates it), so the score counts
// every acknowledged save and nothing is written after it.

export type { AttemptRow } from "~/db/queries/exam-attempts.server";

/** Starts per network (the ip key) per hour: a class on one connection fits, a script does not. */
export const START_RATE_LIMIT: RateLimitRule = { limit: 20, windowMs: 60 * 60 * 1000 };
const START_BUCKET = "exam-start";

/** A token as issued: 32 random bytes, base64url. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The most positions a paper may have (far above GATE's 65), bounding what a save may name. */
const MAX_POSITION = 1000;

export const examMessages = {
  rateLimited: (minutes: number) =>
    `Too many tests started from your network. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
  notOpen: (opensAt: string) => `This test opens at ${formatIstTime(opensAt)}.`,
  closed: "This test has closed.",
  paid: "This test is part of a paid test series.",
  invalidAnswer: "This answer does not fit the question.",
  invalidPosition: "There is no such question in this test.",
  leadName: "Test taker",
  leadMessage: (title: string) => `Asked for the result link of the test "${title}" (consent to e-mail given).`,
} as const;

export const attemptPath = (slug: string, token: string) =>
  `/tests/${encodeURIComponent(slug)}/attempt/${encodeURIComponent(token)}`;
export const resultPath = (slug: string, token: string) => `${attemptPath(slug, token)}/result`;

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const newToken = () => randomBytes(32).toString("base64url");

// --- start -------------------------------------------------------------------------------------

export interface StartOptions {
  /** Who starts it (the client's address), for the rate limit. */
  ipKey: string;
  now?: Date;
  /** The e-mail for the result link; used only with consent. */
  email?: string | null;
  consent?: boolean;
  rule?: RateLimitRule;
}

export type StartResult =
  | { ok: true; token: string; attempt: AttemptRow; test: PracticeTest }
  | { ok: false; reason: "not_found" }
  | { ok: false; reason: "paid"; paidUrl: string | null }
  | { ok: false; reason: "not_open"; opensAt: string }
  | { ok: false; reason: "closed"; closesAt: string }
  | { ok: false; reason: "rate_limited"; retryAfterMs: number };

/** Whether a published test takes a new attempt at `now`, and why not. */
export function startRefusal(test: PracticeTest, now: Date): Exclude<StartResult, { ok: true }> | null {
  if (test.access === "paid") return { ok: false, reason: "paid", paidUrl: test.paid_url };
  if (test.opens_at && now.getTime() < Date.parse(test.opens_at))
    return { ok: false, reason: "not_open", opensAt: test.opens_at };
  if (test.closes_at && now.getTime() >= Date.parse(test.closes_at))
    return { ok: false, reason: "closed", closesAt: test.closes_at };
  return null;
}

/**
 * The e-mail for the result link, the lead it makes (the leads inbox lists it) and the e-mail with
 * the attempt's link, in the caller's transaction; false when the attempt has an e-mail already.
 */
async function recordResultEmail(
  trx: DB,
  attempt: { id: number },
  test: { slug: string; title: string },
  token: string,
  email: string,
  now: Date,
): Promise<boolean> {
  const stamp = now.toISOString();
  if (!(await claimAttemptEmail(trx, attempt.id, email, stamp))) return false;
  const leadId = await insertLead(trx, "contact", {
    name: examMessages.leadName,
    email,
    phone: "",
    message: examMessages.leadMessage(test.title),
    created_at: stamp,
  });
  await setAttemptLead(trx, attempt.id, leadId);
  const { brandName } = await getSiteSettings(trx);
  const link = siteUrl(resultPath(test.slug, token));
  const subject = `${brandName}: your link to "${test.title}"`;
  const lines = [
    `You started the test "${test.title}" on ${brandName}.`,
    "This link brings you back to your test while it runs, and shows your result and the review of every question once you submit:",
  ];
  await enqueueEmail(
    trx,
    {
      to: email,
      subject,
      html: `${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("")}<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>Keep the link to yourself: anyone who has it can see your answers.</p>`,
      text: `${lines.join("\n\n")}\n\n${link}\n\nKeep the link to yourself: anyone who has it can see your answers.`,
    },
    now,
  );
  return true;
}

const EmailSchema = z.string().trim().min(1).max(254).pipe(z.email());

/** Starts an attempt at a published test: its token (to give the aspirant, never stored) and the attempt. */
export async function startAttempt(db: DB, testSlug: string, options: StartOptions): Promise<StartResult> {
  const now = options.now ?? new Date();
  const test = await findPublishedTest(db, testSlug);
  if (!test) return { ok: false, reason: "not_found" };
  const refusal = startRefusal(test, now);
  if (refusal) return refusal;
  const positions = (await listPaperShapes(db, test.id)).map((q) => q.position);
  if (positions.length === 0) return { ok: false, reason: "not_found" };

  const limit = await hitRateLimit(db, START_BUCKET, options.ipKey, options.rule ?? START_RATE_LIMIT, now.getTime());
  if (!limit.allowed) return { ok: false, reason: "rate_limited", retryAfterMs: limit.retryAfterMs };

  const email = options.consent && options.email ? EmailSchema.safeParse(options.email) : null;
  const token = newToken();
  const deadline = deadlineOf(now, test.duration_minutes, test.closes_at ? new Date(test.closes_at) : null);
  const attempt = await db.transaction().execute(async (trx) => {
    const id = await insertAttempt(trx, {
      testId: test.id,
      tokenHash: hashToken(token),
      startedAt: now.toISOString(),
      deadlineAt: deadline.toISOString(),
      ipKey: options.ipKey,
      positions,
    });
    if (email?.success) await recordResultEmail(trx, { id }, test, token, email.data, now);
    return (await findAttemptById(trx, id))!;
  });
  return { ok: true, token, attempt, test };
}

// --- reading an attempt, and the deadline ----------------------------------------------------------

const parseAnswer = (json: string | null): AnswerGiven | null => {
  if (json === null) return null;
  try {
    return JSON.parse(json) as AnswerGiven;
  } catch {
    return null;
  }
};

function keyOf(row: KeyedQuestionRow): QuestionKey {
  if (row.type === "nat")
    return { type: "nat", min: row.nat_min ?? 0, max: row.nat_max ?? 0, decimals: row.nat_decimals ?? 0 };
  const correct = row.correct ? (JSON.parse(row.correct) as number[]) : [];
  return { type: row.type, correct };
}

const scoredOf = (row: KeyedQuestionRow): ScoredQuestion => ({
  position: row.position,
  section: row.section,
  marks: row.marks,
  key: keyOf(row),
});

const savedOf = (row: AttemptAnswerRow): SavedAnswer => ({
  position: row.position,
  status: row.status,
  answer: parseAnswer(row.answer),
});

/**
 * Submits an attempt once, scored on what was saved: whether this call submitted it. The row
 * lock taken by markSubmitted makes a save in flight finish first, and a save after it find the
 * attempt closed.
 */
async function finish(db: DB, attempt: { id: number; test_id: number }, submittedAt: string, reason: SubmitReason) {
  return db.transaction().execute(async (trx) => {
    if (!(await markSubmitted(trx, attempt.id, submittedAt, reason))) return false;
    const questions = await listKeyedQuestions(trx, attempt.test_id);
    const answers = await listAttemptAnswers(trx, attempt.id);
    const score = scoreAttempt(questions.map(scoredOf), answers.map(savedOf));
    await setAttemptScore(trx, attempt.id, score.thirds);
    return true;
  });
}

/** The attempt, submitted by the deadline first when its time is up and nobody submitted it. */
async function current(db: DB, attempt: AttemptRow, now: Date): Promise<AttemptRow> {
  if (attempt.submitted_at || isBeforeDeadline(new Date(attempt.deadline_at), now)) return attempt;
  await finish(db, attempt, attempt.deadline_at, "deadline");
  return (await findAttemptById(db, attempt.id))!;
}

/** The attempt a token opens (undefined for a malformed or unknown one), ended first if its time is up. */
export async function findAttemptByToken(db: DB, token: string, now = new Date()): Promise<AttemptRow | undefined> {
  if (!TOKEN_PATTERN.test(token)) return undefined;
  const attempt = await findAttemptByHash(db, hashToken(token));
  return attempt && current(db, attempt, now);
}

// --- the exam -----------------------------------------------------------------------------------

/** A question of the paper with the candidate's answer, as the exam and the review show it. */
interface PaperQuestion {
  position: number;
  section: ExamSection;
  type: QuestionType;
  marks: number;
  textHtml: string;
  /** The options' HTML (MCQ, MSQ); [] for NAT. */
  options: string[];
  natDecimals: number | null;
  status: AnswerStatus;
  answer: AnswerGiven | null;
  /** Seconds spent on it so far. */
  secondsSpent: number;
}

function paperQuestion(q: ExamQuestionRow, answer: AttemptAnswerRow | undefined): PaperQuestion {
  return {
    position: q.position,
    section: q.section,
    type: q.type,
    marks: q.marks,
    textHtml: q.text_html,
    ...answerParts(q),
    status: answer?.status ?? "not_visited",
    answer: parseAnswer(answer?.answer ?? null),
    secondsSpent: answer?.seconds_spent ?? 0,
  };
}

export interface ExamQuestion extends PaperQuestion {
  /** The sequence of the save stored for it (0: none). */
  seq: number;
}

export interface ExamView {
  test: {
    id: number;
    slug: string;
    title: string;
    kind: PracticeTestKind;
    durationMinutes: number;
    isSample: boolean;
    instructionsHtml: string;
  };
  attempt: {
    id: number;
    startedAt: string;
    deadlineAt: string;
    /** The server's clock when this was read: the countdown runs from here. */
    serverNow: string;
    lastPosition: number;
    /** The highest save sequence stored: a browser continues above it. */
    maxSeq: number;
  };
  /** The section tabs, in paper order, each with its positions. */
  sections: { section: ExamSection; title: string; positions: number[] }[];
  questions: ExamQuestion[];
}

function sectionsOf(questions: readonly { position: number; section: ExamSection }[]) {
  return SECTIONS.map((section) => ({
    section,
    title: SECTION_TITLES[section],
    positions: questions.filter((q) => q.section === section).map((q) => q.position),
  }))
    .filter((s) => s.positions.length > 0)
    .sort((a, b) => a.positions[0]! - b.positions[0]!);
}

export type ExamViewResult =
  | { ok: true; view: ExamView }
  | { ok: false; reason: "not_found" }
  | { ok: false; reason: "submitted"; testSlug: string };

/** What the exam interface needs, without a key or a solution: the route sends all of it. */
export async function loadExamView(db: DB, token: string, now = new Date()): Promise<ExamViewResult> {
  const attempt = await findAttemptByToken(db, token, now);
  if (!attempt) return { ok: false, reason: "not_found" };
  const test = await findTestById(db, attempt.test_id);
  if (!test) return { ok: false, reason: "not_found" };
  if (attempt.submitted_at) return { ok: false, reason: "submitted", testSlug: test.slug };
  const [questions, answers] = await Promise.all([listExamQuestions(db, test.id), listAttemptAnswers(db, attempt.id)]);
  const saved = new Map(answers.map((a) => [a.position, a]));
  return {
    ok: true,
    view: {
      test: {
        id: test.id,
        slug: test.slug,
        title: test.title,
        kind: test.kind,
        durationMinutes: test.duration_minutes,
        isSample: test.is_sample,
        instructionsHtml: test.instructions_html,
      },
      attempt: {
        id: attempt.id,
        startedAt: attempt.started_at,
        deadlineAt: attempt.deadline_at,
        serverNow: now.toISOString(),
        lastPosition: attempt.last_position,
        maxSeq: answers.reduce((max, a) => Math.max(max, a.client_seq), 0),
      },
      sections: sectionsOf(questions),
      questions: questions.map((q) => {
        const answer = saved.get(q.position);
        return { ...paperQuestion(q, answer), seq: answer?.client_seq ?? 0 };
      }),
    },
  };
}

// --- saving answers --------------------------------------------------------------------------------

const AnswerGivenSchema = z.union([
  z.object({
    type: z.enum(["mcq", "msq"]),
    choices: z
      .array(
        z
          .number()
          .int()
          .min(0)
          .max(OPTION_COUNT - 1),
      )
      .max(OPTION_COUNT),
  }),
  z.object({ type: z.literal("nat"), value: z.string().max(NAT_MAX_LENGTH) }),
]);

const AnswerSaveSchema = z.object({
  position: z.number().int().min(1).max(MAX_POSITION),
  status: z.enum(ANSWER_STATUSES),
  answer: AnswerGivenSchema.nullable(),
  secondsSpent: z.number().int().min(0).max(1_000_000),
  seq: z.number().int().min(1).max(2_147_483_647),
});

/** The body of POST …/save: the queued saves, oldest first, and the question shown now. */
export const SaveBatchSchema = z.object({
  saves: z.array(AnswerSaveSchema).min(1).max(100),
  at: z.number().int().min(1).max(MAX_POSITION).optional(),
});

/** One queued save: what the browser holds for a position, with its sequence. */
export interface AnswerSave {
  position: number;
  status: AnswerStatus;
  answer: AnswerGiven | null;
  /** The seconds spent on the question so far (cumulative). */
  secondsSpent: number;
  seq: number;
}

export type SaveOutcome = { position: number; seq: number; result: "saved" | "stale" | "invalid"; message?: string };

export type SaveResult =
  | { ok: true; results: SaveOutcome[]; deadlineAt: string; serverNow: string }
  | { ok: false; reason: "not_found" }
  | { ok: false; reason: "submitted"; submitReason: SubmitReason; submittedAt: string };

/**
 * A save as stored, or null when the answer does not fit the question (another type, an option
 * that is not one, a number that does not read). The status follows the answer: "answered"
 * without one is "not answered", "marked" with one is "answered and marked", and a question left
 * unanswered keeps no answer (the exam saves a choice only with Save or Mark).
 */
export function normaliseSave(
  save: Pick<AnswerSave, "status" | "answer">,
  question: { type: QuestionType; nat_decimals: number | null },
): { status: AnswerStatus; answer: AnswerGiven | null } | null {
  let answer: AnswerGiven | null = save.answer;
  if (answer) {
    if (question.type === "nat") {
      if (answer.type !== "nat") return null;
      if (answer.value.trim() !== "" && !readNat(answer.value, question.nat_decimals ?? 0).ok) return null;
      answer = { type: "nat", value: answer.value.trim() };
    } else {
      if (answer.type !== question.type) return null;
      const choices = [...new Set(answer.choices)].sort((a, b) => a - b);
      if (question.type === "mcq" && choices.length > 1) return null;
      answer = { type: question.type, choices };
    }
    if (!isAnswered(answer)) answer = null;
  }
  switch (save.status) {
    case "answered":
      return answer ? { status: "answered", answer } : { status: "not_answered", answer: null };
    case "answered_marked":
    case "marked":
      return answer ? { status: "answered_marked", answer } : { status: "marked", answer: null };
    default:
      return { status: save.status, answer: null };
  }
}

type PaperShapes = Map<number, { type: QuestionType; nat_decimals: number | null }>;

/**
 * Each position's question type and decimals, per database and test, kept in memory: a test that
 * has an attempt never changes its paper (staff's manager refuses) nor its frozen versions (an
 * edit of an attempted version makes a new one), and every save belongs to an attempt. So the
 * hottest request of a mock day reads no question. Bounded: cleared when it holds many tests.
 */
const shapeCache = new WeakMap<DB, Map<number, PaperShapes>>();
const SHAPE_CACHE_TESTS = 500;

async function paperShapes(db: DB, testId: number): Promise<PaperShapes> {
  let tests = shapeCache.get(db);
  if (!tests) shapeCache.set(db, (tests = new Map()));
  let shapes = tests.get(testId);
  if (!shapes) {
    shapes = new Map((await listPaperShapes(db, testId)).map((q) => [q.position, q]));
    if (tests.size >= SHAPE_CACHE_TESTS) tests.clear();
    tests.set(testId, shapes);
  }
  return shapes;
}

const isOpenAt = (attempt: AttemptRow | undefined, now: Date) =>
  attempt !== undefined && !attempt.submitted_at && isBeforeDeadline(new Date(attempt.deadline_at), now);

/** Stores a batch of saves while the attempt is open; each is saved, stale (a newer one is stored) or invalid. */
export async function saveAnswers(
  db: DB,
  token: string,
  saves: readonly AnswerSave[],
  now = new Date(),
  options: { at?: number } = {},
): Promise<SaveResult> {
  if (!TOKEN_PATTERN.test(token)) return { ok: false, reason: "not_found" };
  const tokenHash = hashToken(token);
  const stamp = now.toISOString();
  // No transaction (issue 47, mock-day bench): on PostgreSQL a save is two short statements
  // instead of four round trips holding a pooled connection idle in a transaction.
  const written = await (async () => {
    const open = await claimOpenAttempt(db, tokenHash, stamp, options.at);
    if (!open) return null;
    const shapes = await paperShapes(db, open.test_id);
    const duration = Date.parse(open.deadline_at) - Date.parse(open.started_at);
    const results: SaveOutcome[] = [];
    for (const save of saves) {
      const question = shapes.get(save.position);
      const stored = question && normaliseSave(save, question);
      if (!stored) {
        const message = question ? examMessages.invalidAnswer : examMessages.invalidPosition;
        results.push({ position: save.position, seq: save.seq, result: "invalid", message });
        continue;
      }
      const saved = await writeAnswer(
        db,
        open.id,
        {
          position: save.position,
          status: stored.status,
          answer: stored.answer ? JSON.stringify(stored.answer) : null,
          secondsSpent: Math.min(save.secondsSpent, Math.ceil(Math.max(duration, 0) / 1000)),
          seq: save.seq,
        },
        stamp,
      );
      // Not written: a newer save is stored, or the attempt closed since the first statement.
      if (!saved && !isOpenAt(await findAttemptByHash(db, tokenHash), now)) return null;
      results.push({ position: save.position, seq: save.seq, result: saved ? "saved" : "stale" });
    }
    return { results, deadlineAt: open.deadline_at };
  })();
  if (written) return { ok: true, ...written, serverNow: stamp };

  const attempt = await findAttemptByHash(db, tokenHash);
  if (!attempt) return { ok: false, reason: "not_found" };
  const ended = await current(db, attempt, now);
  return {
    ok: false,
    reason: "submitted",
    submitReason: ended.submit_reason ?? "deadline",
    submittedAt: ended.submitted_at ?? ended.deadline_at,
  };
}

// --- submitting -------------------------------------------------------------------------------------

export type SubmitResult =
  { ok: true; attempt: AttemptRow; alreadySubmitted: boolean } | { ok: false; reason: "not_found" };

/**
 * Submits the attempt, once: a second call returns the stored submission. After the deadline it
 * is recorded as ended by the deadline, at the deadline, whoever asks.
 */
export async function submitAttempt(
  db: DB,
  token: string,
  now = new Date(),
  reason: SubmitReason = "candidate",
): Promise<SubmitResult> {
  if (!TOKEN_PATTERN.test(token)) return { ok: false, reason: "not_found" };
  const attempt = await findAttemptByHash(db, hashToken(token));
  if (!attempt) return { ok: false, reason: "not_found" };
  if (attempt.submitted_at) return { ok: true, attempt, alreadySubmitted: true };
  const inTime = isBeforeDeadline(new Date(attempt.deadline_at), now);
  const submitted = await finish(
    db,
    attempt,
    inTime ? now.toISOString() : attempt.deadline_at,
    inTime ? reason : "deadline",
  );
  return { ok: true, attempt: (await findAttemptById(db, attempt.id))!, alreadySubmitted: !submitted };
}

// --- the result --------------------------------------------------------------------------------

export interface ReviewItem extends PaperQuestion {
  key: QuestionKey;
  solutionHtml: string;
  thirds: number;
  outcome: Outcome;
  /** The question's page in the bank (/question-bank/q/<slug>): linked only after submission. */
  questionSlug: string;
}

/** What the site's rank predictor says for these marks (a full-length mock that is not a sample). */
export type RankPrediction =
  | { kind: "estimate"; marks: number; estimate: RankEstimate }
  | { kind: "no-data"; marks: number; estimate: RankEstimate | null };

export interface ExamResult {
  test: { id: number; slug: string; title: string; kind: PracticeTestKind; isSample: boolean; durationMinutes: number };
  attempt: {
    id: number;
    startedAt: string;
    submittedAt: string;
    submitReason: SubmitReason;
    timeTakenSeconds: number;
    /** The e-mail the result link went to, if one was given. */
    email: string | null;
  };
  score: AttemptScore;
  standing: Standing;
  rankPrediction: RankPrediction | null;
  /** Wrong answers first, then unattempted, then correct; paper order within each. */
  review: ReviewItem[];
}

export type ResultRead =
  | { ok: true; result: ExamResult }
  | { ok: false; reason: "not_found" }
  | { ok: false; reason: "not_submitted"; testSlug: string };

const REVIEW_ORDER: Record<Outcome, number> = { wrong: 0, unattempted: 1, correct: 2 };

/** The rank predictor's answer for marks on the CH paper; "no-data" where it covers none. */
async function predictRankFor(db: DB, thirds: number): Promise<RankPrediction> {
  const marks = Math.round((thirds / 3) * 100) / 100;
  const paper = await findGatePaper(db, "CH");
  if (!paper) return { kind: "no-data", marks, estimate: null };
  const estimate = estimateRank(marks, await rankYears(db, paper.id));
  return estimate.range ? { kind: "estimate", marks, estimate } : { kind: "no-data", marks, estimate };
}

/** The result and the review of a submitted attempt (ended first if its time is up). */
export async function loadResult(db: DB, token: string, now = new Date()): Promise<ResultRead> {
  const attempt = await findAttemptByToken(db, token, now);
  if (!attempt) return { ok: false, reason: "not_found" };
  const test = await findTestById(db, attempt.test_id);
  if (!test) return { ok: false, reason: "not_found" };
  if (!attempt.submitted_at) return { ok: false, reason: "not_submitted", testSlug: test.slug };

  const [questions, answers] = await Promise.all([listKeyedQuestions(db, test.id), listAttemptAnswers(db, attempt.id)]);
  const score = scoreAttempt(questions.map(scoredOf), answers.map(savedOf));
  const [counts, rankPrediction] = await Promise.all([
    countStanding(db, test.id, attempt.score_thirds ?? score.thirds),
    test.kind === "full_mock" && !test.is_sample ? predictRankFor(db, score.thirds) : Promise.resolve(null),
  ]);
  const saved = new Map(answers.map((a) => [a.position, a]));
  const outcomes = new Map(score.perQuestion.map((q) => [q.position, q]));
  const review = questions
    .map((q): ReviewItem => {
      const answer = saved.get(q.position);
      const outcome = outcomes.get(q.position)!;
      return {
        ...paperQuestion(q, answer),
        key: keyOf(q),
        solutionHtml: q.solution_html,
        thirds: outcome.thirds,
        outcome: outcome.outcome,
        questionSlug: q.question_slug,
      };
    })
    .sort((a, b) => REVIEW_ORDER[a.outcome] - REVIEW_ORDER[b.outcome] || a.position - b.position);

  return {
    ok: true,
    result: {
      test: {
        id: test.id,
        slug: test.slug,
        title: test.title,
        kind: test.kind,
        isSample: test.is_sample,
        durationMinutes: test.duration_minutes,
      },
      attempt: {
        id: attempt.id,
        startedAt: attempt.started_at,
        submittedAt: attempt.submitted_at,
        submitReason: attempt.submit_reason ?? "candidate",
        timeTakenSeconds: Math.max(
          0,
          Math.round((Date.parse(attempt.submitted_at) - Date.parse(attempt.started_at)) / 1000),
        ),
        email: attempt.email,
      },
      score,
      standing: standingFromCounts(counts),
      rankPrediction,
      review,
    },
  };
}

// --- the result link by e-mail, asked for later ----------------------------------------------------

export type ResultEmailResult =
  | { ok: true }
  | { ok: false; reason: "not_found" }
  | { ok: false; reason: "invalid_email" }
  | { ok: false; reason: "already_sent" };

/**
 * Sends the attempt's link to an e-mail given with consent (the result page's form), recorded as
 * a lead. Once per attempt: the link cannot be used to send mail to address after address.
 */
export async function requestResultEmail(
  db: DB,
  token: string,
  input: { email: string; consent: true },
  now = new Date(),
): Promise<ResultEmailResult> {
  const attempt = await findAttemptByToken(db, token, now);
  if (!attempt) return { ok: false, reason: "not_found" };
  if (attempt.email) return { ok: false, reason: "already_sent" };
  const email = EmailSchema.safeParse(input.email);
  if (!input.consent || !email.success) return { ok: false, reason: "invalid_email" };
  const test = await findTestById(db, attempt.test_id);
  if (!test) return { ok: false, reason: "not_found" };
  const sent = await db.transaction().execute((trx) => recordResultEmail(trx, attempt, test, token, email.data, now));
  return sent ? { ok: true } : { ok: false, reason: "already_sent" };
}
