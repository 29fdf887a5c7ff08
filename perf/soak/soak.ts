import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { createDb, type DB } from "~/db/client.server";
import { startApp, ROOT, type AppProcess } from "../../support/app-process";
import { startSmtpServer } from "../../support/smtp";
import { admin, KINDS, quantile, Recorder, visitor, type Kind, type LoadTarget } from "./load";

// The soak (issue 7): the production server (`node server.ts`, BUILD_DIR's build) on loopback
// with a real SMTP sink, under a bounded load of visitors browsing and submitting the contact
// and booking forms while an admin edits content. Afterwards every acknowledged submission must
// be in the database and in the outbox exactly once, and no e-mail delivered twice; errors,
// latencies and the server's memory are reported. Delivery is followed for a while only: the
// worker sends one message per SMTP connection, and a server that pauses before its greeting
// (smtp-server does, 100 ms, as anti-spam relays do) limits it to about ten a second.
// `npm run soak` (perf/soak/run.ts) and `npm run test:perf` (perf/soak/soak.test.ts) both run this.

export interface SoakOptions {
  /** Seconds of load. */
  duration: number;
  /** Concurrent visitors, each on its own keep-alive connection. */
  connections: number;
  /** postgres://… to run on PostgreSQL; a fresh SQLite file under .cache/soak otherwise. */
  database?: string;
  /** How long to follow the outbox's delivery after the load (default 15 s). */
  drainTimeoutMs?: number;
  /** Progress lines (the CLI prints them; the test keeps quiet). */
  log?: (line: string) => void;
}

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

export interface SoakReport {
  engine: "sqlite" | "postgres";
  durationS: number;
  connections: number;
  requests: number;
  requestsPerS: number;
  errors: Recorder["errors"] & { total: number };
  errorSamples: string[];
  latencyMs: Record<Kind | "all", { count: number; p50: number; p99: number; max: number }>;
  /** The server's resident memory (Linux /proc), MiB: before the load, its peak, right after it,
   * after the delivery wait (idle), and sampled at 0, 20 … 100 % of the load (trend). */
  memoryMiB: { start: number | null; peak: number | null; end: number | null; idle: number | null; trend: number[] };
  submissions: {
    contact: Tally;
    booking: Tally;
    /** E-books the admin created, each posted twice with one token. */
    ebooks: { acknowledged: number; stored: number };
  };
  /** Acknowledged submissions delivered once by the end of the wait, still pending, delivered twice. */
  mail: { delivered: number; pending: number; twice: number; waitedS: number };
  checks: Check[];
  ok: boolean;
}

interface Tally {
  acknowledged: number;
  /** Acknowledged and stored exactly once. */
  stored: number;
  /** Acknowledged and queued in the outbox exactly once. */
  outbox: number;
  /** Stored more than once, or queued more than once. */
  duplicates: number;
  /** Acknowledged but not stored, or not queued. */
  missing: number;
}

const ADMIN_PASSWORD = "soak admin password 2030";

/** The server's resident set size in MiB, read from /proc (Linux); null elsewhere. */
function rssMiB(pid: number | undefined, field: "VmRSS" | "VmHWM" = "VmRSS"): number | null {
  if (!pid) return null;
  try {
    const match = readFileSync(`/proc/${pid}/status`, "utf8").match(new RegExp(`^${field}:\\s+(\\d+) kB`, "m"));
    return match ? Math.round(Number(match[1]) / 102.4) / 10 : null;
  } catch {
    return null;
  }
}

