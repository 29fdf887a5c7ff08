import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { bookingMessages, contactMessages } from "~/lib/forms/messages";
import { createDb } from "~/db/client.server";
import { adminMessages } from "~/lib/admin/messages";
import { startMailSink, type MailSink } from "./support/mail-sink";
import {
  freePort,
  isBookingMarker,
  postForm,
  ROOT,
  scratchSqlite,
  startApp,
  type AppProcess,
} from "../../support/app-process";

// Issue 7 "Mail outage", with the production server and a real SMTP server: while nothing listens
// on SMTP_URL's port, submissions still succeed and are stored, their e-mails wait with their
// attempts and the error; once the SMTP server is up, every e-mail is delivered exactly once. An
// e-mail the server keeps refusing (554) ends dead after OUTBOX_MAX_ATTEMPTS, stays in the table,
// is shown to admins under Mail Delivery, and their Retry (a plain form post) sends it once the
// cause is gone. Retries are fast here: OUTBOX_RETRY_BASE_MS=400 (0.4 s, 1.6 s, 6.4 s).

const MAX_ATTEMPTS = 4;
const PASSWORD = "mail outage admin password 2030";
const run = `outage-${randomBytes(3).toString("hex")}`;
const poison = `${run}-poison`;

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.toReversed()) await cleanup().catch(() => undefined);
});

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** An admin made by the real `admin:create` script, signed in through the login form. */
async function signInAdmin(app: AppProcess, databaseUrl: string) {
  const email = `${run}@example.com`;
  execFileSync(process.execPath, ["--import", "tsx", "scripts/admin-create.ts", "--email", email], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      ADMIN_PASSWORD: PASSWORD,
      NODE_ENV: "production",
      LOG_LEVEL: "silent",
    },
    stdio: "pipe",
  });
  const response = await postForm(app, "/admin/login", { email, password: PASSWORD });
  await response.arrayBuffer();
  expect(response.status).toBe(302);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();

