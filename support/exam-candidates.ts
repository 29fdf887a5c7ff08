import { Agent, request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { brotliDecompressSync, gunzipSync, inflateSync, zstdDecompressSync } from "node:zlib";
import type { DB } from "~/db/client.server";
import { findAttemptByToken } from "~/lib/exam/attempts.server";
import { nextSeq, type AnswerSave } from "~/lib/exam/client-save-queue";
import { SaveSender, type SendOutcome } from "~/lib/exam/client-save-sender";
import type { AnswerGiven } from "~/lib/questions/answers";

// Simulated candidates of a timed test (issue 47), shared by the mock-day bench
// (perf/bench/mock-day.ts) and the kill test (tests/system/exam-kill.test.ts). Each candidate
// starts an attempt as the instructions page posts it, loads the exam page, then answers a question
// now and then through the browser's own save queue and sender (app/lib/exam/client-save-*.ts:
// batching, retries with their pauses, sequence numbers), posting to the save endpoint as the
// page's script does. Every save the server acknowledges is recorded, so that the database can be
// checked afterwards for each of them (lostAnswers).
//
// Requests reach the instances as through the deployed proxy (deploy/nginx/proxy.conf): each
// candidate has its own address in X-Forwarded-For, and the public host in Host and
// X-Forwarded-Host; the instances run with TRUST_PROXY=1 and SITE_URL at that public origin, as
// docs/deploy.md ("Several instances") says. Without a proxy every candidate would share the
// loopback address, and the start's rate limit (20 an hour per address) would refuse the 21st.
// With several instances the requests go to each in turn, a candidate's too (no sticky sessions).

/** One paper position as the bench answers it. */
export interface PaperQuestion {
  position: number;
  type: "mcq" | "msq" | "nat";
  natDecimals: number | null;
}

export interface Paper {
  slug: string;
  questions: PaperQuestion[];
}

/** The published test `slug` (default: the sample mock of the demo content) and its questions' types. */
export async function loadPaper(db: DB, slug = "sample-mock-test"): Promise<Paper> {
  const test = await db
    .selectFrom("practice_tests")
    .select(["id", "slug"])
    .where("slug", "=", slug)
    .where("status", "=", "published")
    .executeTakeFirst();
  if (!test) throw new Error(`no published test "${slug}"`);
  const rows = await db
    .selectFrom("practice_test_questions as p")
    .innerJoin("questions as q", "q.id", "p.question_id")
    .innerJoin("question_versions as v", (join) =>
      join
        .onRef("v.question_id", "=", "q.id")
        // The frozen version, or the question's current one (version_id null: never attempted).
        .on((eb) =>
          eb.or([
            eb("v.id", "=", eb.ref("p.version_id")),
            eb.and([eb("p.version_id", "is", null), eb("v.version_no", "=", eb.ref("q.current_version"))]),
          ]),
        ),
    )
    .select(["p.position", "v.type", "v.nat_decimals"])
    .where("p.test_id", "=", test.id)
    .orderBy("p.position")
    .execute();
  if (rows.length === 0) throw new Error(`test "${slug}" has no questions`);
  return {
    slug: test.slug,
    questions: rows.map((row) => ({ position: row.position, type: row.type, natDecimals: row.nat_decimals })),
  };
}

// --- the front: the proxy's part -----------------------------------------------------------------

export type RequestClass = "start" | "page" | "save";

export interface HttpAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** As sent (compressed when the server compressed it). */
  body: Buffer;
}

/** What Chromium sends; the server picks brotli, zstd or gzip by it. */
const ACCEPT_ENCODING = "gzip, deflate, br, zstd";
const REQUEST_TIMEOUT_MS = 30_000;

export interface Front {
  /** The public origin (SITE_URL of every instance). */
  readonly origin: string;
  /** Instances' base URLs (http://127.0.0.1:port), taken in turn. */
  readonly instances: readonly string[];
  request(
    method: "GET" | "POST",
    path: string,
    options: { address: string; headers?: Record<string, string>; body?: string },
  ): Promise<HttpAnswer>;
  close(): void;
}