/** The admin, made by the real `admin:create` script, signed in through the login form. */
async function signInAdmin(app: AppProcess, databaseUrl: string) {
  const email = `soak-${randomBytes(4).toString("hex")}@example.com`;
  execFileSync(process.execPath, ["--import", "tsx", "scripts/admin-create.ts", "--email", email], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, ADMIN_PASSWORD, NODE_ENV: "production", LOG_LEVEL: "silent" },
    stdio: "pipe",
  });
  const response = await fetch(`${app.url}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url },
    body: new URLSearchParams({ email, password: ADMIN_PASSWORD }).toString(),
  });
  await response.arrayBuffer();
  if (response.status !== 302) throw new Error(`admin sign-in answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

/** The public pages to browse: the sitemap's, each checked to answer 200 before the load. */
async function publicPages(app: AppProcess) {
  const sitemap = await (await fetch(`${app.url}/sitemap.xml`)).text();
  const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  pages.push("/search?q=gate");
  for (const path of pages) {
    const response = await fetch(app.url + path);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${path} answered ${response.status} before the load`);
  }
  return pages;
}

/** The first job alert, as its edit form posts it. */
async function jobAlertForm(db: DB) {
  const row = await db
    .selectFrom("job_alerts")
    .select(["id", "title", "category_id", "view_link", "description"])
    .orderBy("id")
    .executeTakeFirst();
  if (!row) throw new Error("no job alert to edit: is the demo content seeded (SEED_DEMO=1)?");
  return {
    id: String(row.id),
    title: row.title,
    category_id: String(row.category_id),
    view_link: row.view_link,
    description: row.description ?? "",
  };
}

/** In how many of the texts each marker occurs. */
function countMarkers(texts: string[], pattern: RegExp) {
  const counts = new Map<string, number>();
  for (const text of texts) {
    for (const marker of new Set(Array.from(text.matchAll(pattern), (m) => m[0])))
      counts.set(marker, (counts.get(marker) ?? 0) + 1);
  }
  return counts;
}

/** Acknowledged vs stored and queued, for the markers starting with `prefix` (one form's). */
function tally(
  prefix: string,
  acknowledged: string[],
  stored: Map<string, number>,
  queued: Map<string, number>,
): Tally {
  const once = (counts: Map<string, number>) => acknowledged.filter((m) => counts.get(m) === 1).length;
  const duplicates = [...stored, ...queued].filter(([marker, n]) => marker.startsWith(prefix) && n > 1).length;
  const missing = acknowledged.filter((m) => !stored.has(m) || !queued.has(m)).length;
  return { acknowledged: acknowledged.length, stored: once(stored), outbox: once(queued), duplicates, missing };
}

/** Waits until no e-mail of this run is pending, or the timeout; how many still are. */
async function waitForDrain(db: DB, like: string, timeoutMs: number) {
  const started = Date.now();
  for (;;) {
    const { n } = await db
      .selectFrom("email_outbox")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("status", "=", "pending")
      .where("text", "like", like)
      .executeTakeFirstOrThrow();
    if (Number(n) === 0 || Date.now() - started >= timeoutMs) return Number(n);
    await new Promise((done) => setTimeout(done, 250));
  }
}

export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const log = options.log ?? (() => undefined);
  const runId = `soak-${randomBytes(4).toString("hex")}`;
  const sqliteDir = join(ROOT, ".cache", "soak", runId);
  const databaseUrl = options.database ?? `file:${join(sqliteDir, "site.db")}`;
  if (!options.database) mkdirSync(sqliteDir, { recursive: true });
  const engine = /^postgres(ql)?:/.test(databaseUrl) ? "postgres" : "sqlite";

  const smtp = await startSmtpServer();
  let app: AppProcess | undefined;
  let db: DB | undefined;
  try {
    log(`starting the server on ${engine}…`);
    app = await startApp({
      databaseUrl,
      env: {
        LOG_LEVEL: "warn",
        SMTP_URL: smtp.url,
        // Every visitor posts from 127.0.0.1: the per-address limit must not be what is measured.
        PUBLIC_FORM_RATE_LIMIT: "100000000",
      },
    });
    db = createDb(databaseUrl).db;
    const target: LoadTarget = {
      baseUrl: app.url,
      pages: await publicPages(app),
      adminCookie: await signInAdmin(app, databaseUrl),
      jobAlert: await jobAlertForm(db),
      runId,
    };

    const pid = app.child.pid;
    const memoryStart = rssMiB(pid);
    const recorder = new Recorder();
    log(`load: ${options.connections} visitors and one admin for ${options.duration} s on ${app.url}…`);
    const started = performance.now();
    const deadline = Date.now() + options.duration * 1000;
    // A sample a second: whether memory levels off under load or keeps growing.
    const samples: number[] = [];
    const sampler = setInterval(() => {
      const rss = rssMiB(pid);
      if (rss !== null) samples.push(rss);
    }, 1000);
    try {
      await Promise.all([
        ...Array.from({ length: options.connections }, (_, id) => visitor(target, recorder, id, deadline)),
        admin(target, recorder, deadline),
      ]);
    } finally {
      clearInterval(sampler);
    }
    const elapsedS = (performance.now() - started) / 1000;
    const memoryEnd = rssMiB(pid);
    const memoryPeak = rssMiB(pid, "VmHWM");

    log("checking what was stored…");
    const like = `%${runId}-%`;
    const pattern = new RegExp(`${runId}-[cb]\\d+n\\d+`, "g");
    const [contacts, bookings, outbox, ebooks] = await Promise.all([
      db.selectFrom("contact_messages").select("message").where("message", "like", like).execute(),
      db.selectFrom("session_bookings").select("query").where("query", "like", like).execute(),
      db.selectFrom("email_outbox").select("text").where("text", "like", like).execute(),
      db.selectFrom("ebooks").select("title").where("title", "like", like).execute(),
    ]);
    const queued = countMarkers(
      outbox.map((r) => r.text),
      pattern,
    );
    const contact = tally(
      `${runId}-c`,
      recorder.acknowledged.contact,
      countMarkers(
        contacts.map((r) => r.message),
        pattern,
      ),
      queued,
    );
    const booking = tally(
      `${runId}-b`,
      recorder.acknowledged.booking,
      countMarkers(
        bookings.map((r) => r.query),
        pattern,
      ),
      queued,
    );
    const ebookTitles = new Map<string, number>();
    for (const { title } of ebooks) ebookTitles.set(title, (ebookTitles.get(title) ?? 0) + 1);
    const ebooksOnce = recorder.acknowledged.ebooks.filter((title) => ebookTitles.get(title) === 1).length;

    log("following the outbox's delivery…");
    const waitStarted = performance.now();
    const pending = await waitForDrain(db, like, options.drainTimeoutMs ?? 15_000);
    const waitedS = (performance.now() - waitStarted) / 1000;
    const memoryIdle = rssMiB(pid);
    const delivered = countMarkers(
      smtp.received.map((mail) => mail.body),
      pattern,
    );
    const acknowledged = [...recorder.acknowledged.contact, ...recorder.acknowledged.booking];
    const deliveredOnce = acknowledged.filter((m) => delivered.get(m) === 1).length;
    const deliveredTwice = [...delivered.values()].filter((n) => n > 1).length;

    const all = KINDS.flatMap((kind) => recorder.latencies[kind]);
    const stats = (values: number[]) => ({
      count: values.length,
      p50: round(quantile(values, 0.5)),
      p99: round(quantile(values, 0.99)),
      max: round(values.reduce((a, b) => Math.max(a, b), 0)),
    });
    const errorsTotal = Object.values(recorder.errors).reduce((a, b) => a + b, 0);
    const submitted = contact.acknowledged + booking.acknowledged;
    const checks: Check[] = [
      {
        name: "no errors",
        ok: errorsTotal === 0,
        detail: `${errorsTotal} (network ${recorder.errors.network}, 5xx ${recorder.errors.server}, 4xx ${recorder.errors.client}, 429 ${recorder.errors.rateLimited}, unexpected ${recorder.errors.unexpected})`,
      },
      {
        name: "submissions were made",
        ok: contact.acknowledged > 0 && booking.acknowledged > 0,
        detail: `${contact.acknowledged} contact, ${booking.acknowledged} booking`,
      },
      {
        name: "every acknowledged submission stored exactly once",
        ok: contact.stored === contact.acknowledged && booking.stored === booking.acknowledged,
        detail: `${contact.stored + booking.stored} of ${submitted}; duplicates ${contact.duplicates + booking.duplicates}, missing ${contact.missing + booking.missing}`,
      },
      {
        name: "every acknowledged submission in the outbox exactly once",
        ok: contact.outbox === contact.acknowledged && booking.outbox === booking.acknowledged,
        detail: `${contact.outbox + booking.outbox} of ${submitted}`,
      },
      {
        name: "e-mails delivered, none twice",
        ok: deliveredOnce > 0 && deliveredTwice === 0,
        detail: `${deliveredOnce} of ${submitted} delivered once, ${deliveredTwice} twice, ${pending} still pending`,
      },
      {
        name: "admin creates posted twice stored once",
        ok: recorder.acknowledged.ebooks.length > 0 && ebooksOnce === recorder.acknowledged.ebooks.length,
        detail: `${ebooksOnce} of ${recorder.acknowledged.ebooks.length}`,
      },
    ];
    return {
      engine,
      durationS: round(elapsedS),
      connections: options.connections,
      requests: all.length,
      requestsPerS: round(all.length / elapsedS),
      errors: { ...recorder.errors, total: errorsTotal },
      errorSamples: recorder.samples,
      latencyMs: {
        all: stats(all),
        page: stats(recorder.latencies.page),
        contact: stats(recorder.latencies.contact),
        booking: stats(recorder.latencies.booking),
        admin: stats(recorder.latencies.admin),
      },
      memoryMiB: {
        start: memoryStart,
        peak: memoryPeak,
        end: memoryEnd,
        idle: memoryIdle,
        trend: [0, 0.2, 0.4, 0.6, 0.8, 1].flatMap((at) =>
          samples.length ? [samples[Math.round(at * (samples.length - 1))]!] : [],
        ),
      },
      submissions: {
        contact,
        booking,
        ebooks: { acknowledged: recorder.acknowledged.ebooks.length, stored: ebooksOnce },
      },
      mail: { delivered: deliveredOnce, pending, twice: deliveredTwice, waitedS: round(waitedS) },
      checks,
      ok: checks.every((check) => check.ok),
    };
  } finally {
    await db?.destroy();
    await app?.stop();
    await smtp.close();
    if (!options.database) rmSync(sqliteDir, { recursive: true, force: true });
  }
}

const round = (value: number) => Math.round(value * 10) / 10;

const mib = (value: number | null) => (value === null ? "n/a" : `${value} MiB`);

/** The report as the table `npm run soak` prints. */
export function formatReport(report: SoakReport): string {
  const { contact, booking, ebooks } = report.submissions;
  const rows: [string, string][] = [
    ["engine", report.engine],
    ["duration", `${report.durationS} s, ${report.connections} connections + 1 admin`],
    ["requests", String(report.requests)],
    ["requests/s", String(report.requestsPerS)],
    [
      "errors",
      `${report.errors.total} (network ${report.errors.network}, 5xx ${report.errors.server}, 4xx ${report.errors.client}, unexpected ${report.errors.unexpected})`,
    ],
    ["429 (rate limited)", String(report.errors.rateLimited)],
    ...(["all", ...KINDS] as const).map((kind): [string, string] => {
      const s = report.latencyMs[kind];
      return [`latency ${kind}`, `p50 ${s.p50} ms, p99 ${s.p99} ms, max ${s.max} ms (${s.count})`];
    }),
    ["memory RSS start", mib(report.memoryMiB.start)],
    ["memory RSS end", mib(report.memoryMiB.end)],
    ["memory RSS peak", mib(report.memoryMiB.peak)],
    ["memory RSS trend", `${report.memoryMiB.trend.join(" → ")} MiB (every 20 % of the load)`],
    ["memory RSS idle", `${mib(report.memoryMiB.idle)} (${report.mail.waitedS} s after the load)`],
    [
      "contact",
      `${contact.acknowledged} acknowledged, ${contact.stored} stored once, ${contact.outbox} in outbox once`,
    ],
    [
      "booking",
      `${booking.acknowledged} acknowledged, ${booking.stored} stored once, ${booking.outbox} in outbox once`,
    ],
    [
      "mail",
      `${report.mail.delivered} delivered once, ${report.mail.twice} twice, ${report.mail.pending} pending after ${report.mail.waitedS} s`,
    ],
    ["admin e-books (x2 posts)", `${ebooks.acknowledged} acknowledged, ${ebooks.stored} stored once`],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  const lines = rows.map(([label, value]) => `${label.padEnd(width)}  ${value}`);
  lines.push("", ...report.checks.map((c) => `${c.ok ? "PASS" : "FAIL"}  ${c.name}: ${c.detail}`));
  if (report.errorSamples.length) lines.push("", "first errors:", ...report.errorSamples.map((s) => `  ${s}`));
  return lines.join("\n");
}
