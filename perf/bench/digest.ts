// `npm run bench:digest [-- --subscribers 10000 --rate 6000 --engines sqlite,postgres --factor 100
//   --baseline 20 --page-interval 100 --no-build --json]`
//
// Job alerts by e-mail at scale (issue 49, "Performance and reliability"): on the bench's scale
// database (the demo content --factor times over, scripts/db-seed-scale.ts) with --subscribers
// confirmed subscribers and a day's new alerts, the production server (`npm start`'s own process,
// its inline worker) composes and queues the daily digest when its time comes, and the outbox
// drains it through a local SMTP sink at OUTBOX_BULK_PER_MINUTE (--rate). Meanwhile the bench asks
// for pages one after another (--page-interval ms apart): a cached one (/job-alerts) and one
// rendered each time (a search with a new word), for --baseline seconds before the digest and
// throughout the send. It prints how long composing and queueing took (the first mailing's moment
// to the digest job's end, both from the database), the drain's rate at the sink against the one
// configured, every subscriber's count at the sink (each exactly once), and the pages' latency
// before and during the send.
//
// The digest goes at a minute's turn (ALERT_DIGEST_TIME is HH:MM, India's time): the bench sets it
// to the next minute at least --baseline seconds away, so it waits up to a minute and a half first.
// Everything runs the production build (`npm run build` first unless --no-build; BUILD_DIR as for
// the system tests) on loopback, each engine on a database of its own, dropped at the end.
// PostgreSQL: TEST_PG_URL, an administrative URL (default postgres://postgres@127.0.0.1:5432/postgres).
import { randomBytes } from "node:crypto";
import { SMTPServer } from "smtp-server";
import { addDays, istDate, istDayStart } from "~/core/ist";
import { createDb, type DB } from "~/db/client.server";
import {
  scratchPostgres,
  scratchSqlite,
  startApp,
  type AppProcess,
  type ScratchDb,
} from "../../support/app-process.ts";
import { createScaledDatabase } from "../../scripts/db-seed-scale";
import { buildFirst, machineLine, parseBenchArgs, quantile, usageError, type Engine } from "./bench-cli.ts";

const USAGE =
  "usage: bench:digest [--subscribers 10000] [--rate 6000] [--engines sqlite,postgres] [--factor 100] [--baseline 20] [--page-interval 100] [--no-build] [--json]";
const values = parseBenchArgs(
  {
    subscribers: { type: "string", default: "10000" },
    rate: { type: "string", default: "6000" },
    factor: { type: "string", default: "100" },
    baseline: { type: "string", default: "20" },
    "page-interval": { type: "string", default: "100" },
  },
  USAGE,
);

const SUBSCRIBERS = Number(values.subscribers);
const RATE = Number(values.rate);
const FACTOR = Number(values.factor);
const BASELINE_S = Number(values.baseline);
const PAGE_INTERVAL_MS = Number(values["page-interval"]);
const engines = values.engines.split(",").filter(Boolean) as Engine[];
if (![SUBSCRIBERS, RATE, FACTOR, BASELINE_S, PAGE_INTERVAL_MS].every((n) => Number.isFinite(n) && n > 0))
  usageError(USAGE);

const log = (line: string) => console.error(`[digest] ${line}`);
const cleanups: (() => Promise<unknown>)[] = [];
async function cleanUp() {
  for (const cleanup of cleanups.splice(0).toReversed()) await cleanup().catch(() => undefined);
}
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.once(signal, () => void cleanUp().finally(() => process.exit(130)));

const WEEKDAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];
const IST_MS = 330 * 60_000;

