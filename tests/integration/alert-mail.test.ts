import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { closeDb } from "~/db/client.server";
import type { CalendarDate } from "~/core/ist";
import { broadcastPreview, requestBroadcast } from "~/db/queries/alert-mailings.server";
import { countAlertMail, markFailedSubscribers } from "~/db/queries/alert-subscribers.server";
import {
  composeDigest,
  defaultAlertMailConfig,
  dueDigests,
  queueReminders,
  runAlertMail,
  sendBroadcasts,
} from "~/lib/alert-mail/compose.server";
import { bulkRateRule, createMailSender, drainOutbox } from "~/lib/mail/outbox.server";
import { startSmtpServer } from "../../support/smtp";
import { withoutDeadline } from "../support/job-alert-fields";
import { openTestDb, type TestDb } from "../support/test-db";

// Job alerts by e-mail, the worker's side (issue 49): deadline reminders on India's dates (at 23:30
// and at 00:30 IST), once per subscriber and alert, never for a closed or switched-off alert; the
// digests at their time, to whom chose them, once however many instances compose them; an alert
// staff send at once; the outbox sending them at the bulk rate after every form's e-mail, never
// again once handed over, and marking an address it gave up on.

const config = { ...defaultAlertMailConfig, reminderDays: 3, digestMinutes: 7 * 60, weeklyDay: 1, batchSize: 2 };
const from = "GATE CH Academy <no-reply@example.in>";
const ist = (local: string) => new Date(`${local}+05:30`);

let t: TestDb;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const category: Record<string, number> = {};
beforeAll(async () => {
  t = await openTestDb();
  process.env.DATABASE_URL = t.url;
  await t.db
    .insertInto("site_settings")
    .values({ key: "brand_name", value: "GATE CH Academy", updated_at: new Date().toISOString() })
    .execute();
  for (const row of await t.db.selectFrom("job_categories").select(["id", "slug"]).execute())
    category[row.slug] = row.id;
});
afterAll(async () => {
  await closeDb();
  await t.cleanup();
});
beforeEach(async () => {
  for (const table of [
    "alert_mailings",
    "alert_subscribers",
    "alert_broadcasts",
    "alert_mail_jobs",
    "email_outbox",
  ] as const)
    await t.db.deleteFrom(table).execute();
  await t.db.deleteFrom("job_alerts").execute();
  await t.db.deleteFrom("rate_limits").execute();
  smtp = await startSmtpServer();
});
afterEach(() => smtp.close());

interface SubscriberOptions {
  tabs?: string[];
  reminders?: boolean;
  tests?: boolean;
  frequency?: "instant" | "daily" | "weekly";
  status?: "pending" | "confirmed";
}

