import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { addDays, istDate, istDayStart } from "~/core/ist";
import { createDb, type DB } from "~/db/client.server";
import { migrateToLatest } from "~/db/migrate.server";
import { scratchPostgres, startApp, type AppProcess } from "../../support/app-process";
import { startSmtpServer } from "../../support/smtp";

// Issue 49 "Performance and reliability": two production instances on one PostgreSQL database
// compose and send a day's job alert digest to 300 subscribers, sharing the bulk rate, while one
// of them is killed with SIGKILL in the middle of sending and started again. Counted at the SMTP
// server: no subscriber gets the digest twice, and every one gets it but at most the one whose
// message the killed instance had recorded as handed over when it died (before its final dot);
// the outbox holds every one as sent.

const SUBSCRIBERS = 300;
const WEEKDAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.toReversed()) await cleanup().catch(() => undefined);
});

/** Subscribers, and yesterday's alerts (India's date), on a migrated database. */
async function seed(db: DB, run: string) {
  await migrateToLatest(db);
  const stamp = new Date().toISOString();
  const subscribers = Array.from({ length: SUBSCRIBERS }, (_, i) => ({
    email: `reader-${run}-${i}@example.com`,
    status: "confirmed" as const,
    is_tab_jobs: true,
    is_tab_vacancy: true,
    is_tab_results: i % 2 === 0,
    is_tab_admit_cards: false,
    is_reminders_on: false,
    is_tests_on: false,
    frequency: "daily" as const,
    manage_key: randomBytes(16).toString("hex"),
    consent_text: "system test",
    consent_source: "/subscribe",
    consent_ip_hash: "0".repeat(32),
    consent_at: stamp,
    confirmed_at: stamp,
    created_at: stamp,
    updated_at: stamp,
  }));
  for (let i = 0; i < subscribers.length; i += 100)
    await db
      .insertInto("alert_subscribers")
      .values(subscribers.slice(i, i + 100))
      .execute();
  const jobs = await db.selectFrom("job_categories").select("id").where("slug", "=", "jobs").executeTakeFirstOrThrow();
  const yesterdayNoon = new Date(Date.parse(istDayStart(addDays(istDate(), -1))) + 12 * 3_600_000).toISOString();
  for (const title of [`IOCL Engineers ${run}`, `GAIL Executive Trainees ${run}`]) {
    await db
      .insertInto("job_alerts")
      .values({
        title,
        view_link: "https://psu.example/careers",
        description: null,
        posted_date: yesterdayNoon,
        category_id: jobs.id,
        is_active: true,
        last_date: addDays(istDate(), 20),
        selection_mode: null,
        gate_year: null,
        eligibility: null,
        posts: null,
        notification_url: null,
        organisation: null,
        job_location: null,
        created_at: yesterdayNoon,
        updated_at: yesterdayNoon,
      })
      .execute();
  }
}

describe("a digest sent by two instances on PostgreSQL, one killed mid-send", () => {
  it("reaches every subscriber once, none twice", async () => {
    const run = randomBytes(3).toString("hex");
    const database = await scratchPostgres("alert_digest");
    cleanups.push(() => database.drop());
    const { db } = createDb(database.url);
    cleanups.push(() => db.destroy());
    await seed(db, run);
    const smtp = await startSmtpServer();
    cleanups.push(() => smtp.close());

    const env = (name: string) => ({
      SMTP_URL: smtp.url,
      MAIL_FROM: `Instance ${name} <${name.toLowerCase()}@example.com>`,
      // Today's digest is due at once (00:00 in India has passed); no weekly one today.
      ALERT_DIGEST_TIME: "00:00",
      ALERT_WEEKLY_DAY: WEEKDAYS[(new Date(`${istDate()}T00:00:00Z`).getUTCDay() + 1) % 7]!,
      ALERT_MAIL_TICK_MS: "300",
      OUTBOX_POLL_MS: "100",
      // 40 a second between the two: the send takes about 8 s, time enough to kill one of them.
      OUTBOX_BULK_PER_MINUTE: "2400",
      // The killed instance's claimed e-mail is tried again 3 s after.
      OUTBOX_LEASE_MS: "3000",
      LOG_LEVEL: "warn",
    });
    const apps: AppProcess[] = await Promise.all([
      startApp({ databaseUrl: database.url, env: env("A") }),
      startApp({ databaseUrl: database.url, env: env("B") }),
    ]);
    cleanups.push(() => Promise.all(apps.map((app) => app.kill())));

    const digests = () =>
      smtp.received.filter(
        (mail) => (mail.header("Subject") ?? "").startsWith("Job alerts for ") && mail.body.includes(run),
      );
    await until("the send under way", () => digests().length >= 60);
    // The instance that is sending is killed: which one claims the e-mails first is a race (on a
    // busy host one of them can lease the whole send before the other polls).
    const sentBy = (from: string) => digests().filter((mail) => mail.from === from).length;
    const killed = sentBy("b@example.com") > sentBy("a@example.com") ? 1 : 0;
    const name = killed === 0 ? "A" : "B";
    const victim = apps[killed]!;
    await victim.kill();
    const atKill = digests().length;
    expect(atKill).toBeLessThan(SUBSCRIBERS);
    // Started again on the same database and port: the two finish the send.
    apps[killed] = await startApp({ databaseUrl: database.url, env: env(name), port: victim.port });
    // SMTP cannot be exactly-once: a message is recorded as handed over just before its final dot,
    // so the one message (if any) whose record was written when A died, its dot not yet sent, is
    // never sent again rather than possibly twice. All the others arrive, each once.
    await until("every digest delivered", () => digests().length >= SUBSCRIBERS - 1, 90_000);
    // A last copy, or a second copy of anything, would arrive within a few polls.
    await new Promise((r) => setTimeout(r, 3000));

    const perAddress = new Map<string, number>();
    for (const mail of digests()) for (const to of mail.to) perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
    expect([...perAddress].filter(([, n]) => n !== 1)).toEqual([]);
    expect(perAddress.size).toBeGreaterThanOrEqual(SUBSCRIBERS - 1);
    const lostAtKill = SUBSCRIBERS - perAddress.size;
    // The killed instance had sent part of it before it died.
    expect(sentBy(`${name.toLowerCase()}@example.com`)).toBeGreaterThan(0);
    // Every one has its one-click header; the outbox holds them all as sent, each mailing once.
    expect(digests().every((mail) => (mail.header("List-Unsubscribe") ?? "").endsWith("/one-click>"))).toBe(true);
    const rows = await db
      .selectFrom("email_outbox")
      .select((eb) => ["status", eb.fn.countAll<number>().as("n")])
      .where("stream", "=", "alerts")
      .groupBy("status")
      .execute();
    expect(rows.map((row) => [row.status, Number(row.n)])).toEqual([["sent", SUBSCRIBERS]]);
    const mailings = await db
      .selectFrom("alert_mailings")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(mailings.n)).toBe(SUBSCRIBERS);
    console.log(
      `digest to ${SUBSCRIBERS} subscribers by two instances: ${atKill} delivered when ${name} was killed, after its restart ${perAddress.size} delivered once each, none twice, ${lostAtKill} handed over at the kill and not sent again (A ${sentBy("a@example.com")}, B ${sentBy("b@example.com")})`,
    );
    // The instance that was not killed stops cleanly.
    expect(await apps[1 - killed]!.stop()).toBe(0);
  });
});
