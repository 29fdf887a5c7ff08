import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { claimDueEmails } from "~/db/queries/outbox.server";
import { createMailSender, drainOutbox, MAX_ATTEMPTS, retryDelayMs } from "~/lib/mail/outbox.server";
import { parseSettings } from "~/lib/site/settings";
import { saveBooking, saveContactMessage } from "~/lib/forms/submissions.server";
import { startSmtpServer } from "../../support/smtp";
import { openTestDb, type TestDb } from "../support/test-db";

const settings = parseSettings({ brand_name: "GATE CH Academy", booking_recipient_email: "bookings@example.in" });
const from = "GATE CH Academy <no-reply@example.in>";

let t: TestDb;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(() => t.cleanup());
beforeEach(async () => {
  smtp = await startSmtpServer();
  await t.db.deleteFrom("email_outbox").execute();
});
afterEach(() => smtp.close());

const booking = {
  sessionType: "career-guidance" as const,
  name: "Ravi <b>Kumar</b>",
  phone: "+91 98765 43210",
  gateScore: "712",
  collegeName: "IIT Roorkee & NIT",
  query: '<script>alert("x")</script> Which PSUs recruit through GATE CH?',
};

describe(`e-mail outbox on ${process.env.TEST_ENGINE}`, () => {
  it("delivers a booking with the spec's subject and an escaped HTML body, then marks it sent", async () => {
    await saveBooking(t.db, settings, booking);
    const result = await drainOutbox(t.db, createMailSender({ smtpUrl: smtp.url, from }));
    expect(result).toEqual({ sent: 1, failed: 0, dead: 0 });
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.to).toEqual(["bookings@example.in"]);
    expect(mail.header("Subject")).toBe("GATE CH Academy New Career Guidance Session Booking - Ravi <b>Kumar</b>");
    // The HTML body lists every field, each value escaped.
    expect(mail.html).toContain(
      "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Which PSUs recruit through GATE CH?",
    );
    expect(mail.html).toContain("Ravi &lt;b&gt;Kumar&lt;/b&gt;");
    expect(mail.html).toContain("IIT Roorkee &amp; NIT");
    expect(mail.html).toContain("+91 98765 43210");
    expect(mail.html).toContain("712");
    expect(mail.html).toContain("Career Guidance");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain("<b>");
    const [row] = await t.db.selectFrom("email_outbox").select(["status", "sent_at", "attempts"]).execute();
    expect(row).toMatchObject({ status: "sent", attempts: 1 });
    expect(row!.sent_at).toBeTruthy();
  });

  it("sends a contact message with Reply-To set to the visitor", async () => {
    await saveContactMessage(t.db, settings, {
      name: "Anjali",
      email: "anjali@example.com",
      phone: "9876543210",
      message: "Is the IOCL series updated for 2025?",
    });
    await drainOutbox(t.db, createMailSender({ smtpUrl: smtp.url, from }));
    const mail = smtp.received[0]!;
    expect(mail.header("Reply-To")).toBe("anjali@example.com");
    expect(mail.body).toContain("Is the IOCL series updated for 2025?");
    expect(mail.body).toContain("anjali@example.com");
    expect(mail.body).toContain("9876543210");
  });

  it("retries after the server refuses, with a growing delay, and delivers once", async () => {
    await saveBooking(t.db, settings, booking);
    smtp.refuse(1);
    const sender = createMailSender({ smtpUrl: smtp.url, from });
    const start = new Date();
    expect(await drainOutbox(t.db, sender, () => start)).toEqual({ sent: 0, failed: 1, dead: 0 });
    const [pending] = await t.db.selectFrom("email_outbox").selectAll().execute();
    expect(pending).toMatchObject({ status: "pending", attempts: 1 });
    expect(pending!.last_error).toMatch(/451|temporarily/i);
    expect(new Date(pending!.next_attempt_at).getTime()).toBe(start.getTime() + retryDelayMs(1));

    // Not due yet: nothing is sent.
    expect(await drainOutbox(t.db, sender, () => new Date(start.getTime() + 1000))).toEqual({
      sent: 0,
      failed: 0,
      dead: 0,
    });
    const later = new Date(start.getTime() + retryDelayMs(1) + 1);
    expect(await drainOutbox(t.db, sender, () => later)).toEqual({ sent: 1, failed: 0, dead: 0 });
    expect(smtp.received).toHaveLength(1);
    expect(retryDelayMs(2)).toBeGreaterThan(retryDelayMs(1));
  });

  it("keeps messages while the server is down and delivers each exactly once when it is back", async () => {
    const port = smtp.port;
    await smtp.close();
    const down = createMailSender({ smtpUrl: `smtp://127.0.0.1:${port}`, from });
    const ids = [
      await saveBooking(t.db, settings, { ...booking, name: "A" }),
      await saveBooking(t.db, settings, { ...booking, name: "B" }),
    ];
    const start = new Date();
    expect((await drainOutbox(t.db, down, () => start)).failed).toBe(2);
    expect(
      await t.db.selectFrom("email_outbox").select("status").where("status", "=", "pending").execute(),
    ).toHaveLength(2);

    smtp = await startSmtpServer();
    const up = createMailSender({ smtpUrl: smtp.url, from });
    const later = () => new Date(start.getTime() + retryDelayMs(1) + 1);
    expect(await drainOutbox(t.db, up, later)).toEqual({ sent: 2, failed: 0, dead: 0 });
    expect(await drainOutbox(t.db, up, later)).toEqual({ sent: 0, failed: 0, dead: 0 });
    expect(smtp.received.map((m) => m.header("Subject")).sort()).toEqual([
      "GATE CH Academy New Career Guidance Session Booking - A",
      "GATE CH Academy New Career Guidance Session Booking - B",
    ]);
    expect(ids).toHaveLength(2);
  });

  it("marks a message dead after the attempt limit and keeps it", async () => {
    const id = await saveContactMessage(t.db, settings, {
      name: "X",
      email: "x@example.com",
      phone: "9876543210",
      message: "hi",
    });
    const failing = { send: async () => Promise.reject(new Error("550 relay denied")) };
    let clock = Date.now();
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await drainOutbox(t.db, failing, () => new Date(clock));
      clock += retryDelayMs(attempt) + 1;
    }
    const row = await t.db.selectFrom("email_outbox").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "dead", attempts: MAX_ATTEMPTS, last_error: "550 relay denied" });
    expect(await drainOutbox(t.db, failing, () => new Date(clock + 10 * 3600_000))).toEqual({
      sent: 0,
      failed: 0,
      dead: 0,
    });
    expect(await t.db.selectFrom("contact_messages").select("id").where("id", "=", id).execute()).toHaveLength(1);
  });

  it("does not let a refused message hold back the others in its batch", async () => {
    await saveBooking(t.db, settings, { ...booking, name: "First" });
    await saveContactMessage(t.db, settings, {
      name: "Second",
      email: "second@example.com",
      phone: "9876543210",
      message: "hello",
    });
    // Whichever of the two is tried first is refused; the other still goes out in the same drain.
    smtp.refuse(1);
    expect(await drainOutbox(t.db, createMailSender({ smtpUrl: smtp.url, from }))).toEqual({
      sent: 1,
      failed: 1,
      dead: 0,
    });
    const rows = await t.db.selectFrom("email_outbox").select(["subject", "status", "attempts"]).execute();
    const sent = rows.filter((r) => r.status === "sent");
    const pending = rows.filter((r) => r.status === "pending");
    expect(sent).toHaveLength(1);
    expect(pending).toMatchObject([{ attempts: 1 }]);
    expect(smtp.received.map((m) => m.header("Subject"))).toEqual([sent[0]!.subject]);
  });

  it("never hands one message to two workers at once", async () => {
    await saveBooking(t.db, settings, booking);
    const [first, second] = await Promise.all([claimDueEmails(t.db), claimDueEmails(t.db)]);
    expect(first!.length + second!.length).toBe(1);
  });
});
