import { randomBytes } from "node:crypto";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { addDays, istDate } from "~/core/ist";
import { getDb } from "~/db/client.server";
import { countSubscribers } from "~/db/queries/alert-subscribers.server";
import { subscriberMessages as t } from "~/lib/admin/messages/subscribers";
import { loader as exportLoader } from "~/routes/admin/subscribers-export";
import Subscribers, { action, loader } from "~/routes/admin/manage/subscribers";
import { withoutDeadline } from "../support/job-alert-fields";
import { adminAndStudent, call, context, flash, getRequest, postRequest } from "./auth-support";

// The Subscribers section (issue 49), called as the router calls it: only an admin reads it,
// exports it, removes a subscriber (audited, the address masked in the log) or sends an alert at
// once; the counts per choice and of the e-mails; the CSV with each subscriber's consent.

const ADMIN = "subscribers-admin@example.com";
const PATH = "/admin/subscribers";
const sessions = adminAndStudent(ADMIN);
const db = () => getDb();

async function addSubscriber(
  email: string,
  o: {
    tabs?: string[];
    frequency?: "instant" | "daily" | "weekly";
    status?: "pending" | "confirmed";
    failed?: boolean;
  } = {},
) {
  const tabs = o.tabs ?? ["jobs"];
  const stamp = "2026-11-20T05:00:00.000Z";
  const { id } = await db()
    .insertInto("alert_subscribers")
    .values({
      email,
      status: o.status ?? "confirmed",
      is_tab_jobs: tabs.includes("jobs"),
      is_tab_vacancy: tabs.includes("vacancy"),
      is_tab_results: tabs.includes("results"),
      is_tab_admit_cards: tabs.includes("admit-cards"),
      is_reminders_on: true,
      is_tests_on: false,
      frequency: o.frequency ?? "daily",
      manage_key: randomBytes(16).toString("hex"),
      consent_text: "We e-mail you only what you chose",
      consent_source: "/job-alerts",
      consent_ip_hash: "a".repeat(32),
      consent_at: stamp,
      confirmed_at: o.status === "pending" ? null : stamp,
      delivery_failed_at: o.failed ? stamp : null,
      created_at: stamp,
      updated_at: stamp,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();

function render(loaderData: unknown, path = PATH) {
  const Stub = createRoutesStub([{ id: "subscribers", path: PATH, Component: Subscribers as never }]);
  return renderToStaticMarkup(
    createElement(Stub, { initialEntries: [path], hydrationData: { loaderData: { subscribers: loaderData } } }),
  );
}

beforeEach(async () => {
  await db().deleteFrom("alert_subscribers").execute();
  await db().deleteFrom("alert_broadcasts").execute();
  await db().deleteFrom("audit_log").execute();
  await db().deleteFrom("job_alerts").execute();
});

describe(`Subscribers (admin) on ${process.env.TEST_ENGINE}`, () => {
  it("is for admins only: the page, its actions and the export", async () => {
    await addSubscriber("private@example.com");
    for (const cookie of [undefined, sessions.studentCookie]) {
      for (const answer of [
        await call(loader as never, getRequest(PATH, cookie)),
        await call(exportLoader as never, getRequest("/admin/subscribers.csv", cookie)),
        await call(action as never, postRequest(PATH, { intent: "remove", id: "1" }, cookie)),
      ]) {
        if (cookie === undefined) expect(answer).toMatchObject({ kind: "redirect", location: "/admin/login" });
        else expect(answer).toMatchObject({ kind: "data", status: 403 });
        expect(JSON.stringify(answer)).not.toContain("private@example.com");
      }
    }
    expect(await countSubscribers(db())).toMatchObject({ confirmed: 1 });
  });

  it("counts each choice of the confirmed, lists and searches the subscribers, and shows them", async () => {
    await addSubscriber("jobs@example.com");
    await addSubscriber("all@example.com", {
      tabs: ["jobs", "vacancy", "results", "admit-cards"],
      frequency: "weekly",
    });
    await addSubscriber("waiting@example.com", { status: "pending", tabs: ["results"] });
    await addSubscriber("bounced@example.com", { failed: true, frequency: "instant" });
    const answer = await call(loader as never, getRequest(PATH, sessions.adminCookie));
    if (answer.kind !== "data") throw new Error("no data");
    expect(answer.data.counts).toEqual({
      confirmed: 3,
      pending: 1,
      failed: 1,
      tabs: { jobs: 3, vacancy: 1, results: 1, "admit-cards": 1 },
      reminders: 3,
      tests: 0,
      frequency: { instant: 1, daily: 1, weekly: 1 },
    });
    expect(answer.data.mail).toEqual({ sent: 0, pending: 0, failed: 0 });
    const shown = text(render(answer.data));
    expect(shown).toContain("Confirmed 3 Waiting for confirmation 1 Delivery failed 1");
    expect(shown).toContain(
      "all@example.com Confirmed Jobs, Vacancy, Results, Admit Cards · Deadline reminders · Weekly digest",
    );
    expect(shown).toContain("bounced@example.com Delivery failed");

    const search = await call(loader as never, getRequest(`${PATH}?q=BOUNCED&status=failed`, sessions.adminCookie));
    if (search.kind !== "data") throw new Error("no data");
    expect(search.data.list.rows.map((row: { email: string }) => row.email)).toEqual(["bounced@example.com"]);
  });

  it("removes a subscriber after a confirmation step, audited with the address masked", async () => {
    const id = await addSubscriber("leaving@example.com");
    const confirm = await call(loader as never, getRequest(`${PATH}?remove=${id}`, sessions.adminCookie));
    if (confirm.kind !== "data") throw new Error("no data");
    const html = render(confirm.data, `${PATH}?remove=${id}`);
    expect(text(html)).toContain(t.removePrompt("leaving@example.com"));
    // A plain POST form: it works without JavaScript.
    expect(html).toMatch(/<form[^>]*method="post"[^>]*>(?:(?!<\/form>).)*name="intent" value="remove"/);

    const removed = await call(
      action as never,
      postRequest(PATH, { intent: "remove", id: String(id) }, sessions.adminCookie),
    );
    expect(removed).toMatchObject({ kind: "redirect", location: PATH });
    expect(flash(removed)).toBe(t.removed);
    expect(await db().selectFrom("alert_subscribers").select("id").execute()).toEqual([]);
    const audit = await db()
      .selectFrom("audit_log")
      .select(["entity", "action", "entity_id", "details", "actor_email"])
      .execute();
    expect(audit).toEqual([
      {
        entity: "alert_subscribers",
        action: "delete",
        entity_id: String(id),
        details: '{"email":"l***@example.com"}',
        actor_email: ADMIN,
      },
    ]);
    const again = await call(
      action as never,
      postRequest(PATH, { intent: "remove", id: String(id) }, sessions.adminCookie),
    );
    expect(again).toMatchObject({ kind: "data", status: 404 });
  });

  it("exports the list as CSV with each subscriber's choices and consent", async () => {
    await addSubscriber("csv@example.com", { tabs: ["vacancy"] });
    const response = (await exportLoader({
      request: getRequest("/admin/subscribers.csv?status=confirmed", sessions.adminCookie),
      params: {},
      context: context(),
    } as never)) as Response;
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const csv = await response.text();
    const [header, row] = csv.replace(/^\uFEFF/, "").split("\r\n");
    expect(header).toBe(t.csvHeader.join(","));
    expect(row).toBe(
      'csv@example.com,Confirmed,No,Yes,No,No,Yes,No,Daily digest,"20 Nov 2026, 10:30 IST","20 Nov 2026, 10:30 IST","20 Nov 2026, 10:30 IST, /job-alerts",We e-mail you only what you chose,',
    );
  });

  it("sends an open alert to its subscribers at once, once; not a closed one", async () => {
    const category = await db()
      .selectFrom("job_categories")
      .select("id")
      .where("slug", "=", "jobs")
      .executeTakeFirstOrThrow();
    const alert = async (title: string, lastDate: string) =>
      (
        await db()
          .insertInto("job_alerts")
          .values({
            ...withoutDeadline,
            title,
            view_link: "https://example.in/job",
            category_id: category.id,
            is_active: true,
            posted_date: new Date().toISOString(),
            last_date: lastDate,
            created_at: new Date().toISOString(),
            updated_at: new Date().toISOString(),
          })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    const open = await alert("IOCL Engineers", addDays(istDate(), 10));
    const closed = await alert("Closed one", addDays(istDate(), -1));
    const send = (id: number) =>
      call(
        action as never,
        postRequest(PATH, { intent: "send-alert", alert_id: String(id), back: "/admin?q=iocl" }, sessions.adminCookie),
      );

    const sent = await send(open);
    expect(sent).toMatchObject({ kind: "redirect", location: "/admin?q=iocl" });
    expect(flash(sent)).toBe(t.sent("IOCL Engineers"));
    expect(await db().selectFrom("alert_broadcasts").select(["alert_id", "requested_by"]).execute()).toEqual([
      { alert_id: open, requested_by: ADMIN },
    ]);
    expect(flash(await send(open))).toBe(t.alreadySent("IOCL Engineers"));
    expect(flash(await send(closed))).toBe(t.notOpen);
    // Only its own pages: an address elsewhere falls back to the manager.
    const elsewhere = await call(
      action as never,
      postRequest(
        PATH,
        { intent: "send-alert", alert_id: String(closed), back: "//evil.example/" },
        sessions.adminCookie,
      ),
    );
    expect(elsewhere).toMatchObject({ kind: "redirect", location: "/admin" });
    expect(await db().selectFrom("alert_broadcasts").select("alert_id").execute()).toHaveLength(1);
  });
});