/**
 * The bench's own round-robin proxy: requests go to the instances in turn, on keep-alive
 * connections (at most `maxSockets` to each, as nginx's upstream keeps a pool), with the headers
 * deploy/nginx/proxy.conf sets.
 */
export function createFront(origin: string, instances: readonly string[], maxSockets = 256): Front {
  const publicUrl = new URL(origin);
  const agents = instances.map(() => new Agent({ keepAlive: true, maxSockets, keepAliveMsecs: 10_000 }));
  let turn = 0;
  return {
    origin,
    instances,
    request(method, path, { address, headers = {}, body }) {
      const index = turn++ % instances.length;
      const target = new URL(instances[index]!);
      const payload = body === undefined ? undefined : Buffer.from(body);
      return new Promise<HttpAnswer>((resolve, reject) => {
        const req = httpRequest(
          {
            agent: agents[index],
            host: target.hostname,
            port: target.port,
            method,
            path,
            timeout: REQUEST_TIMEOUT_MS,
            headers: {
              Host: publicUrl.host,
              "X-Forwarded-For": address,
              "X-Forwarded-Proto": publicUrl.protocol.slice(0, -1),
              "X-Forwarded-Host": publicUrl.host,
              "Accept-Encoding": ACCEPT_ENCODING,
              ...(payload ? { "Content-Length": String(payload.length), Origin: origin } : {}),
              ...headers,
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (chunk: Buffer) => chunks.push(chunk));
            res.on("end", () =>
              resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
            );
            res.on("error", reject);
          },
        );
        req.on("timeout", () => req.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS / 1000} s`)));
        req.on("error", reject);
        req.end(payload);
      });
    },
    close() {
      for (const agent of agents) agent.destroy();
    },
  };
}

/** A body as its text, decompressed by its Content-Encoding. */
export function bodyText(answer: HttpAnswer): string {
  const encoding = String(answer.headers["content-encoding"] ?? "identity");
  const decode: Record<string, (body: Buffer) => Buffer> = {
    identity: (body) => body,
    br: brotliDecompressSync,
    gzip: gunzipSync,
    deflate: inflateSync,
    zstd: zstdDecompressSync,
  };
  const decoder = decode[encoding];
  if (!decoder) throw new Error(`unknown Content-Encoding ${encoding}`);
  return decoder(answer.body).toString("utf8");
}

// --- the candidates ------------------------------------------------------------------------------

/** A save the server acknowledged (saved, or already held as a newer one: stale). */
export interface Acknowledged {
  token: string;
  position: number;
  seq: number;
  status: AnswerSave["status"];
  answer: AnswerGiven | null;
}

/** What happened to the requests of a run, as the candidates saw it. */
export class MockRecorder {
  /** Latency of each request, ms, from sending it to the last byte of its answer. */
  readonly latencies: Record<RequestClass, number[]> = { start: [], page: [], save: [] };
  /** When each save request was answered (ms of performance.now()), beside its latency. */
  readonly saveTimes: number[] = [];
  /** "class: what" → count: statuses other than the expected one, and network failures. */
  readonly errors = new Map<string, number>();
  /** The first few failures word for word. */
  readonly samples: string[] = [];
  readonly acknowledged: Acknowledged[] = [];
  started = 0;
  /** Candidates that could not start an attempt at all. */
  notStarted = 0;
  /** Saves the server refused as invalid (a bench bug) and batches it refused whole. */
  refused = 0;
  /** Saves still unacknowledged when their candidate gave up. */
  unsent = 0;
  /** The first answer of each class that succeeded (the bench's baseline answers with its bytes). */
  readonly firstAnswers = new Map<RequestClass, HttpAnswer>();

  fail(kind: RequestClass, what: string, detail = what) {
    const key = `${kind}: ${what}`;
    this.errors.set(key, (this.errors.get(key) ?? 0) + 1);
    if (this.samples.length < 10) this.samples.push(`${key}: ${detail.slice(0, 300)}`);
  }

  get errorCount() {
    let total = 0;
    for (const count of this.errors.values()) total += count;
    return total;
  }
}

export interface MockOptions {
  front: Front;
  paper: Paper;
  recorder: MockRecorder;
  candidates: number;
  /** Candidate i starts at a random moment in [startAt, startAt + rampMs) (performance.now() ms). */
  startAt: number;
  rampMs: number;
  /** No new answers after this moment; saves still queued are sent until `giveUpAt`. */
  endAt: number;
  giveUpAt: number;
  /** The pause between a candidate's answers: intervalMs × (1 ± jitter), uniformly. */
  intervalMs: number;
  jitter?: number;
  /** Whether each candidate loads the exam page after starting (true: as a browser does). */
  loadPage?: boolean;
  /** The first octets of the candidates' addresses, e.g. "10" (candidate i gets 10.x.y.z). */
  addressPrefix?: string;
}

const sleepUntil = (at: number) => new Promise((done) => setTimeout(done, Math.max(0, at - performance.now())));

/** Candidate i's address: distinct for up to 2^24 candidates. */
export const candidateAddress = (prefix: string, i: number) =>
  `${prefix}.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

/** An answer of the question's type that its checks accept. */
export function answerFor(question: PaperQuestion, random = Math.random): AnswerGiven {
  const option = () => Math.floor(random() * 4);
  if (question.type === "mcq") return { type: "mcq", choices: [option()] };
  if (question.type === "msq") {
    const choices = [0, 1, 2, 3].filter(() => random() < 0.5);
    return { type: "msq", choices: choices.length ? choices : [option()] };
  }
  const decimals = question.natDecimals ?? 0;
  return { type: "nat", value: (random() * 200 - 100).toFixed(decimals) };
}

/** What a candidate does on a question: mostly answers it, now and then marks or clears it. */
function nextState(question: PaperQuestion): Pick<AnswerSave, "status" | "answer"> {
  const roll = Math.random();
  if (roll < 0.8) return { status: "answered", answer: answerFor(question) };
  if (roll < 0.9) return { status: "answered_marked", answer: answerFor(question) };
  if (roll < 0.95) return { status: "marked", answer: null };
  return { status: "not_answered", answer: null };
}

const cookieOf = (headers: IncomingHttpHeaders) =>
  (headers["set-cookie"] ?? [])
    .map((cookie) => cookie.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");

const retryable = (status: number) => status === 429 || status >= 500;

async function startAttempt(options: MockOptions, address: string) {
  const { front, paper, recorder } = options;
  // A candidate who meets an error presses Start again a little later, until the mock's end.
  for (let tries = 0; performance.now() < options.endAt; tries++) {
    if (tries > 0) await new Promise((done) => setTimeout(done, Math.min(8000, 1000 * 2 ** (tries - 1))));
    const sent = performance.now();
    let answer: HttpAnswer;
    try {
      answer = await front.request("POST", `/tests/${paper.slug}`, {
        address,
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ declaration: "on" }).toString(),
      });
    } catch (error) {
      recorder.latencies.start.push(performance.now() - sent);
      recorder.fail("start", "network", error instanceof Error ? error.message : String(error));
      continue;
    }
    recorder.latencies.start.push(performance.now() - sent);
    const location = String(answer.headers.location ?? "");
    const token = location.match(/\/attempt\/([A-Za-z0-9_-]+)/)?.[1];
    if ((answer.status === 302 || answer.status === 303) && token) {
      if (!recorder.firstAnswers.has("start")) recorder.firstAnswers.set("start", answer);
      return { token, location: new URL(location, front.origin), cookie: cookieOf(answer.headers) };
    }
    recorder.fail("start", String(answer.status), `${answer.status} ${location} ${bodyText(answer).slice(0, 200)}`);
    if (!retryable(answer.status)) return undefined;
  }
  return undefined;
}

async function loadPage(options: MockOptions, address: string, path: string, cookie: string) {
  const { front, recorder } = options;
  const sent = performance.now();
  try {
    const answer = await front.request("GET", path, {
      address,
      headers: { Cookie: cookie, Accept: "text/html" },
    });
    recorder.latencies.page.push(performance.now() - sent);
    if (answer.status === 200) {
      if (!recorder.firstAnswers.has("page")) recorder.firstAnswers.set("page", answer);
    } else recorder.fail("page", String(answer.status));
  } catch (error) {
    recorder.latencies.page.push(performance.now() - sent);
    recorder.fail("page", "network", error instanceof Error ? error.message : String(error));
  }
}

interface SaveAnswer {
  results?: { position: number; seq: number; result: "saved" | "stale" | "invalid"; message?: string }[];
}

async function candidate(options: MockOptions, i: number) {
  const { front, paper, recorder } = options;
  const address = candidateAddress(options.addressPrefix ?? "10", i);
  await sleepUntil(options.startAt + Math.random() * options.rampMs);
  const attempt = await startAttempt(options, address);
  if (!attempt) {
    recorder.notStarted++;
    return;
  }
  recorder.started++;
  const startedAt = Date.now();
  const path = attempt.location.pathname + attempt.location.search;
  if (options.loadPage !== false) await loadPage(options, address, path, attempt.cookie);

  const savePath = `${attempt.location.pathname}/save`;
  // ended: the server said the attempt is over, no more answers. closed: the candidate gave up
  // (the page closed): an answer arriving later reaches nobody, and acknowledges nothing.
  const attemptState = { ended: false, closed: false };
  const send = async (saves: AnswerSave[]): Promise<SendOutcome> => {
    const sent = performance.now();
    let answer: HttpAnswer;
    try {
      answer = await front.request("POST", savePath, {
        address,
        headers: { "Content-Type": "application/json", Accept: "application/json", Cookie: attempt.cookie },
        body: JSON.stringify({ saves }),
      });
    } catch (error) {
      if (attemptState.closed) return { kind: "retry" };
      recorder.latencies.save.push(performance.now() - sent);
      recorder.saveTimes.push(performance.now());
      recorder.fail("save", "network", error instanceof Error ? error.message : String(error));
      return { kind: "retry" };
    }
    if (attemptState.closed) return { kind: "retry" };
    recorder.latencies.save.push(performance.now() - sent);
    recorder.saveTimes.push(performance.now());
    if (answer.status === 200) {
      if (!recorder.firstAnswers.has("save")) recorder.firstAnswers.set("save", answer);
      const results = (JSON.parse(bodyText(answer)) as SaveAnswer).results ?? [];
      for (const save of saves) {
        const result = results.find((r) => r.position === save.position && r.seq === save.seq);
        if (result?.result === "saved" || result?.result === "stale")
          recorder.acknowledged.push({ token: attempt.token, ...save });
        else {
          recorder.refused++;
          recorder.fail("save", `result ${result?.result ?? "missing"}`, result?.message ?? "");
        }
      }
      return { kind: "ok" };
    }
    recorder.fail("save", String(answer.status), bodyText(answer).slice(0, 200));
    if (answer.status === 409) return { kind: "ended" };
    if (retryable(answer.status)) return { kind: "retry" };
    recorder.refused += saves.length;
    return { kind: "refused" };
  };
  const timers = new Set<NodeJS.Timeout>();
  const later = (run: () => void, ms: number) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timers.add(timer);
    return () => {
      clearTimeout(timer);
      timers.delete(timer);
    };
  };
  const sender = new SaveSender({
    send,
    store: () => undefined,
    isOnline: () => true,
    later,
    // No frames here: the next task stands in for the painted one.
    afterPaint: (run) => void later(run, 0),
    onState: () => undefined,
    onEnded: () => (attemptState.ended = true),
  });

  // Through the paper in order, again from the start at its end; the time on a question adds up.
  const seconds = new Map<number, number>();
  const jitter = options.jitter ?? 0.25;
  let seq = 0;
  let shownAt = performance.now();
  for (let n = 0; !attemptState.ended; n++) {
    const next = performance.now() + options.intervalMs * (1 - jitter + 2 * jitter * Math.random());
    if (next >= options.endAt) break;
    await sleepUntil(next);
    const question = paper.questions[n % paper.questions.length]!;
    const spent = (seconds.get(question.position) ?? 0) + Math.round((performance.now() - shownAt) / 1000);
    seconds.set(question.position, spent);
    shownAt = performance.now();
    seq = nextSeq(seq, Date.now(), startedAt);
    sender.add({ position: question.position, ...nextState(question), secondsSpent: spent, seq });
  }
  // What is still queued goes until the candidate gives up (the page closes).
  const giveUp = new Promise<"gave up">((done) => {
    const timer = setTimeout(() => done("gave up"), Math.max(0, options.giveUpAt - performance.now()));
    timers.add(timer);
  });
  await Promise.race([sender.settled(), giveUp]);
  attemptState.closed = true;
  recorder.unsent += sender.unsent().length;
  sender.stop();
  for (const timer of timers) clearTimeout(timer);
}

/** Runs the candidates to the end; the recorder holds what they saw. */
export async function runMock(options: MockOptions): Promise<void> {
  await Promise.all(Array.from({ length: options.candidates }, (_, i) => candidate(options, i)));
}

// --- the check -----------------------------------------------------------------------------------

export interface LostAnswer extends Acknowledged {
  /** What the database holds for that question (undefined: no row, or no attempt for the token). */
  stored?: { status: string; answer: string | null; seq: number };
}

/** The same answer, whatever the JSON's key order or the order of the choices. */
function sameAnswer(stored: string | null, given: AnswerGiven | null): boolean {
  if (stored === null || given === null) return stored === null && given === null;
  const parsed = JSON.parse(stored) as AnswerGiven;
  if (parsed.type !== given.type) return false;
  if (parsed.type === "nat" || given.type === "nat")
    return parsed.type === "nat" && given.type === "nat" && parsed.value === given.value;
  return [...parsed.choices].sort().join() === [...given.choices].sort().join();
}

/**
 * Every acknowledged save, read back from the database: lost when the row for its question holds
 * an older save (a lower sequence number) or, at the same number, another status or answer. A
 * higher number is a later save of that question, which replaced it by design.
 */
export async function lostAnswers(db: DB, acknowledgedSoFar: readonly Acknowledged[]) {
  // The saves acknowledged now: the list is the recorder's, which may still grow meanwhile.
  const acknowledged = [...acknowledgedSoFar];
  const attemptIds = new Map<string, number | undefined>();
  for (const token of new Set(acknowledged.map((save) => save.token))) {
    attemptIds.set(token, (await findAttemptByToken(db, token))?.id);
  }
  const ids = [...attemptIds.values()].filter((id): id is number => id !== undefined);
  const rows = new Map<string, { status: string; answer: string | null; seq: number }>();
  for (let from = 0; from < ids.length; from += 500) {
    const chunk = ids.slice(from, from + 500);
    for (const row of await db
      .selectFrom("attempt_answers")
      .select(["attempt_id", "position", "status", "answer", "client_seq"])
      .where("attempt_id", "in", chunk)
      .execute()) {
      rows.set(`${row.attempt_id}:${row.position}`, { status: row.status, answer: row.answer, seq: row.client_seq });
    }
  }
  const lost: LostAnswer[] = [];
  for (const save of acknowledged) {
    const id = attemptIds.get(save.token);
    const stored = id === undefined ? undefined : rows.get(`${id}:${save.position}`);
    const kept =
      stored !== undefined &&
      (stored.seq > save.seq ||
        (stored.seq === save.seq && stored.status === save.status && sameAnswer(stored.answer, save.answer)));
    if (!kept) lost.push({ ...save, stored });
  }
  return { checked: acknowledged.length, attempts: ids.length, lost };
}