describe("SMTP server down, then back", () => {
  it("keeps taking submissions, delivers each e-mail exactly once, and keeps a refused one dead for admins", async () => {
    const database = scratchSqlite("outage");
    cleanups.push(() => database.drop());
    const smtpPort = await freePort();
    const app = await startApp({
      databaseUrl: database.url,
      env: {
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        OUTBOX_MAX_ATTEMPTS: String(MAX_ATTEMPTS),
        OUTBOX_RETRY_BASE_MS: "400",
        OUTBOX_POLL_MS: "100",
        PUBLIC_FORM_RATE_LIMIT: "1000",
      },
    });
    cleanups.push(() => app.kill());
    const { db } = createDb(database.url);
    cleanups.push(() => db.destroy());
    const cookie = await signInAdmin(app, database.url);
    const adminPage = async () => {
      const response = await fetch(`${app.url}/admin/outbox`, { headers: { Cookie: cookie }, redirect: "manual" });
      expect(response.status).toBe(200);
      return text(await response.text());
    };

    // --- The outage: nothing listens on the SMTP port. ---
    const markers = [0, 1, 2].flatMap((i) => [`${run}-c${i}`, `${run}-b${i}`]);
    // All at once, so that every e-mail's first attempt falls within a moment of the others'.
    await Promise.all(
      [...markers, poison].map(async (marker) => {
        const booking = isBookingMarker(marker);
        const response = booking
          ? await postForm(app, "/book-session", {
              sessionType: "higher-studies",
              name: `Visitor ${marker}`,
              phone: "9876543210",
              gateScore: "",
              collegeName: "NIT Trichy",
              query: `Which IITs take GATE CH for M.Tech? ${marker}`,
              website: "",
            })
          : await postForm(app, "/contact", {
              name: `Visitor ${marker}`,
              email: "visitor@example.com",
              phone: "+91 98765 43210",
              message: `Please call me back. ${marker}`,
              website: "",
            });
        expect(response.status, marker).toBe(200);
        expect(await response.text()).toContain(booking ? bookingMessages.success : contactMessages.success);
      }),
    );
    const emails = () =>
      db
        .selectFrom("email_outbox")
        .select(["id", "subject", "text", "status", "attempts", "last_error"])
        .where("text", "like", `%${run}-%`)
        .orderBy("id")
        .execute();
    // Stored, each with its e-mail waiting: tried, failed, the error kept.
    expect(
      await db.selectFrom("contact_messages").select("id").where("message", "like", `%${run}-%`).execute(),
    ).toHaveLength(4);
    expect(
      await db.selectFrom("session_bookings").select("id").where("query", "like", `%${run}-%`).execute(),
    ).toHaveLength(3);
    await until("every e-mail tried", async () => (await emails()).every((row) => row.attempts >= 1));
    const waiting = await emails();
    expect(waiting).toHaveLength(7);
    for (const row of waiting) {
      expect(row.status).toBe("pending");
      expect(row.last_error).toMatch(/ECONNREFUSED/);
    }
    // The admin sees them waiting, with the reason.
    const duringOutage = await adminPage();
    expect(duringOutage).toContain(`Retrying`);
    expect(duringOutage).toContain("ECONNREFUSED");
    for (const row of waiting) expect(duringOutage).toContain(row.subject);

    // --- The SMTP server is back, but refuses one e-mail every time. ---
    const sink: MailSink = await startMailSink(smtpPort);
    cleanups.push(() => sink.close());
    sink.refuseContaining(poison);
    const deliveries = (marker: string) => sink.received.filter((m) => m.body.includes(marker)).length;
    await until("the other e-mails delivered", () => markers.every((m) => deliveries(m) >= 1));
    await until("the refused e-mail dead", async () => (await emails()).some((row) => row.status === "dead"));
    // One more round of polls: a second copy of anything would arrive by now.
    await new Promise((r) => setTimeout(r, 1000));
    expect(markers.map(deliveries)).toEqual(markers.map(() => 1));
    expect(sink.received).toHaveLength(markers.length);

    const afterRecovery = await emails();
    const dead = afterRecovery.find((row) => row.text.includes(poison))!;
    expect(afterRecovery.filter((row) => row !== dead).map((row) => row.status)).toEqual(markers.map(() => "sent"));
    expect(dead).toMatchObject({ status: "dead", attempts: MAX_ATTEMPTS });
    expect(dead.last_error).toMatch(/554/);
    expect(sink.refusals()).toBeGreaterThanOrEqual(1);
    // Dead is final for the worker: no more attempts.
    const refusals = sink.refusals();
    await new Promise((r) => setTimeout(r, 1000));
    expect(sink.refusals()).toBe(refusals);
    expect((await emails()).find((row) => row.id === dead.id)).toMatchObject({
      status: "dead",
      attempts: MAX_ATTEMPTS,
    });

    // The admin sees the dead e-mail, and only it: its recipient, subject, attempts, the error.
    const deadShown = await adminPage();
    expect(deadShown).toContain(adminMessages.outbox.summary({ pending: 0, sent: markers.length, dead: 1 }));
    expect(deadShown).toMatch(new RegExp(`${dead.subject} Dead ${MAX_ATTEMPTS} [^]*554`));
    for (const row of afterRecovery.filter((r) => r !== dead)) expect(deadShown).not.toContain(row.subject);

    // --- The cause is fixed; the admin presses Retry (a form post, no JavaScript). ---
    sink.refuseContaining(null);
    const retried = await postForm(app, "/admin/outbox", { intent: "retry", id: String(dead.id) }, { Cookie: cookie });
    await retried.arrayBuffer();
    expect(retried.status).toBe(302);
    // Back to the list where it was, at the retried e-mail's row (issue 48).
    expect(retried.headers.get("Location")).toBe(`/admin/outbox#row-${dead.id}`);
    await until("the retried e-mail delivered", () => deliveries(poison) === 1);
    await new Promise((r) => setTimeout(r, 500));
    expect(deliveries(poison)).toBe(1);
    expect((await emails()).find((row) => row.id === dead.id)).toMatchObject({
      status: "sent",
      attempts: 1,
      last_error: null,
    });
    const audit = await db
      .selectFrom("audit_log")
      .select(["actor_email", "entity", "entity_id"])
      .where("entity", "=", "email_outbox")
      .execute();
    expect(audit).toEqual([{ actor_email: `${run}@example.com`, entity: "email_outbox", entity_id: String(dead.id) }]);
    expect(await adminPage()).toContain(adminMessages.outbox.empty);

    expect(await app.stop()).toBe(0);
    console.log(
      `mail outage: ${markers.length + 1} submissions during the outage, all acknowledged and stored; ` +
        `${markers.length} e-mails delivered once after it; the refused one dead after ${MAX_ATTEMPTS} attempts ` +
        `(${sink.refusals()} refusals by the SMTP server), delivered once after the admin's Retry`,
    );
  });
});