/** An SMTP server that only counts: each message's recipient and the moment it was accepted. */
async function startCountingSink() {
  const accepted: { to: string; at: number }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      stream.on("data", () => undefined);
      stream.on("end", () => {
        for (const rcpt of session.envelope.rcptTo) accepted.push({ to: rcpt.address, at: performance.now() });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as { port: number }).port;
  return { url: `smtp://127.0.0.1:${port}`, accepted, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** Subscribers (confirmed, a mix of tabs) and a day's new alerts for the digest. */
async function seedSubscribers(db: DB, run: string) {
  const stamp = new Date().toISOString();
  const tabs = ["jobs", "vacancy", "results", "admit-cards"];
  const rows = Array.from({ length: SUBSCRIBERS }, (_, i) => ({
    email: `reader-${run}-${i}@example.com`,
    status: "confirmed" as const,
    is_tab_jobs: i % 4 !== 3,
    is_tab_vacancy: i % 3 !== 0,
    is_tab_results: i % 2 === 0,
    is_tab_admit_cards: i % 5 === 0,
    is_reminders_on: false,
    is_tests_on: i % 2 === 1,
    frequency: "daily" as const,
    manage_key: randomBytes(16).toString("hex"),
    consent_text: "bench",
    consent_source: "/subscribe",
    consent_ip_hash: "0".repeat(32),
    consent_at: stamp,
    confirmed_at: stamp,
    created_at: stamp,
    updated_at: stamp,
  }));
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto("alert_subscribers")
      .values(rows.slice(i, i + 500))
      .execute();
  const categories = await db.selectFrom("job_categories").select(["id", "slug"]).execute();
  // Yesterday afternoon in India: inside the digest's 24 hours whatever minute it goes at today.
  const created = new Date(Date.parse(istDayStart(addDays(istDate(), -1))) + 15 * 3_600_000).toISOString();
  for (let i = 0; i < 12; i++) {
    const slug = tabs[i % 4]!;
    await db
      .insertInto("job_alerts")
      .values({
        title: `Bench alert ${i + 1}: ${slug} through GATE`,
        view_link: "https://psu.example/careers",
        description: null,
        posted_date: created,
        category_id: categories.find((c) => c.slug === slug)!.id,
        is_active: true,
        last_date: addDays(istDate(), 10 + i),
        selection_mode: "gate-score",
        gate_year: null,
        eligibility: null,
        posts: 10 * (i + 1),
        notification_url: null,
        organisation: "Public Sector Undertaking",
        job_location: null,
        created_at: created,
        updated_at: created,
      })
      .execute();
  }
}

interface PageSample {
  at: number;
  ms: number;
  kind: "cached" | "rendered";
  ok: boolean;
}

/** Asks for pages one after another until stopped: a cached page, then a freshly rendered one. */
function samplePages(app: AppProcess) {
  const samples: PageSample[] = [];
  const state = { stopped: false };
  const done = (async () => {
    let turn = 0;
    while (!state.stopped) {
      const kind = turn++ % 2 === 0 ? "cached" : "rendered";
      const path = kind === "cached" ? "/job-alerts" : `/search?q=gate${randomBytes(3).toString("hex")}`;
      const started = performance.now();
      let ok = false;
      try {
        const response = await fetch(app.url + path);
        await response.arrayBuffer();
        ok = response.status === 200;
      } catch {
        ok = false;
      }
      samples.push({ at: started, ms: performance.now() - started, kind, ok });
      await new Promise((r) => setTimeout(r, PAGE_INTERVAL_MS));
    }
  })();
  return {
    samples,
    async stop() {
      state.stopped = true;
      await done;
    },
  };
}

const latency = (samples: PageSample[], kind: PageSample["kind"]) => {
  const ms = samples.filter((s) => s.kind === kind).map((s) => s.ms);
  return { n: ms.length, p50: quantile(ms, 0.5), p95: quantile(ms, 0.95), p99: quantile(ms, 0.99) };
};

/** The digest minute: the first whole minute in India at least `lead` seconds from now. */
function digestMinute(leadS: number) {
  const at = Math.ceil((Date.now() + leadS * 1000) / 60_000) * 60_000;
  const ist = new Date(at + IST_MS);
  const hhmm = `${String(ist.getUTCHours()).padStart(2, "0")}:${String(ist.getUTCMinutes()).padStart(2, "0")}`;
  return { at, hhmm };
}

async function runEngine(engine: Engine) {
  const run = randomBytes(3).toString("hex");
  const database: ScratchDb =
    engine === "sqlite" ? scratchSqlite("bench-digest") : await scratchPostgres("bench_digest");
  cleanups.push(() => database.drop());
  log(`${engine}: the scale database (${FACTOR}× the demo content) and ${SUBSCRIBERS} subscribers…`);
  await createScaledDatabase(database.url, FACTOR);
  const { db } = createDb(database.url);
  cleanups.push(() => db.destroy());
  await seedSubscribers(db, run);

  const sink = await startCountingSink();
  cleanups.push(() => sink.close());
  // Started a little before the digest's minute, so that the pages' baseline comes first.
  const minute = digestMinute(BASELINE_S + 10);
  const tomorrow = WEEKDAYS[(new Date(`${istDate()}T00:00:00Z`).getUTCDay() + 1) % 7]!;
  const app = await startApp({
    databaseUrl: database.url,
    env: {
      SMTP_URL: sink.url,
      ALERT_DIGEST_TIME: minute.hhmm,
      ALERT_WEEKLY_DAY: tomorrow,
      ALERT_MAIL_TICK_MS: "1000",
      OUTBOX_BULK_PER_MINUTE: String(RATE),
      LOG_LEVEL: "warn",
    },
  });
  cleanups.push(() => app.stop());
  const pages = samplePages(app);
  log(
    `${engine}: pages sampled; the digest goes at ${minute.hhmm} IST, in ${Math.round((minute.at - Date.now()) / 1000)} s`,
  );
  const digestAt = performance.now() + (minute.at - Date.now());

  const queued = async () =>
    Number(
      (
        await db
          .selectFrom("alert_mailings")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const deadline = Date.now() + (minute.at - Date.now()) + 15 * 60_000;
  let expected = 0;
  while (Date.now() < deadline) {
    const job = await db.selectFrom("alert_mail_jobs").select(["done_at", "queued"]).executeTakeFirst();
    if (job?.done_at) {
      expected = Number(job.queued);
      break;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  if (!expected) throw new Error(`${engine}: the digest was not composed (${await queued()} mailings)`);
  const first = await db
    .selectFrom("alert_mailings")
    .select((eb) => eb.fn.min("created_at").as("at"))
    .executeTakeFirstOrThrow();
  const job = await db.selectFrom("alert_mail_jobs").select("done_at").executeTakeFirstOrThrow();
  const composeS = (Date.parse(String(job.done_at)) - Date.parse(String(first.at))) / 1000;
  log(`${engine}: ${expected} digests composed and queued in ${composeS.toFixed(1)} s; draining at ${RATE}/min…`);

  while (sink.accepted.length < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
  const drainedAt = performance.now();
  await new Promise((r) => setTimeout(r, 3000));
  await pages.stop();

  const perAddress = new Map<string, number>();
  for (const { to } of sink.accepted) perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
  const twice = [...perAddress.values()].filter((n) => n > 1).length;
  const times = sink.accepted.map((m) => m.at).toSorted((a, b) => a - b);
  // The steady rate: from the 10th to the 90th percent of the messages.
  const lo = times[Math.floor(times.length * 0.1)]!;
  const hi = times[Math.floor(times.length * 0.9)]!;
  const steadyPerMinute = ((Math.floor(times.length * 0.9) - Math.floor(times.length * 0.1)) / (hi - lo)) * 60_000;
  const sendStart = times[0]!;
  const before = pages.samples.filter((s) => s.at < digestAt - 1000);
  const during = pages.samples.filter((s) => s.at >= sendStart && s.at <= drainedAt);
  await app.stop();
  return {
    engine,
    subscribers: SUBSCRIBERS,
    digests: expected,
    composeAndQueueS: composeS,
    firstSentAfterDigestTimeS: (sendStart - digestAt) / 1000,
    drainS: (times.at(-1)! - sendStart) / 1000,
    configuredPerMinute: RATE,
    measuredPerMinute: steadyPerMinute,
    receivedAtSink: sink.accepted.length,
    distinctAddresses: perAddress.size,
    addressesTwice: twice,
    pageErrors: pages.samples.filter((s) => !s.ok).length,
    before: { cached: latency(before, "cached"), rendered: latency(before, "rendered") },
    during: { cached: latency(during, "cached"), rendered: latency(during, "rendered") },
  };
}

const ms = (n: number) => (Number.isFinite(n) ? `${n.toFixed(1)} ms` : "–");

async function main() {
  buildFirst(values["no-build"], log);
  log(machineLine());
  const results = [];
  for (const engine of engines) results.push(await runEngine(engine));
  if (values.json) console.log(JSON.stringify(results, null, 2));
  for (const r of results) {
    console.log(`\n${r.engine}: a daily digest to ${r.subscribers} subscribers (${FACTOR}× demo content)`);
    console.log(`  composed and queued: ${r.digests} e-mails in ${r.composeAndQueueS.toFixed(1)} s`);
    console.log(
      `  sent: ${r.receivedAtSink} at the sink, ${r.distinctAddresses} addresses, ${r.addressesTwice} twice; first ${r.firstSentAfterDigestTimeS.toFixed(1)} s after the digest's minute, drained in ${r.drainS.toFixed(1)} s`,
    );
    console.log(
      `  rate: configured ${r.configuredPerMinute}/min, measured ${Math.round(r.measuredPerMinute)}/min (10th–90th percent of the send)`,
    );
    for (const kind of ["cached", "rendered"] as const) {
      const b = r.before[kind];
      const d = r.during[kind];
      console.log(
        `  ${kind === "cached" ? "/job-alerts (cached)" : "/search?q=… (rendered)"}: before p50 ${ms(b.p50)} p95 ${ms(b.p95)} p99 ${ms(b.p99)} (${b.n}); during the send p50 ${ms(d.p50)} p95 ${ms(d.p95)} p99 ${ms(d.p99)} (${d.n})`,
      );
    }
    console.log(`  page errors: ${r.pageErrors}`);
  }
}

try {
  await main();
} finally {
  await cleanUp();
}
