import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { enqueueEmail } from "~/db/queries/outbox.server";
import { adminMessages } from "~/lib/admin/messages";
import { drainOutbox } from "~/lib/mail/outbox.server";
import { purgeExpiredData } from "~/lib/retention.server";
import MailDelivery, { action, loader } from "~/routes/admin/manage/outbox";
import { adminAndStudent, call, flash, getRequest, postRequest, snapshot } from "./auth-support";

// Mail Delivery (issue 7 "Mail outage"), called as the router calls it: the admin sees the
// e-mails that are not getting through (dead, or pending after a failure) with their last error,
// and Retry queues a dead one again, audited. Refusals change nothing; no row is ever deleted.

const ADMIN = "mail-admin@example.com";
const STUDENT = "student@example.com";
const PATH = "/admin/outbox";

const sessions = adminAndStudent(ADMIN, STUDENT);
const t = adminMessages.outbox;

const db = () => getDb();
const get = (cookie = sessions.adminCookie) => call(loader as never, getRequest(PATH, cookie));
const post = (fields: Record<string, string>, cookie = sessions.adminCookie) =>
  call(action as never, postRequest(PATH, fields, cookie));

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();

/** The page as the server renders it for a browser (without JavaScript) from the loader's data. */
function render(loaderData: unknown) {
  const Stub = createRoutesStub([{ id: "outbox", path: PATH, Component: MailDelivery }]);
  return renderToStaticMarkup(
    createElement(Stub, { initialEntries: [PATH], hydrationData: { loaderData: { outbox: loaderData } } }),
  );
}

const CREATED = "2026-11-12T08:35:00.000Z";
const ids = { sent: 0, queued: 0, retrying: 0, dead: 0 };

/** One e-mail in each state: delivered, waiting for its first try, retrying after errors, dead. */
async function seedOutbox() {
  await db().deleteFrom("email_outbox").execute();
  await db().deleteFrom("audit_log").execute();
  const make = (subject: string, to = "bookings@example.in") =>
    enqueueEmail(db(), { to, subject, html: `<p>${subject}</p>`, text: subject }, new Date(CREATED));
  ids.sent = await make("Delivered booking");
  ids.queued = await make("Fresh contact message");
  ids.retrying = await make("Booking while SMTP is down");
  ids.dead = await make("Contact message to a refused mailbox", "refused@example.in");
  await db()
    .updateTable("email_outbox")
    .set({ status: "sent", attempts: 1, sent_at: CREATED })
    .where("id", "=", ids.sent)
    .execute();
  await db()
    .updateTable("email_outbox")
    .set({
      attempts: 2,
      last_error: "connect ECONNREFUSED 127.0.0.1:2525",
      next_attempt_at: "2026-11-12T08:37:30.000Z",
    })
    .where("id", "=", ids.retrying)
    .execute();
  await db()
    .updateTable("email_outbox")
    .set({ status: "dead", attempts: 6, last_error: "554 5.7.1 Message rejected as spam" })
    .where("id", "=", ids.dead)
    .execute();
}

const tomorrow = () => new Date(Date.now() + 24 * 3600_000);
const row = (id: number) => db().selectFrom("email_outbox").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