async function addSubscriber(email: string, o: SubscriberOptions = {}) {
  const tabs = o.tabs ?? ["jobs", "vacancy", "results", "admit-cards"];
  const stamp = "2027-01-01T00:00:00.000Z";
  const { id } = await t.db
    .insertInto("alert_subscribers")
    .values({
      email,
      status: o.status ?? "confirmed",
      is_tab_jobs: tabs.includes("jobs"),
      is_tab_vacancy: tabs.includes("vacancy"),
      is_tab_results: tabs.includes("results"),
      is_tab_admit_cards: tabs.includes("admit-cards"),
      is_reminders_on: o.reminders ?? true,
      is_tests_on: o.tests ?? false,
      frequency: o.frequency ?? "daily",
      manage_key: randomBytes(16).toString("hex"),
      consent_text: "test",
      consent_source: "/subscribe",
      consent_ip_hash: "0".repeat(32),
      consent_at: stamp,
      confirmed_at: o.status === "pending" ? null : stamp,
      created_at: stamp,
      updated_at: stamp,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

async function addAlert(
  title: string,
  o: { tab?: string; lastDate?: string | null; active?: boolean; created?: string } = {},
) {
  const created = o.created ?? "2027-01-01T00:00:00.000Z";
  const { id } = await t.db
    .insertInto("job_alerts")
    .values({
      ...withoutDeadline,
      title,
      view_link: "https://iocl.example/recruitment",
      category_id: category[o.tab ?? "jobs"]!,
      is_active: o.active ?? true,
      posted_date: created,
      last_date: o.lastDate === undefined ? "2027-03-10" : o.lastDate,
      organisation: "Indian Oil Corporation",
      created_at: created,
      updated_at: created,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

/** A daily digest of one alert queued to `count` subscribers. */
async function queueDigestTo(count: number) {
  await addAlert("IOCL Engineers", { created: ist("2027-03-07T15:00:00").toISOString() });
  for (let i = 0; i < count; i++) await addSubscriber(`reader${i}@example.com`);
  await composeDigest(t.db, dueDigests(ist("2027-03-08T07:01:00"), config)[0]!, config, ist("2027-03-08T07:01:00"));
}

/** A moment after the digests of these tests went. */
const later = () => ist("2027-03-08T08:00:00");

const outbox = () => t.db.selectFrom("email_outbox").selectAll().orderBy("id").execute();
const mailings = () =>
  t.db
    .selectFrom("alert_mailings")
    .select(["subscriber_id", "kind", "ref"])
    .orderBy("subscriber_id")
    .orderBy("ref")
    .execute();

describe(`deadline reminders on ${process.env.TEST_ENGINE}`, () => {
  it("go when India's date is 3 days before the last date (00:30 IST), not at 23:30 the day before; once", async () => {
    const alert = await addAlert("IOCL Engineers through GATE 2027", { lastDate: "2027-03-10" });
    await addSubscriber("reminded@example.com", { tabs: ["jobs"] });

    // 23:30 IST on 6 March: four days to go in India.
    expect(await queueReminders(t.db, config, ist("2027-03-06T23:30:00"))).toBe(0);
    // 00:30 IST on 7 March is still 6 March in UTC: three days to go in India.
    expect(await queueReminders(t.db, config, ist("2027-03-07T00:30:00"))).toBe(1);
    const [mail] = await outbox();
    expect(mail).toMatchObject({ to_address: "reminded@example.com", stream: "alerts", priority: 1 });
    expect(mail!.subject).toBe("Last date 10 Mar 2027: IOCL Engineers through GATE 2027");
    expect(mail!.text).toContain("Last date 10 Mar 2027 (Closes in 3 days)");
    expect(JSON.parse(mail!.headers!)["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");

    // Never twice: later the same day, the next days, on the last date.
    for (const at of ["2027-03-07T23:30:00", "2027-03-08T00:30:00", "2027-03-10T09:00:00"])
      expect(await queueReminders(t.db, config, ist(at))).toBe(0);
    expect(await outbox()).toHaveLength(1);
    expect(await mailings()).toEqual([{ subscriber_id: expect.any(Number), kind: "reminder", ref: String(alert) }]);
  });

  it("never for a closed, switched-off or deleted alert, another tab, or a subscriber without reminders", async () => {
    await addAlert("Closed yesterday", { lastDate: "2027-03-06" });
    await addAlert("Switched off", { lastDate: "2027-03-08", active: false });
    const deleted = await addAlert("Deleted", { lastDate: "2027-03-08" });
    await t.db.deleteFrom("job_alerts").where("id", "=", deleted).execute();
    await addAlert("No last date", { lastDate: null });
    await addAlert("Admit card", { tab: "admit-cards", lastDate: "2027-03-08" });
    await addSubscriber("jobs-only@example.com", { tabs: ["jobs"] });
    await addSubscriber("no-reminders@example.com", { reminders: false });
    await addSubscriber("pending@example.com", { status: "pending" });

    expect(await queueReminders(t.db, config, ist("2027-03-07T00:30:00"))).toBe(0);
    expect(await outbox()).toEqual([]);
  });

  it("lists every alert of the subscriber's tabs closing soon in one e-mail, and later ones in later e-mails", async () => {
    const a = await addAlert("GAIL Executive Trainee", { lastDate: "2027-03-08" });
    const b = await addAlert("ONGC GT vacancy", { tab: "vacancy", lastDate: "2027-03-09" });
    await addSubscriber("both@example.com", { tabs: ["jobs", "vacancy"] });
    expect(await queueReminders(t.db, config, ist("2027-03-07T08:00:00"))).toBe(1);
    expect((await outbox())[0]!.subject).toBe("2 job alerts close soon");
    const c = await addAlert("BPCL Management Trainee", { lastDate: "2027-03-10" });
    expect(await queueReminders(t.db, config, ist("2027-03-07T09:00:00"))).toBe(1);
    expect((await outbox())[1]!.subject).toBe("Last date 10 Mar 2027: BPCL Management Trainee");
    expect((await mailings()).map((m) => m.ref).toSorted()).toEqual([a, b, c].map(String).toSorted());
  });
});

describe(`digests and alerts sent at once on ${process.env.TEST_ENGINE}`, () => {
  it("are due once the digest time has passed in India; the weekly one on its day", () => {
    expect(dueDigests(ist("2027-03-08T06:59:00"), config)).toEqual([]);
    expect(dueDigests(ist("2027-03-08T07:00:00"), config)).toEqual([
      { kind: "daily", day: "2027-03-08", from: "2027-03-07T01:30:00.000Z", to: "2027-03-08T01:30:00.000Z" },
      { kind: "weekly", day: "2027-03-08", from: "2027-03-01T01:30:00.000Z", to: "2027-03-08T01:30:00.000Z" },
    ]);
    expect(dueDigests(ist("2027-03-09T23:59:00"), config).map((run) => run.kind)).toEqual(["daily"]);
  });

  it("give each subscriber the new alerts of their tabs, once, however many instances compose them", async () => {
    const yesterday = ist("2027-03-07T15:00:00").toISOString();
    await addAlert("IOCL Engineers", { created: yesterday, lastDate: "2027-04-01" });
    await addAlert("HPCL result", { tab: "results", created: yesterday, lastDate: null });
    await addAlert("Older", { created: ist("2027-03-06T15:00:00").toISOString(), lastDate: "2027-05-01" });
    await addAlert("Closed already", { created: yesterday, lastDate: "2027-03-07" });
    const daily = await addSubscriber("daily@example.com");
    const weekly = await addSubscriber("weekly@example.com", { frequency: "weekly" });
    const results = await addSubscriber("results@example.com", { tabs: ["results"] });
    await addSubscriber("admit@example.com", { tabs: ["admit-cards"] });
    await addSubscriber("pending@example.com", { status: "pending" });

    const now = ist("2027-03-08T07:01:00");
    // Two instances at once (and a third tick): each mail is queued once.
    const runs = await Promise.all([runAlertMail(t.db, config, now), runAlertMail(t.db, config, now)]);
    await runAlertMail(t.db, config, ist("2027-03-08T09:00:00"));
    expect(runs.reduce((sum, run) => sum + run.digests, 0)).toBe(3);

    const mails = await outbox();
    const subjects = Object.fromEntries(mails.map((m) => [m.to_address, m.subject]));
    expect(subjects).toEqual({
      "daily@example.com": "Job alerts for 8 Mar 2027: 2 new",
      "results@example.com": "Job alerts for 8 Mar 2027: 1 new",
      // The week's: the older alert too.
      "weekly@example.com": "Job alerts, week to 8 Mar 2027: 3 new",
    });
    expect(mails).toHaveLength(3);
    const dailyText = mails.find((m) => m.to_address === "daily@example.com")!.text;
    expect(dailyText).toContain("IOCL Engineers");
    expect(dailyText).toContain("HPCL result");
    expect(dailyText).not.toContain("Older");
    expect(dailyText).not.toContain("Closed already");
    expect(dailyText).toMatch(/Unsubscribe: http:\/\/localhost:\d+\/subscribe\/unsubscribe\/[0-9a-f]{64}/);
    expect(await mailings()).toEqual(
      [
        { subscriber_id: daily, kind: "digest-daily", ref: "2027-03-08" },
        { subscriber_id: weekly, kind: "digest-weekly", ref: "2027-03-08" },
        { subscriber_id: results, kind: "digest-daily", ref: "2027-03-08" },
      ].toSorted((x, y) => x.subscriber_id - y.subscriber_id),
    );
  });

  it("resumes a digest a stopped instance left half done, skipping whom it had reached", async () => {
    await addAlert("IOCL Engineers", { created: ist("2027-03-07T15:00:00").toISOString() });
    const first = await addSubscriber("first@example.com");
    await addSubscriber("second@example.com");
    await addSubscriber("third@example.com");
    // The dead instance had queued the first subscriber's digest, and its lease has ended.
    await t.db
      .insertInto("alert_mailings")
      .values({ subscriber_id: first, kind: "digest-daily", ref: "2027-03-08", created_at: "2027-03-08T01:31:00.000Z" })
      .execute();
    await t.db
      .insertInto("alert_mail_jobs")
      .values({ key: "digest-daily:2027-03-08", locked_until: "2027-03-08T01:35:00.000Z" })
      .execute();

    const [daily] = dueDigests(ist("2027-03-08T07:30:00"), config);
    expect(await composeDigest(t.db, daily!, config, ist("2027-03-08T07:30:00"))).toBe(2);
    expect((await outbox()).map((m) => m.to_address).toSorted()).toEqual(["second@example.com", "third@example.com"]);
    // Done: no later tick composes it again.
    expect(await composeDigest(t.db, daily!, config, ist("2027-03-08T08:30:00"))).toBe(0);
  });

  it("send an alert at once to the 'as it happens' subscribers of its tab, once, and leave it out of their digest", async () => {
    const created = ist("2027-03-07T15:00:00").toISOString();
    const alert = await addAlert("NTPC Engineering Executive", { created, lastDate: "2027-04-01" });
    await addAlert("Left for the digest", { created, lastDate: "2027-04-01" });
    await addSubscriber("instant@example.com", { frequency: "instant" });
    await addSubscriber("instant-results@example.com", { frequency: "instant", tabs: ["results"] });
    await addSubscriber("daily@example.com");
    const actor = { userId: "admin-id", email: "admin@example.com" };
    // What staff confirm first: the one 'as it happens' subscriber of its tab, and not sent yet.
    const today = "2027-03-07" as CalendarDate;
    expect(await broadcastPreview(t.db, alert, today)).toEqual({
      id: alert,
      title: "NTPC Engineering Executive",
      tab: "jobs",
      recipients: 1,
      sent: null,
    });
    expect(await broadcastPreview(t.db, alert, "2027-04-02" as CalendarDate)).toBeNull();

    expect(await requestBroadcast(t.db, actor, { id: alert, title: "NTPC Engineering Executive" })).toEqual({
      kind: "queued",
    });
    expect((await requestBroadcast(t.db, actor, { id: alert, title: "NTPC Engineering Executive" })).kind).toBe(
      "already",
    );
    expect((await broadcastPreview(t.db, alert, today))?.sent).toMatchObject({ requested_by: "admin@example.com" });
    expect(await sendBroadcasts(t.db, config, ist("2027-03-07T16:00:00"))).toBe(1);
    expect(await sendBroadcasts(t.db, config, ist("2027-03-07T16:01:00"))).toBe(0);
    const [sent] = await outbox();
    expect(sent).toMatchObject({
      to_address: "instant@example.com",
      subject: "New job alert: NTPC Engineering Executive",
    });
    const audit = await t.db.selectFrom("audit_log").select(["entity", "action", "entity_id"]).execute();
    expect(audit).toEqual([{ entity: "alert_broadcasts", action: "create", entity_id: String(alert) }]);

    await runAlertMail(t.db, config, ist("2027-03-08T07:05:00"));
    const digests = (await outbox()).slice(1);
    expect(digests.map((m) => [m.to_address, m.subject])).toEqual(
      expect.arrayContaining([
        ["instant@example.com", "Job alerts for 8 Mar 2027: 1 new"],
        ["daily@example.com", "Job alerts for 8 Mar 2027: 2 new"],
      ]),
    );
    expect(digests.find((m) => m.to_address === "instant@example.com")!.text).not.toContain("NTPC");
  });
});

describe(`sending subscription mail on ${process.env.TEST_ENGINE}`, () => {
  it("sends a form's e-mail first, then the digests at the bulk rate, each with its one-click headers at the sink", async () => {
    await queueDigestTo(5);
    await t.db
      .insertInto("email_outbox")
      .values({
        to_address: "bookings@example.in",
        subject: "A booking",
        html: "<p>b</p>",
        text: "b",
        status: "pending",
        attempts: 0,
        next_attempt_at: new Date().toISOString(),
        created_at: new Date().toISOString(),
      })
      .execute();
    const sender = createMailSender({ smtpUrl: smtp.url, from });
    // 120 a minute: 2 a second; the clock stands still, so one window's allowance goes.
    expect(bulkRateRule(120)).toEqual({ limit: 2, windowMs: 1000 });
    const at = new Date("2027-03-08T01:40:00.200Z");
    const first = await drainOutbox(t.db, sender, () => at, { bulkPerMinute: 120 });
    expect(first).toMatchObject({ sent: 3, failed: 0, dead: 0 });
    expect(first.throttledMs).toBe(800);
    expect(smtp.received.map((m) => m.to[0])).toEqual([
      "bookings@example.in",
      "reader0@example.com",
      "reader1@example.com",
    ]);
    const digest = smtp.received[1]!;
    expect(digest.header("List-Unsubscribe")).toMatch(
      /^<http:\/\/localhost:\d+\/subscribe\/unsubscribe\/[0-9a-f]{64}\/one-click>$/,
    );
    expect(digest.header("List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    expect(digest.body).toContain("Change what you receive: http://localhost");

    // The next second, two more; then the rest.
    expect((await drainOutbox(t.db, sender, () => new Date(at.getTime() + 1000), { bulkPerMinute: 120 })).sent).toBe(2);
    expect((await drainOutbox(t.db, sender, () => new Date(at.getTime() + 2000), { bulkPerMinute: 120 })).sent).toBe(1);
    sender.close?.();
    expect(smtp.received).toHaveLength(6);
    expect(new Set(smtp.received.map((m) => m.to[0])).size).toBe(6);
    const rows = await outbox();
    expect(rows.every((row) => row.status === "sent")).toBe(true);
    expect(rows.filter((row) => row.stream === "alerts").every((row) => row.handed_over_at !== null)).toBe(true);
    expect(await countAlertMail(t.db)).toEqual({ sent: 5, pending: 0, failed: 0 });
  });

  it("never sends again a digest its dead worker had handed over, and sends the one it had not", async () => {
    await queueDigestTo(2);
    const [handed, untouched] = await outbox();
    const past = ist("2027-03-08T07:30:00").toISOString();
    // Killed mid-send: one row handed over (its final dot was next), the other only claimed.
    await t.db
      .updateTable("email_outbox")
      .set({ locked_until: past, handed_over_at: past })
      .where("id", "=", handed!.id)
      .execute();
    await t.db.updateTable("email_outbox").set({ locked_until: past }).where("id", "=", untouched!.id).execute();
    const sender = createMailSender({ smtpUrl: smtp.url, from });
    expect(await drainOutbox(t.db, sender, later)).toMatchObject({ sent: 1 });
    sender.close?.();
    expect(smtp.received.map((m) => m.to[0])).toEqual([untouched!.to_address]);
    const settled = await t.db
      .selectFrom("email_outbox")
      .selectAll()
      .where("id", "=", handed!.id)
      .executeTakeFirstOrThrow();
    expect(settled).toMatchObject({ status: "sent", sent_at: expect.any(String), attempts: 1 });
  });

  it("stopping mid-batch marks what went as sent and frees the rest of the batch at once", async () => {
    await queueDigestTo(4);
    const sender = createMailSender({ smtpUrl: smtp.url, from });
    let sends = 0;
    const counting = { ...sender, send: (...args: Parameters<typeof sender.send>) => (sends++, sender.send(...args)) };
    const result = await drainOutbox(t.db, counting, later, { bulkPerMinute: 6000, shouldStop: () => sends >= 2 });
    sender.close?.();
    expect(result).toMatchObject({ sent: 2, failed: 0, dead: 0 });
    const rows = await outbox();
    expect(rows.map((row) => [row.status, row.locked_until === null])).toEqual([
      ["sent", true],
      ["sent", true],
      ["pending", true],
      ["pending", true],
    ]);
    expect(smtp.received).toHaveLength(2);
  });

  it("retries an address that fails, then marks it and composes nothing more for it", async () => {
    await queueDigestTo(1);
    smtp.refuse(1);
    const sender = createMailSender({ smtpUrl: smtp.url, from });
    expect(await drainOutbox(t.db, sender, later, { maxAttempts: 1 })).toMatchObject({ sent: 0, dead: 1 });
    sender.close?.();
    expect(await countAlertMail(t.db)).toEqual({ sent: 0, pending: 0, failed: 1 });
    expect(await markFailedSubscribers(t.db, later())).toBe(1);
    const row = await t.db.selectFrom("alert_subscribers").select("delivery_failed_at").executeTakeFirstOrThrow();
    expect(row.delivery_failed_at).toBeTruthy();
    // Its reminders are not composed any more.
    await addAlert("Closing soon", { lastDate: "2027-03-09" });
    expect(await queueReminders(t.db, config, ist("2027-03-07T10:00:00"))).toBe(0);
  });
});
