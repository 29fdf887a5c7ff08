// `npm run bench:mock-day [-- --candidates 1000,2500,5000,7500 --engines sqlite,postgres --ramp 60
//   --steady 40 --interval 20 --baseline-steady 20 --paper full|sample|SLUG --connections 256
//   --p99 250 --no-page --keep-going --no-build --json]`
//
// An all-India mock on this machine (issue 47, "Performance"): N candidates start a timed test
// within one minute (--ramp) and each answers a question every 20 s or so (--interval, ±25 %),
// through the browser's own save queue (support/exam-candidates.ts), until --steady seconds after
// the last has started. The paper (--paper): "full", a full-length mock's 65 questions and 180
// minutes, which the bench makes from the demo's sample questions (repeated: the demo has fewer);
// "sample", the demo's short sample mock; or the slug of a published test. On SQLite with one
// instance and on PostgreSQL with two, the bench's round-robin in front (as nginx would be,
// TRUST_PROXY=1: docs/deploy.md "Several instances"), each on a fresh database with the demo
// content. Every save the server acknowledged is then read back from the database: "lost" counts
// those it does not hold. The bench reports the save latency (p50, p95, p99, and p99 once
// everyone has started), where the time goes (each server's CPU, event loop, GC and database time
// by request, from perf/bench/mock-day-probe.ts, and its CPU per save once everyone has started;
// PostgreSQL's CPU and what its backends were doing, sampled from pg_stat_activity; the bench's
// own CPU), and the largest N that keeps the save p99 under --p99 ms with every candidate
// started, no error and nothing lost; each engine stops at its first N that does not (unless
// --keep-going). After the engines, the same candidates (--baseline-steady) run against a bare
// node:http server that answers as our server did, with the very bytes it sent
// (perf/bench/mock-day-baseline.ts): the floor of this machine and this load generator.
//
// Everything runs the production build (`npm run build` first unless --no-build; BUILD_DIR as for
// the system tests) as `npm start` does, on loopback; the processes it starts are stopped and its
// databases dropped when it ends, fails or is interrupted. Nothing is pinned: the servers,
// PostgreSQL and the load generator share the machine's CPUs, as on a one-machine deployment.
// PostgreSQL: TEST_PG_URL, an administrative URL (default postgres://postgres@127.0.0.1:5432/postgres).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import pg from "pg";
import { createDb, type DB } from "~/db/client.server";
import {
  freePort,
  ROOT,
  scratchPostgres,
  scratchSqlite,
  startApp,
  type AppProcess,
  type ScratchDb,
} from "../../support/app-process.ts";
import {
  createFront,
  loadPaper,
  lostAnswers,
  MockRecorder,
  runMock,
  type HttpAnswer,
  type Paper,
  type RequestClass,
} from "../../support/exam-candidates.ts";
import { buildFirst, machineLine, parseBenchArgs, quantile, usageError, type Engine } from "./bench-cli.ts";
import type { BaselineManifest } from "./mock-day-baseline.ts";
import type { ProbeReport } from "./mock-day-probe.ts";

const USAGE =
  "usage: npm run bench:mock-day -- [--candidates 1000,2500,5000,7500] [--engines sqlite,postgres]\n" +
  "         [--ramp 60] [--steady 40] [--interval 20] [--baseline-steady 20] [--paper full|sample|SLUG]\n" +
  "         [--connections 256] [--p99 250] [--no-page] [--keep-going] [--no-build] [--json]\n" +
  "(seconds; the test's duration must outlast --ramp + --steady + 30)";
const values = parseBenchArgs(
  {
    candidates: { type: "string", default: "1000,2500,5000,7500" },
    ramp: { type: "string", default: "60" },
    steady: { type: "string", default: "40" },
    interval: { type: "string", default: "20" },
    "baseline-steady": { type: "string", default: "20" },
    paper: { type: "string", default: "full" },
    connections: { type: "string", default: "256" },
    p99: { type: "string", default: "250" },
    "no-page": { type: "boolean", default: false },
    "keep-going": { type: "boolean", default: false },
  },
  USAGE,
);

const steps = values.candidates.split(",").map(Number);
const engines = values.engines.split(",").filter(Boolean) as Engine[];
const rampS = Number(values.ramp);
const steadyS = Number(values.steady);
const intervalS = Number(values.interval);
const baselineSteadyS = Number(values["baseline-steady"]);
const connections = Number(values.connections);
const p99Goal = Number(values.p99);
if (
  !steps.every((n) => Number.isInteger(n) && n >= 1 && n <= 100_000) ||
  !engines.every((e) => e === "sqlite" || e === "postgres") ||
  !(rampS >= 0 && rampS <= 600) ||
  !(steadyS > 0 && steadyS <= 3600) ||
  !(intervalS > 0 && intervalS <= 600) ||
  !(baselineSteadyS >= 0 && baselineSteadyS <= 3600) ||
  !(Number.isInteger(connections) && connections >= 1) ||
  !(p99Goal > 0) ||
  !/^[a-z0-9-]+$/.test(values.paper)
)
  usageError(USAGE);