describe(`Mail Delivery on ${process.env.TEST_ENGINE}`, () => {
  beforeEach(seedOutbox);

  it("lists the dead e-mail first, then the one being retried, each with its last error; not the others", async () => {
    const answer = await get();
    expect(answer).toMatchObject({ kind: "data", status: 200 });
    if (answer.kind !== "data") return;
    expect(answer.data.loadError).toBeNull();
    expect(answer.data.counts).toEqual({ pending: 2, sent: 1, dead: 1 });
    expect(answer.data.emails.rows).toEqual([
      {
        id: ids.dead,
        to: "refused@example.in",
        subject: "Contact message to a refused mailbox",
        status: "dead",
        attempts: 6,
        lastError: "554 5.7.1 Message rejected as spam",
        createdAt: CREATED,
        nextAttemptAt: null,
      },
      {
        id: ids.retrying,
        to: "bookings@example.in",
        subject: "Booking while SMTP is down",
        status: "pending",
        attempts: 2,
        lastError: "connect ECONNREFUSED 127.0.0.1:2525",
        createdAt: CREATED,
        nextAttemptAt: "2026-11-12T08:37:30.000Z",
      },
    ]);
  });

  it("shows the admin each e-mail's recipient, subject, status, attempts, error and times, and Retry for the dead one", async () => {
    const answer = await get();
    if (answer.kind !== "data") throw new Error("no data");
    const html = render(answer.data);
    const shown = text(html);
    expect(shown).toContain("Mail Delivery");
    expect(shown).toContain(t.summary({ pending: 2, sent: 1, dead: 1 }));
    for (const column of Object.values(t.columns)) expect(shown).toContain(column);
    expect(shown).toContain(
      "refused@example.in Contact message to a refused mailbox Dead 6 554 5.7.1 Message rejected as spam 12 Nov 2026, 14:05 IST Not scheduled Retry",
    );
    expect(shown).toContain(
      "bookings@example.in Booking while SMTP is down Retrying 2 connect ECONNREFUSED 127.0.0.1:2525 12 Nov 2026, 14:05 IST 12 Nov 2026, 14:07 IST",
    );
    expect(shown).not.toContain("Delivered booking");
    expect(shown).not.toContain("Fresh contact message");
    // One Retry form, a plain POST of the dead e-mail's id: it works without JavaScript.
    const forms = html.match(/<form[^>]*method="post"[^>]*>.*?<\/form>/g) ?? [];
    expect(forms).toHaveLength(1);
    expect(forms[0]).toContain('name="intent" value="retry"');
    expect(forms[0]).toContain(`name="id" value="${ids.dead}"`);
  });

  it("says so when nothing is stuck", async () => {
    await db().deleteFrom("email_outbox").where("status", "!=", "sent").execute();
    const answer = await get();
    if (answer.kind !== "data") throw new Error("no data");
    expect(answer.data.emails.rows).toEqual([]);
    expect(text(render(answer.data))).toContain(t.empty);
  });

  it("Retry queues the dead e-mail again, due now, with a fresh round of attempts, and audits it", async () => {
    const before = Date.now();
    const answer = await post({ intent: "retry", id: String(ids.dead) });
    // Back to the list, the e-mail retried in view (issue 48).
    expect(answer).toMatchObject({ kind: "redirect", status: 302, location: `${PATH}#row-${ids.dead}` });
    expect(flash(answer)).toBe(t.retried);
    const retried = await row(ids.dead);
    expect(retried).toMatchObject({ status: "pending", attempts: 0, locked_until: null });
    expect(retried.last_error).toBe("554 5.7.1 Message rejected as spam");
    expect(Date.parse(retried.next_attempt_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(retried.next_attempt_at)).toBeLessThanOrEqual(Date.now());

    const audit = await db().selectFrom("audit_log").selectAll().execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor_email: ADMIN,
      action: "update",
      entity: "email_outbox",
      entity_id: String(ids.dead),
    });
    expect(JSON.parse(audit[0]!.details!)).toMatchObject({
      title: "Contact message to a refused mailbox",
      to: "refused@example.in",
      retried: true,
    });

    // The worker sends it at its next drain.
    const sent: string[] = [];
    const result = await drainOutbox(db(), { send: async (m) => void sent.push(m.subject) }, tomorrow);
    expect(result.sent).toBe(3);
    expect(sent).toContain("Contact message to a refused mailbox");
    expect(await row(ids.dead)).toMatchObject({ status: "sent", attempts: 1, last_error: null });
  });

  it("refuses to retry an e-mail that is not dead, does not exist, or is not named, changing nothing", async () => {
    const before = await snapshot();
    const cases: [Record<string, string>, number, string][] = [
      [{ intent: "retry", id: String(ids.retrying) }, 409, t.notDead],
      [{ intent: "retry", id: String(ids.sent) }, 409, t.notDead],
      [{ intent: "retry", id: "999999" }, 404, t.notFound],
      [{ intent: "retry", id: "abc" }, 400, t.invalid],
      [{ intent: "retry" }, 400, t.invalid],
      [{ intent: "delete", id: String(ids.dead) }, 400, t.invalid],
    ];
    for (const [fields, status, formError] of cases) {
      const answer = await post(fields);
      expect(answer, JSON.stringify(fields)).toMatchObject({ kind: "data", status, data: { ok: false, formError } });
    }
    expect(await snapshot()).toEqual(before);
  });

  it("refuses a signed-in non-admin and an anonymous visitor, changing nothing", async () => {
    const before = await snapshot();
    expect(await post({ intent: "retry", id: String(ids.dead) }, sessions.studentCookie)).toMatchObject({
      kind: "data",
      status: 403,
    });
    expect(await post({ intent: "retry", id: String(ids.dead) }, "")).toMatchObject({
      kind: "redirect",
      location: "/admin/login",
    });
    expect(await get(sessions.studentCookie)).toMatchObject({ kind: "data", status: 403 });
    expect(await snapshot()).toEqual(before);
  });

  it("never purges a dead or pending e-mail, however old; delivered ones go after 30 days", async () => {
    const tenYears = Date.parse(CREATED) + 10 * 365 * 24 * 3600_000;
    const deleted = await purgeExpiredData(db(), tenYears);
    expect(deleted.sentEmails).toBe(1);
    const left = await db().selectFrom("email_outbox").select(["id", "status"]).orderBy("id").execute();
    expect(left).toEqual([
      { id: ids.queued, status: "pending" },
      { id: ids.retrying, status: "pending" },
      { id: ids.dead, status: "dead" },
    ]);
  });
});