/** The origin every instance is configured with (SITE_URL), as the proxy in front presents it. */
const PUBLIC_ORIGIN = "http://mock-day.test";
const INSTANCES: Record<Engine, number> = { sqlite: 1, postgres: 2 };
/** How long a candidate's queued saves are still sent after the mock's end. */
const GIVE_UP_MS = 30_000;
/** The full-length paper the bench makes (--paper full): GATE's 65 questions, GA first, 180 minutes. */
const FULL_PAPER = { slug: "mock-day-full-length", questions: 65, ga: 10, minutes: 180 };

const log = (line: string) => console.error(`› ${line}`);

// --- everything the bench starts, so that it can all be stopped -----------------------------------

const running = new Set<{ stop(): Promise<unknown> }>();
const cleanups: (() => Promise<unknown> | unknown)[] = [];
let interrupted = false;
let cleaned = false;

async function cleanup() {
  if (cleaned) return;
  cleaned = true;
  await Promise.all([...running].map((process) => process.stop().catch(() => undefined)));
  for (const step of cleanups.toReversed()) {
    try {
      await step();
    } catch (error) {
      console.error(`cleanup: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

const children = new Set<ChildProcess>();
process.on("exit", () => {
  for (const child of children) child.kill("SIGKILL");
});
for (const [signal, code] of [
  ["SIGINT", 130],
  ["SIGTERM", 143],
  ["SIGHUP", 129],
] as const) {
  process.on(signal, () => {
    interrupted = true;
    log(`${signal}: stopping everything the bench started…`);
    void cleanup().finally(() => process.exit(code));
  });
}

// --- measuring ----------------------------------------------------------------------------------

interface Spread {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

const spread = (samples: readonly number[]): Spread => ({
  count: samples.length,
  p50: quantile(samples, 0.5),
  p95: quantile(samples, 0.95),
  p99: quantile(samples, 0.99),
  max: samples.length ? samples.reduce((most, n) => Math.max(most, n), -Infinity) : Number.NaN,
});

/** Busy and total jiffies of the whole machine (/proc/stat). */
function machineTicks() {
  const fields = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((sum, n) => sum + n, 0);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  return { busy: total - idle, total };
}

const CLOCK_TICKS = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;

/** CPU ms of every PostgreSQL process so far (its server runs outside the bench). */
function postgresCpuMs() {
  let ticks = 0;
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      if (!stat.includes("(postgres)")) continue;
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone meanwhile
    }
  }
  return (ticks * 1000) / CLOCK_TICKS;
}

/**
 * What the PostgreSQL backends of the run's database are doing, sampled every 100 ms from
 * pg_stat_activity: running ("CPU"), waiting (wait event, e.g. IO:WALSync for a commit's flush,
 * Lock:transactionid), or idle in a transaction (waiting for the app's next statement). Each
 * share is of all the non-idle backend samples; `busy` is the mean number of non-idle backends.
 */
function sampleBackends(url: string) {
  const client = new pg.Client({ connectionString: url });
  const tally = new Map<string, number>();
  let samples = 0;
  const sampling = { on: true };
  const done = (async () => {
    await client.connect();
    while (sampling.on) {
      const { rows } = await client.query<{ what: string }>(
        `select case when state = 'active' then coalesce(wait_event_type || ':' || wait_event, 'CPU')
                     else state end as what
           from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and state <> 'idle'`,
      );
      samples++;
      for (const { what } of rows) tally.set(what, (tally.get(what) ?? 0) + 1);
      await new Promise((next) => setTimeout(next, 100));
    }
    await client.end();
  })();
  return async () => {
    sampling.on = false;
    await done;
    const total = [...tally.values()].reduce((sum, n) => sum + n, 0);
    return {
      busy: samples ? total / samples : 0,
      shares: [...tally]
        .sort((a, b) => b[1] - a[1])
        .map(([what, n]) => ({ what, percent: (n / Math.max(1, total)) * 100 })),
    };
  };
}

/** The probe's figures since its previous report (it starts counting anew). */
async function probeReport(pid: number | undefined, file: string, serial: number): Promise<ProbeReport> {
  if (pid === undefined) throw new Error("no process to probe");
  process.kill(pid, "SIGUSR2");
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    try {
      const report = JSON.parse(readFileSync(file, "utf8")) as ProbeReport;
      if (report.serial >= serial) return report;
    } catch {
      // not written yet
    }
    await new Promise((done) => setTimeout(done, 50));
  }
  throw new Error(`the probe of process ${pid} did not report`);
}

const cpuMs = (report: ProbeReport) => report.cpuUserMs + report.cpuSystemMs;
const cpuShare = (report: ProbeReport) => (cpuMs(report) / report.wallMs) * 100;

/** CPU ms of a start and its page: all of `whole`'s CPU, less its saves at the CPU per save of `saves`. */
function startCost(whole: ProbeReport, saves: ProbeReport) {
  const starts = whole.requests.start.length;
  if (!starts || !saves.requests.save.length) return null;
  const perSave = cpuMs(saves) / saves.requests.save.length;
  return (cpuMs(whole) - whole.requests.save.length * perSave) / starts;
}

/** Two tallies by the same keys, added. */
const addKeyed = <K extends string>(a: Record<K, number>, b: Record<K, number>) =>
  Object.fromEntries(Object.keys(a).map((key) => [key, a[key as K] + b[key as K]])) as Record<K, number>;

/** Two consecutive reports of one probe as one (the event loop's delay: the worse phase's). */
function combine(first: ProbeReport | undefined, second: ProbeReport): ProbeReport {
  if (!first) return second;
  const wallMs = first.wallMs + second.wallMs;
  return {
    serial: second.serial,
    wallMs,
    cpuUserMs: first.cpuUserMs + second.cpuUserMs,
    cpuSystemMs: first.cpuSystemMs + second.cpuSystemMs,
    eventLoopUtilization:
      (first.eventLoopUtilization * first.wallMs + second.eventLoopUtilization * second.wallMs) / wallMs,
    eventLoopDelayMs: {
      p50: Math.max(first.eventLoopDelayMs.p50, second.eventLoopDelayMs.p50),
      p99: Math.max(first.eventLoopDelayMs.p99, second.eventLoopDelayMs.p99),
      max: Math.max(first.eventLoopDelayMs.max, second.eventLoopDelayMs.max),
    },
    gcMs: first.gcMs + second.gcMs,
    requests: Object.fromEntries(
      Object.entries(first.requests).map(([name, list]) => [name, [...list, ...second.requests[name as RequestClass]]]),
    ) as ProbeReport["requests"],
    dbMs: addKeyed(first.dbMs, second.dbMs),
    dbCalls: addKeyed(first.dbCalls, second.dbCalls),
    poolWaitMs: first.poolWaitMs + second.poolWaitMs,
    poolWaitMaxMs: Math.max(first.poolWaitMaxMs, second.poolWaitMaxMs),
    engine: second.engine,
  };
}

interface Probed {
  pid: number | undefined;
  file: string;
  serial: number;
}

const probeEnv = (file: string) => ({
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import=${join(ROOT, "perf/bench/mock-day-probe.ts")}`.trim(),
  MOCK_DAY_PROBE: file,
});

// --- one run --------------------------------------------------------------------------------------

interface RunFigures {
  target: Engine | "baseline";
  instances: number;
  candidates: number;
  /** Questions in the paper (a start writes a row for each; the page shows them all). */
  questions: number;
  /** The exam page as sent (brotli), bytes. */
  pageBytes: number | null;
  started: number;
  notStarted: number;
  /** Client side: from sending each request to the last byte of its answer. */
  save: Spread;
  /** Saves answered once every candidate had started. */
  saveSteady: Spread;
  start: Spread;
  page: Spread;
  savesPerSecondSteady: number;
  acknowledged: number;
  lost: number | null;
  lostSamples: unknown[];
  errors: Record<string, number>;
  errorSamples: string[];
  refused: number;
  unsent: number;
  wallS: number;
  where: {
    /** Per instance, as its probe measured. */
    servers: {
      cpuPercent: number;
      eventLoopUtilization: number;
      /** While candidates start (null without a ramp), and after. */
      eventLoopDelayP99Ms: { ramp: number | null; after: number };
      eventLoopDelayMaxMs: number;
      gcPercent: number;
      /** Once every candidate has started: saves only. CPU per save includes the background work. */
      afterRamp: { cpuPercent: number; eventLoopUtilization: number; saves: number; cpuMsPerSave: number | null };
      /** A candidate's start and exam page together: the run's CPU less its saves' (at the rate after the ramp). */
      cpuMsPerStartAndPage: number | null;
    }[];
    /** Server side, every instance's requests together. */
    serverSave: Spread;
    serverStart: Spread;
    serverPage: Spread;
    /** Database driver time per request of each class, ms (wall time on PostgreSQL). */
    dbMsPerSave: number | null;
    dbMsPerStart: number | null;
    dbMsPerPage: number | null;
    /** Server CPU time per request, all classes together, ms. */
    cpuMsPerRequest: number | null;
    poolWaitMs: number | null;
    poolWaitMaxMs: number | null;
    postgresCpuPercent: number | null;
    /** PostgreSQL's backends of the run's database: mean non-idle, and what they were doing. */
    postgresBackends: { busy: number; shares: { what: string; percent: number }[] } | null;
    benchCpuPercent: number;
    benchEventLoopDelayP99Ms: number;
    machineBusyPercent: number;
  };
}

interface RunInput {
  target: Engine | "baseline";
  candidates: number;
  steadyS: number;
  front: ReturnType<typeof createFront>;
  paper: Paper;
  probes: Probed[];
  /** The database to check every acknowledged save against (none for the baseline). */
  db?: DB;
  /** PostgreSQL: the run's database, whose backends are sampled. */
  postgresUrl?: string;
}

async function measure(input: RunInput): Promise<{ figures: RunFigures; recorder: MockRecorder }> {
  const { front, paper, probes } = input;
  const recorder = new MockRecorder();
  for (const probe of probes) await probeReport(probe.pid, probe.file, ++probe.serial);
  const machineBefore = machineTicks();
  const postgresBefore = input.target === "postgres" ? postgresCpuMs() : 0;
  const cpuBefore = process.cpuUsage();
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const backends = input.postgresUrl ? sampleBackends(input.postgresUrl) : undefined;
  const began = performance.now();
  const startAt = began + 1000;
  const rampMs = rampS * 1000;
  const endAt = startAt + rampMs + input.steadyS * 1000;
  log(
    `${input.target}: ${input.candidates} candidates start within ${rampS} s, answer every ~${intervalS} s ` +
      `for ${input.steadyS} s more…`,
  );
  // The probes report at the ramp's end too: after it, the servers take saves only, and their CPU
  // per save is read without the starts' and pages' share.
  let rampReports: Promise<ProbeReport[]> | undefined;
  const rampEnd = setTimeout(
    () => {
      rampReports = Promise.all(probes.map((probe) => probeReport(probe.pid, probe.file, ++probe.serial)));
    },
    startAt + rampMs - performance.now(),
  );
  const ticker = setInterval(
    () =>
      log(
        `  ${Math.round((performance.now() - startAt) / 1000)} s: ${recorder.started} started, ` +
          `${recorder.latencies.save.length} saves, ${recorder.errorCount} errors`,
      ),
    15_000,
  );
  try {
    await runMock({
      front,
      paper,
      recorder,
      candidates: input.candidates,
      startAt,
      rampMs,
      endAt,
      giveUpAt: endAt + GIVE_UP_MS,
      intervalMs: intervalS * 1000,
      loadPage: !values["no-page"],
    });
  } finally {
    clearInterval(ticker);
    clearTimeout(rampEnd);
  }
  const wallMs = performance.now() - began;
  const ramp = (await rampReports) ?? probes.map(() => undefined);
  const after: ProbeReport[] = [];
  for (const probe of probes) after.push(await probeReport(probe.pid, probe.file, ++probe.serial));
  const reports = after.map((report, i) => combine(ramp[i], report));
  delay.disable();
  const cpu = process.cpuUsage(cpuBefore);
  const machineAfter = machineTicks();
  const postgresMs = input.target === "postgres" ? postgresCpuMs() - postgresBefore : null;
  const postgresBackends = backends ? await backends() : null;

  let lost: number | null = null;
  let lostSamples: unknown[] = [];
  if (input.db) {
    log(`${input.target}: reading ${recorder.acknowledged.length} acknowledged saves back from the database…`);
    const check = await lostAnswers(input.db, recorder.acknowledged);
    lost = check.lost.length;
    lostSamples = check.lost.slice(0, 5);
  }

  const steadyFrom = startAt + rampMs;
  const steadySaves = recorder.latencies.save.filter((_, i) => {
    const at = recorder.saveTimes[i]!;
    return at >= steadyFrom && at <= endAt;
  });
  const merged = (name: RequestClass) => reports.flatMap((report) => report.requests[name]);
  const dbPer = (name: RequestClass) => {
    const count = input.db ? merged(name).length : 0;
    return count ? reports.reduce((sum, report) => sum + report.dbMs[name], 0) / count : null;
  };
  const requests = reports.reduce(
    (sum, report) => sum + Object.values(report.requests).reduce((n, list) => n + list.length, 0),
    0,
  );
  const serverCpuMs = reports.reduce((sum, report) => sum + cpuMs(report), 0);
  const figures: RunFigures = {
    target: input.target,
    instances: probes.length,
    candidates: input.candidates,
    questions: paper.questions.length,
    pageBytes: recorder.firstAnswers.get("page")?.body.length ?? null,
    started: recorder.started,
    notStarted: recorder.notStarted,
    save: spread(recorder.latencies.save),
    saveSteady: spread(steadySaves),
    start: spread(recorder.latencies.start),
    page: spread(recorder.latencies.page),
    savesPerSecondSteady: steadySaves.length / Math.max(1, input.steadyS),
    acknowledged: recorder.acknowledged.length,
    lost,
    lostSamples,
    errors: Object.fromEntries(recorder.errors),
    errorSamples: recorder.samples,
    refused: recorder.refused,
    unsent: recorder.unsent,
    wallS: wallMs / 1000,
    where: {
      servers: reports.map((report, i) => ({
        cpuPercent: cpuShare(report),
        eventLoopUtilization: report.eventLoopUtilization,
        eventLoopDelayP99Ms: {
          ramp: ramp[i]?.eventLoopDelayMs.p99 ?? null,
          after: after[i]!.eventLoopDelayMs.p99,
        },
        eventLoopDelayMaxMs: report.eventLoopDelayMs.max,
        gcPercent: (report.gcMs / report.wallMs) * 100,
        afterRamp: {
          cpuPercent: cpuShare(after[i]!),
          eventLoopUtilization: after[i]!.eventLoopUtilization,
          saves: after[i]!.requests.save.length,
          cpuMsPerSave: after[i]!.requests.save.length ? cpuMs(after[i]!) / after[i]!.requests.save.length : null,
        },
        cpuMsPerStartAndPage: startCost(report, after[i]!),
      })),
      serverSave: spread(merged("save")),
      serverStart: spread(merged("start")),
      serverPage: spread(merged("page")),
      dbMsPerSave: dbPer("save"),
      dbMsPerStart: dbPer("start"),
      dbMsPerPage: dbPer("page"),
      cpuMsPerRequest: requests ? serverCpuMs / requests : null,
      poolWaitMs: reports[0]?.engine === "postgres" ? reports.reduce((sum, r) => sum + r.poolWaitMs, 0) : null,
      poolWaitMaxMs: reports[0]?.engine === "postgres" ? Math.max(...reports.map((r) => r.poolWaitMaxMs)) : null,
      postgresCpuPercent: postgresMs === null ? null : (postgresMs / wallMs) * 100,
      postgresBackends,
      benchCpuPercent: ((cpu.user + cpu.system) / 1000 / wallMs) * 100,
      benchEventLoopDelayP99Ms: delay.percentile(99) / 1e6,
      machineBusyPercent:
        ((machineAfter.busy - machineBefore.busy) / Math.max(1, machineAfter.total - machineBefore.total)) * 100,
    },
  };
  return { figures, recorder };
}

/**
 * A published full-length mock of the sample questions (GA ones in the GA section), each position
 * frozen to its question's current version, as publishing does. Marked a sample: the composition
 * rule of a real paper (marks per section) is not what is measured here.
 */
async function createFullPaper(db: DB) {
  const questions = await db
    .selectFrom("questions as q")
    .innerJoin("question_versions as v", (on) =>
      on.onRef("v.question_id", "=", "q.id").onRef("v.version_no", "=", "q.current_version"),
    )
    .select(["q.id", "q.subject", "v.id as version_id"])
    .where("q.status", "=", "published")
    .orderBy("q.id")
    .execute();
  const ga = questions.filter((q) => q.subject === "general-aptitude");
  const subject = questions.filter((q) => q.subject !== "general-aptitude");
  if (ga.length === 0 || subject.length === 0) throw new Error("the demo has no sample questions in both sections");
  const now = new Date().toISOString();
  const test = await db
    .insertInto("practice_tests")
    .values({
      slug: FULL_PAPER.slug,
      title: "Mock-day bench: full-length mock",
      kind: "full_mock",
      instructions_md: "",
      instructions_html: "",
      duration_minutes: FULL_PAPER.minutes,
      access: "free",
      status: "published",
      is_sample: true,
      published_at: now,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("practice_test_questions")
    .values(
      Array.from({ length: FULL_PAPER.questions }, (_, i) => {
        const inGa = i < FULL_PAPER.ga;
        const from = inGa ? ga : subject;
        const question = from[(inGa ? i : i - FULL_PAPER.ga) % from.length]!;
        return {
          test_id: test.id,
          position: i + 1,
          section: inGa ? ("ga" as const) : ("subject" as const),
          question_id: question.id,
          version_id: question.version_id,
        };
      }),
    )
    .execute();
  return FULL_PAPER.slug;
}

/** The demo site on a fresh database of `engine`, its instances started together. */
async function runEngine(engine: Engine, candidates: number, tmp: string) {
  const database: ScratchDb = engine === "sqlite" ? scratchSqlite("mock-day") : await scratchPostgres("mock_day");
  const dropDatabase = () => database.drop();
  cleanups.push(dropDatabase);
  const apps: AppProcess[] = [];
  const { db } = createDb(database.url, 4);
  try {
    const probes: Probed[] = Array.from({ length: INSTANCES[engine] }, (_, i) => ({
      pid: undefined,
      file: join(tmp, `${engine}-${candidates}-${i}.json`),
      serial: 0,
    }));
    log(`${engine}: starting ${probes.length} instance${probes.length > 1 ? "s" : ""} on a fresh database…`);
    const started = await Promise.all(
      probes.map((probe) =>
        startApp({
          databaseUrl: database.url,
          env: { ...probeEnv(probe.file), SITE_URL: PUBLIC_ORIGIN, TRUST_PROXY: "1" },
        }),
      ),
    );
    for (const [i, app] of started.entries()) {
      apps.push(app);
      running.add(app);
      probes[i]!.pid = app.child.pid;
    }
    const slug =
      values.paper === "full" ? await createFullPaper(db) : values.paper === "sample" ? undefined : values.paper;
    const paper = await loadPaper(db, slug);
    const front = createFront(
      PUBLIC_ORIGIN,
      apps.map((app) => app.url),
      connections,
    );
    try {
      const postgresUrl = engine === "postgres" ? database.url : undefined;
      return {
        ...(await measure({ target: engine, candidates, steadyS, front, paper, probes, db, postgresUrl })),
        paper,
      };
    } finally {
      front.close();
    }
  } finally {
    for (const app of apps) {
      await app.stop();
      running.delete(app);
    }
    await db.destroy();
    await dropDatabase();
    cleanups.splice(cleanups.indexOf(dropDatabase), 1);
  }
}

/** The bare node:http server (mock-day-baseline.ts) with our server's answers of this run. */
async function runBaseline(candidates: number, answers: Map<RequestClass, HttpAnswer>, paper: Paper, tmp: string) {
  const port = await freePort();
  const answerOf = (name: RequestClass) => {
    const answer = answers.get(name)!;
    const bodyFile = join(tmp, `baseline-${name}.body`);
    writeFileSync(bodyFile, answer.body);
    return {
      status: answer.status,
      headers: Object.entries(answer.headers).flatMap(([header, value]) =>
        value === undefined ? [] : [[header, value] as [string, string | string[]]],
      ),
      bodyFile,
    };
  };
  const manifest: BaselineManifest = {
    host: "127.0.0.1",
    port,
    start: answerOf("start"),
    page: answerOf("page"),
    save: answerOf("save"),
  };
  const manifestFile = join(tmp, "baseline.json");
  writeFileSync(manifestFile, JSON.stringify(manifest));
  const probe: Probed = { pid: undefined, file: join(tmp, `baseline-${candidates}.json`), serial: 0 };
  const child = spawn(process.execPath, [join(ROOT, "perf/bench/mock-day-baseline.ts"), manifestFile], {
    env: { ...process.env, ...probeEnv(probe.file) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.add(child);
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  const handle = {
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
  running.add(handle);
  try {
    await new Promise<void>((ready, fail) => {
      child.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("listening") && ready());
      child.once("exit", (code) => fail(new Error(`the baseline server exited with ${code}`)));
    });
    probe.pid = child.pid;
    const front = createFront(PUBLIC_ORIGIN, [`http://127.0.0.1:${port}`], connections);
    try {
      return await measure({ target: "baseline", candidates, steadyS: baselineSteadyS, front, paper, probes: [probe] });
    } finally {
      front.close();
    }
  } finally {
    await handle.stop();
    running.delete(handle);
    children.delete(child);
  }
}

// --- the report -----------------------------------------------------------------------------------

const ms = (n: number | null) => (n === null || !Number.isFinite(n) ? "–" : n < 10 ? n.toFixed(1) : n.toFixed(0));
const pct = (n: number | null) => (n === null || !Number.isFinite(n) ? "–" : `${n.toFixed(0)} %`);

/** Whether a run kept the goal: everyone started, save p99 under the limit, no error, nothing lost. */
const kept = (f: RunFigures) =>
  f.target !== "baseline" &&
  f.started === f.candidates &&
  f.save.p99 < p99Goal &&
  f.lost === 0 &&
  f.refused === 0 &&
  f.unsent === 0 &&
  Object.keys(f.errors).length === 0;

function describeRun(f: RunFigures): string {
  const w = f.where;
  const label =
    f.target === "baseline"
      ? "bare node:http baseline"
      : `${f.target}, ${f.instances} instance${f.instances > 1 ? "s" : ""}`;
  const errors = Object.entries(f.errors)
    .map(([what, count]) => `${what} ×${count}`)
    .join(", ");
  const lines = [
    `${label}, N = ${f.candidates}, ${f.questions} questions (page ${f.pageBytes === null ? "–" : `${(f.pageBytes / 1024).toFixed(0)} KiB`}): ${f.started} started${f.notStarted ? ` (${f.notStarted} could not)` : ""} in ` +
      `${f.wallS.toFixed(0)} s; ${f.save.count} save requests, ${f.acknowledged} saves acknowledged, ` +
      `${f.savesPerSecondSteady.toFixed(0)}/s once all had started`,
    `  save   p50 ${ms(f.save.p50)}  p95 ${ms(f.save.p95)}  p99 ${ms(f.save.p99)}  max ${ms(f.save.max)} ms; ` +
      `once all had started p99 ${ms(f.saveSteady.p99)} ms`,
    `  start  p50 ${ms(f.start.p50)}  p99 ${ms(f.start.p99)} ms;  exam page p50 ${ms(f.page.p50)}  p99 ${ms(f.page.p99)} ms`,
    `  lost ${f.lost ?? "– (not stored)"}; errors ${errors || "none"}; refused ${f.refused}; unsent at the end ${f.unsent}`,
    `  where the time goes: on the server a save takes p50 ${ms(w.serverSave.p50)}, p99 ${ms(w.serverSave.p99)} ms ` +
      `(start p50 ${ms(w.serverStart.p50)}, page p50 ${ms(w.serverPage.p50)} ms)` +
      (w.dbMsPerSave === null
        ? ""
        : `; database per save ${ms(w.dbMsPerSave)} ms, per start ${ms(w.dbMsPerStart)}, per page ${ms(w.dbMsPerPage)}`),
    ...w.servers.map(
      (s, i) =>
        `  server ${w.servers.length > 1 ? String.fromCharCode(65 + i) + " " : ""}CPU ${pct(s.cpuPercent)} of a core, ` +
        `event loop busy ${pct(s.eventLoopUtilization * 100)}, its delay p99 ${ms(s.eventLoopDelayP99Ms.ramp)} ms ` +
        `while candidates start and ${ms(s.eventLoopDelayP99Ms.after)} ms after (max ${ms(s.eventLoopDelayMaxMs)}), ` +
        `GC ${pct(s.gcPercent)}; once all had started: CPU ${pct(s.afterRamp.cpuPercent)}, ` +
        `${ms(s.afterRamp.cpuMsPerSave)} ms of CPU per save (${s.afterRamp.saves} saves); ` +
        `a start with its page ${ms(s.cpuMsPerStartAndPage)} ms of CPU`,
    ),
    `  CPU per request ${ms(w.cpuMsPerRequest)} ms` +
      (w.postgresCpuPercent === null ? "" : `; PostgreSQL CPU ${pct(w.postgresCpuPercent)} of a core`) +
      (w.poolWaitMs === null ? "" : `; pool waits ${ms(w.poolWaitMs)} ms in all (longest ${ms(w.poolWaitMaxMs)})`) +
      `; the bench itself CPU ${pct(w.benchCpuPercent)}, its event loop delay p99 ${ms(w.benchEventLoopDelayP99Ms)} ms; ` +
      `the machine ${pct(w.machineBusyPercent)} busy (${cpus().length} CPUs)`,
  ];
  if (w.postgresBackends)
    lines.push(
      `  PostgreSQL backends busy ${w.postgresBackends.busy.toFixed(1)} on average: ` +
        w.postgresBackends.shares
          .slice(0, 5)
          .map((share) => `${share.what} ${pct(share.percent)}`)
          .join(", "),
    );
  if (f.errorSamples.length) lines.push(`  first errors: ${f.errorSamples.slice(0, 3).join(" | ")}`);
  if (f.lostSamples.length) lines.push(`  first lost: ${JSON.stringify(f.lostSamples.slice(0, 2))}`);
  return lines.join("\n");
}

function summaryTable(runs: RunFigures[]): string {
  const head = [
    "target",
    "N",
    "started",
    "saves/s",
    "p50",
    "p95",
    "p99",
    "p99 all in",
    "lost",
    "errors",
    "server CPU",
    "kept",
  ];
  const body = runs.map((f) => [
    f.target === "baseline" ? "baseline" : `${f.target}×${f.instances}`,
    String(f.candidates),
    String(f.started),
    f.savesPerSecondSteady.toFixed(0),
    ms(f.save.p50),
    ms(f.save.p95),
    ms(f.save.p99),
    ms(f.saveSteady.p99),
    f.lost === null ? "–" : String(f.lost),
    String(Object.values(f.errors).reduce((sum, n) => sum + n, 0)),
    pct(f.where.servers.reduce((sum, s) => sum + s.cpuPercent, 0)),
    f.target === "baseline" ? "–" : kept(f) ? "yes" : "no",
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  return [line(head), widths.map((w) => "-".repeat(w)).join("  "), ...body.map(line)].join("\n");
}

// --- the run ----------------------------------------------------------------------------------------

async function main() {
  buildFirst(values["no-build"], log);
  const tmp = mkdtempSync(join(tmpdir(), "gate-mock-day-"));
  mkdirSync(tmp, { recursive: true });
  cleanups.push(() => rmSync(tmp, { recursive: true, force: true }));
  const loadBefore = loadavg()[0]!;
  log(machineLine(loadBefore));

  const runs: RunFigures[] = [];
  const largest: Record<Engine, number | null> = { sqlite: null, postgres: null };
  const stopped = new Set<Engine>();
  for (const n of steps.toSorted((a, b) => a - b)) {
    let answers: Map<RequestClass, HttpAnswer> | undefined;
    let paper: Paper | undefined;
    for (const engine of engines) {
      if (stopped.has(engine)) continue;
      const { figures, recorder, paper: enginePaper } = await runEngine(engine, n, tmp);
      runs.push(figures);
      log(describeRun(figures));
      if (kept(figures)) largest[engine] = Math.max(largest[engine] ?? 0, n);
      else if (!values["keep-going"]) stopped.add(engine);
      if (!answers && ["start", "page", "save"].every((name) => recorder.firstAnswers.has(name as RequestClass))) {
        answers = recorder.firstAnswers;
        paper = enginePaper;
      }
    }
    if (answers && paper && baselineSteadyS > 0) {
      const { figures } = await runBaseline(n, answers, paper, tmp);
      runs.push(figures);
      log(describeRun(figures));
    }
    if (engines.every((engine) => stopped.has(engine))) break;
  }

  const report = {
    machine: { cpus: cpus().length, loadBefore, loadAfter: loadavg()[0]!, node: process.version },
    settings: {
      candidates: steps,
      engines,
      rampS,
      steadyS,
      intervalS,
      baselineSteadyS,
      paper: values.paper,
      connections,
      p99Goal,
      loadPage: !values["no-page"],
    },
    runs,
    largest,
  };
  const text = [
    "",
    ...runs.map(describeRun),
    "",
    summaryTable(runs),
    "",
    `Save latency from the bench's sending to the last byte of the answer, every save request of the run ` +
      `(ramp included); "p99 all in": saves answered once every candidate had started. Kept: every candidate ` +
      `started, save p99 under ${p99Goal} ms, no error, nothing unsent, 0 lost (every acknowledged save read back ` +
      `from the database). Candidates start within ${rampS} s and answer every ${intervalS} s ±25 % for ${steadyS} s ` +
      `after the last start (baseline: ${baselineSteadyS} s); the servers, PostgreSQL and the bench share ` +
      `${cpus().length} CPUs, unpinned. Load average ${loadBefore.toFixed(1)} before, ${report.machine.loadAfter.toFixed(1)} ` +
      `after: figures on a shared machine are indicative only.`,
    "",
    ...engines.map((engine) => {
      const own = runs.filter((f) => f.target === engine);
      const missed = own
        .filter((f) => !kept(f))
        .map((f) => `${f.candidates} (p99 ${ms(f.save.p99)} ms, lost ${f.lost ?? "–"}, unsent ${f.unsent})`);
      return (
        `Largest N kept on ${engine} (${INSTANCES[engine]} instance${INSTANCES[engine] > 1 ? "s" : ""}): ` +
        `${largest[engine] ?? "none"}` +
        (missed.length ? `; not kept: ${missed.join(", ")}` : "") +
        (own.length < steps.length ? `; not run: ${steps.length - own.length} larger N (--keep-going runs them)` : "")
      );
    }),
  ].join("\n");
  if (values.json) {
    console.error(text);
    console.log(JSON.stringify(report, null, 2));
  } else console.log(text);
}

try {
  await main();
} catch (error) {
  if (!interrupted)
    console.error(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
