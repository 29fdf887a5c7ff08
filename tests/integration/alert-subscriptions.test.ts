import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { subscribeMessages } from "~/lib/alert-mail/messages";
import { formMessages } from "~/lib/forms/public-form.server";
import { purgeExpiredData } from "~/lib/retention.server";
import { action as oneClick, loader as oneClickGet } from "~/routes/alerts/one-click-unsubscribe";
import { action as subscribe } from "~/routes/public/subscribe";
import { loader as confirmLoader } from "~/routes/public/subscribe-confirm";
import { action as manageAction, loader as manageLoader } from "~/routes/public/subscribe-manage";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "~/routes/public/subscribe-unsubscribe";
import { checkOrigin } from "../../server/origin-check";
import { contextWith } from "../support/router-context";
import { openTestDb, type TestDb } from "../support/test-db";

// Job alerts by e-mail, the visitor's side (issue 49), through the route modules as the router
// calls them: subscribing (the same answer whatever the address's state, limits per IP and per
// address), double opt-in (only the confirmation goes until confirmed; a link that expired),
// preferences and unsubscribing by the link and by the List-Unsubscribe header's one-click POST,
// which works without cookies, page or Origin. What the database and the outbox then hold.

const IP_LIMIT = 6;
process.env.PUBLIC_FORM_RATE_LIMIT = String(IP_LIMIT);

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
  await t.db
    .insertInto("site_settings")
    .values({ key: "brand_name", value: "GATE CH Academy", updated_at: new Date().toISOString() })
    .execute();
});
afterAll(() => t.cleanup());
beforeEach(async () => {
  await t.db.deleteFrom("alert_subscribers").execute();
  await t.db.deleteFrom("email_outbox").execute();
  await t.db.deleteFrom("rate_limits").execute();
});

let lastIp = 0;
const nextIp = () => `198.51.100.${++lastIp}`;

/** The router context of a request from `ip`, on this file's database. */
const context = (ip: string) => contextWith(t.db, ip);

type Answer = { status: number; data: any };
function answerOf(result: unknown): Answer {
  if (result instanceof Response) return { status: result.status, data: null };
  const r = result as { type?: string; data?: unknown; init?: ResponseInit | null };
  return r?.type === "DataWithResponseInit"
    ? { status: r.init?.status ?? 200, data: r.data }
    : { status: 200, data: r };
}

const everything = {
  tab_jobs: "on",
  tab_vacancy: "on",
  tab_results: "on",
  "tab_admit-cards": "on",
  reminders: "on",
  tests: "on",
  frequency: "daily",
  website: "",
};

async function post(fields: Record<string, string>, ip = nextIp()) {
  const request = new Request("http://localhost/subscribe", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Origin: "http://localhost" },
  });
  return answerOf(await subscribe({ request, context: context(ip), params: {} } as never));
}

const subscriber = (email: string) =>
  t.db.selectFrom("alert_subscribers").selectAll().where("email", "=", email).executeTakeFirst();
const mailsTo = (email: string) =>
  t.db.selectFrom("email_outbox").selectAll().where("to_address", "=", email).orderBy("id").execute();

/** The token a link of this kind carries in the latest e-mail to the address. */
async function tokenFrom(email: string, kind: "confirm" | "manage" | "unsubscribe") {
  const mails = await mailsTo(email);
  const text = mails.at(-1)!.text;
  const match = new RegExp(`/subscribe/${kind}/([0-9a-f]{64})`).exec(text);
  expect(match, `a ${kind} link in the e-mail`).not.toBeNull();
  return match![1]!;
}

const load = async (loader: (args: never) => unknown, token: string) =>
  answerOf(
    await loader({
      request: new Request("http://localhost/"),
      params: { token },
      context: context("203.0.113.1"),
    } as never),
  );

/** An answer with the address it names left out. */
const same = (answer: Answer, email: string) => JSON.stringify(answer).replaceAll(email, "ADDRESS");

const postTo = (action: (args: never) => unknown, path: string, token: string, body: BodyInit, headers = {}) =>
  action({
    request: new Request(`http://localhost${path}`, { method: "POST", body, headers }),
    params: { token },
    context: context("203.0.113.9"),
  } as never);

async function subscribeAndConfirm(email: string, fields: Record<string, string> = {}) {
  await post({ ...everything, email, ...fields });
  const confirmed = await load(confirmLoader as never, await tokenFrom(email, "confirm"));
  expect(confirmed.data.kind).toBe("confirmed");
}

describe(`job alerts by e-mail, subscribing, on ${process.env.TEST_ENGINE}`, () => {
  it("stores a pending address with its choices and consent, and queues only the confirmation", async () => {
    const ip = nextIp();
    const answer = await post(
      {
        email: " Aspirant@Example.com ",
        tab_jobs: "on",
        "tab_admit-cards": "on",
        reminders: "on",
        frequency: "weekly",
        source: "/job-alerts",
        website: "",
      },
      ip,
    );
    expect(answer).toEqual({
      status: 200,
      data: { ok: true, message: subscribeMessages.success("aspirant@example.com") },
    });

    const row = await subscriber("aspirant@example.com");
    expect(row).toMatchObject({
      status: "pending",
      is_tab_jobs: true,
      is_tab_vacancy: false,
      is_tab_results: false,
      is_tab_admit_cards: true,
      is_reminders_on: true,
      is_tests_on: false,
      frequency: "weekly",
      consent_text: subscribeMessages.consent,
      consent_source: "/job-alerts",
      confirmed_at: null,
    });
    // The consent's "from where" is a keyed hash, never the address.
    expect(row!.consent_ip_hash).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.stringify(row)).not.toContain(ip);
    // The confirmation token is stored as its hash only.
    const token = await tokenFrom("aspirant@example.com", "confirm");
    expect(JSON.stringify(row)).not.toContain(token);

    const mails = await mailsTo("aspirant@example.com");
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe("Confirm your job alert e-mails from GATE CH Academy");
    // A form's e-mail: claimed first, not on the rate-limited stream.
    expect(mail).toMatchObject({ priority: 0, stream: null, status: "pending" });
    const headers = JSON.parse(mail.headers!) as Record<string, string>;
    expect(headers["List-Unsubscribe"]).toMatch(
      /^<http:\/\/localhost:\d+\/subscribe\/unsubscribe\/[0-9a-f]{64}\/one-click>$/,
    );
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail.text).toContain("Jobs, Admit Cards; deadline reminders (weekly digest)");
    expect(mail.html).toMatch(/\/subscribe\/manage\/[0-9a-f]{64}/);
  });

  it("answers a known address exactly as an unknown one, and changes nothing of a confirmed subscription", async () => {
    await subscribeAndConfirm("known@example.com", { frequency: "instant" });
    const pendingAnswer = await post({ ...everything, email: "waiting@example.com" });
    const before = await subscriber("known@example.com");

    const unknown = await post({ ...everything, email: "someone@example.com", frequency: "weekly" });
    const known = await post({ ...everything, email: "known@example.com", frequency: "weekly", tests: "" });
    const pending = await post({ ...everything, email: "waiting@example.com", frequency: "weekly" });
    expect(same(known, "known@example.com")).toBe(same(unknown, "someone@example.com"));
    expect(same(pending, "waiting@example.com")).toBe(same(unknown, "someone@example.com"));
    expect(same(pendingAnswer, "waiting@example.com")).toBe(same(unknown, "someone@example.com"));

    // The confirmed subscription is as it was; its owner is told someone asked.
    expect(await subscriber("known@example.com")).toEqual(before);
    const knownMails = await mailsTo("known@example.com");
    expect(knownMails.map((m) => m.subject)).toEqual([
      "Confirm your job alert e-mails from GATE CH Academy",
      "You already get job alerts from GATE CH Academy",
    ]);
    // A pending address takes the new choices, and only the newest link works.
    expect((await subscriber("waiting@example.com"))!.frequency).toBe("weekly");
    const waitingMails = await mailsTo("waiting@example.com");
    expect(waitingMails).toHaveLength(2);
    const firstToken = /\/subscribe\/confirm\/([0-9a-f]{64})/.exec(waitingMails[0]!.text)![1]!;
    expect((await load(confirmLoader as never, firstToken)).data).toEqual({ kind: "invalid" });
    expect((await load(confirmLoader as never, await tokenFrom("waiting@example.com", "confirm"))).data.kind).toBe(
      "confirmed",
    );
  });

  it("sends one address at most three subscription e-mails a day, whoever asks, and answers the same", async () => {
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await post({ ...everything, email: "target@example.com" }));
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]!.data.ok).toBe(true);
    expect(await mailsTo("target@example.com")).toHaveLength(3);
  });

  it(`refuses more than ${IP_LIMIT} subscriptions from one network in ten minutes`, async () => {
    const ip = nextIp();
    for (let i = 0; i < IP_LIMIT; i++)
      expect((await post({ ...everything, email: `n${i}@example.com` }, ip)).status).toBe(200);
    const refused = await post({ ...everything, email: "one-more@example.com" }, ip);
    expect(refused.status).toBe(429);
    expect(refused.data.formError).toMatch(
      /^Too many submissions from your network\. Please try again in \d+ minutes?\.$/,
    );
    expect(formMessages.rateLimited(1)).toMatch(/1 minute\.$/);
    expect(await subscriber("one-more@example.com")).toBeUndefined();
  });

  it("refuses an invalid address, nothing chosen, reminders without a tab, and the honeypot", async () => {
    const bad = await post({ ...everything, email: "not an address" });
    expect(bad.status).toBe(400);
    expect(bad.data.fieldErrors.email).toBe("Enter a valid email address");
    const nothing = await post({ email: "a@example.com", frequency: "daily", website: "" });
    expect(nothing.data.fieldErrors.tabs).toBe(subscribeMessages.chooseSomething);
    const reminders = await post({ email: "a@example.com", reminders: "on", tests: "on", frequency: "daily" });
    expect(reminders.data.fieldErrors.tabs).toBe(subscribeMessages.remindersNeedTab);
    const noFrequency = await post({ email: "a@example.com", tab_jobs: "on", frequency: "hourly" });
    expect(noFrequency.data.fieldErrors.frequency).toBe(subscribeMessages.chooseFrequency);
    const bot = await post({ ...everything, email: "bot@example.com", website: "http://spam.example" });
    expect(bot.status).toBe(400);
    expect(await t.db.selectFrom("alert_subscribers").select("id").execute()).toEqual([]);
    expect(await t.db.selectFrom("email_outbox").select("id").execute()).toEqual([]);
  });
});

describe(`double opt-in on ${process.env.TEST_ENGINE}`, () => {
  it("confirms from the e-mail's link, once; opening it again says it is confirmed already", async () => {
    await post({ ...everything, email: "confirm@example.com" });
    const token = await tokenFrom("confirm@example.com", "confirm");
    const first = await load(confirmLoader as never, token);
    expect(first.data.kind).toBe("confirmed");
    expect(first.data.manageToken).toBe(await tokenFrom("confirm@example.com", "manage"));
    const row = await subscriber("confirm@example.com");
    expect(row).toMatchObject({ status: "confirmed" });
    expect(row!.confirmed_at).toBeTruthy();
    expect((await load(confirmLoader as never, token)).data.kind).toBe("already");
  });

  it("refuses an expired confirmation link and leaves the address unconfirmed", async () => {
    await post({ ...everything, email: "late@example.com" });
    const token = await tokenFrom("late@example.com", "confirm");
    // The link was sent 49 hours ago.
    await t.db
      .updateTable("alert_subscribers")
      .set({ confirm_expires_at: new Date(Date.now() - 3_600_000).toISOString() })
      .where("email", "=", "late@example.com")
      .execute();
    expect((await load(confirmLoader as never, token)).data).toEqual({ kind: "expired" });
    expect((await subscriber("late@example.com"))!.status).toBe("pending");
    // Unknown and malformed tokens say the link is not valid.
    expect((await load(confirmLoader as never, "f".repeat(64))).data).toEqual({ kind: "invalid" });
    expect((await load(confirmLoader as never, "../admin")).data).toEqual({ kind: "invalid" });
  });

  it("purges an address never confirmed after a week, keeps the confirmed ones, and half a year of mailings", async () => {
    await post({ ...everything, email: "never@example.com" });
    await subscribeAndConfirm("kept@example.com");
    const eightDaysAgo = new Date(Date.now() - 8 * 86_400_000).toISOString();
    await t.db.updateTable("alert_subscribers").set({ created_at: eightDaysAgo }).execute();
    const kept = (await subscriber("kept@example.com"))!.id;
    // Which digests it was sent: half a year's record is kept.
    await t.db
      .insertInto("alert_mailings")
      .values([
        {
          subscriber_id: kept,
          kind: "digest-daily",
          ref: "2026-01-02",
          created_at: new Date(Date.now() - 200 * 86_400_000).toISOString(),
        },
        {
          subscriber_id: kept,
          kind: "digest-daily",
          ref: "2026-11-02",
          created_at: new Date(Date.now() - 30 * 86_400_000).toISOString(),
        },
      ])
      .execute();
    await purgeExpiredData(t.db);
    expect(await subscriber("never@example.com")).toBeUndefined();
    expect(await subscriber("kept@example.com")).toBeDefined();
    expect(await t.db.selectFrom("alert_mailings").select("ref").execute()).toEqual([{ ref: "2026-11-02" }]);
  });
});

describe(`preferences and unsubscribing on ${process.env.TEST_ENGINE}`, () => {
  it("changes what a subscriber receives from the link in the e-mail, without signing in", async () => {
    await subscribeAndConfirm("prefs@example.com");
    const token = await tokenFrom("prefs@example.com", "manage");
    const page = await load(manageLoader as never, token);
    expect(page.data.subscriber).toEqual({
      email: "prefs@example.com",
      pending: false,
      choices: {
        tabs: ["jobs", "vacancy", "results", "admit-cards"],
        reminders: true,
        tests: true,
        frequency: "daily",
      },
    });

    const saved = answerOf(
      await postTo(
        manageAction as never,
        "/subscribe/manage",
        token,
        new URLSearchParams({ tab_results: "on", frequency: "instant" }),
      ),
    );
    expect(saved.data).toEqual({ ok: true, message: "Your choices are saved." });
    expect(await subscriber("prefs@example.com")).toMatchObject({
      is_tab_jobs: false,
      is_tab_results: true,
      is_reminders_on: false,
      is_tests_on: false,
      frequency: "instant",
    });

    const empty = answerOf(
      await postTo(manageAction as never, "/subscribe/manage", token, new URLSearchParams({ frequency: "daily" })),
    );
    expect(empty.status).toBe(400);
    expect(empty.data.fieldErrors.tabs).toBe(subscribeMessages.chooseSomething);
    // A link with a token that is not ours changes nothing.
    const forged = token.slice(0, 32) + "0".repeat(32);
    expect((await load(manageLoader as never, forged)).data.subscriber).toBeNull();
    const refused = answerOf(
      await postTo(
        manageAction as never,
        "/subscribe/manage",
        forged,
        new URLSearchParams({ tab_jobs: "on", frequency: "weekly" }),
      ),
    );
    expect(refused.status).toBe(404);
    expect((await subscriber("prefs@example.com"))!.frequency).toBe("instant");
  });

  it("unsubscribes by the List-Unsubscribe header's one-click POST: no cookie, no Origin; the row and its waiting mail go", async () => {
    await subscribeAndConfirm("oneclick@example.com");
    const headers = JSON.parse((await mailsTo("oneclick@example.com"))[0]!.headers!) as Record<string, string>;
    const url = new URL(headers["List-Unsubscribe"]!.slice(1, -1));
    const token = url.pathname.split("/")[3]!;
    // A digest waits in the outbox for the address.
    await t.db
      .insertInto("email_outbox")
      .values({
        to_address: "oneclick@example.com",
        subject: "Job alerts",
        html: "<p>x</p>",
        text: "x",
        stream: "alerts",
        priority: 1,
        status: "pending",
        attempts: 0,
        next_attempt_at: new Date().toISOString(),
        created_at: new Date().toISOString(),
      })
      .execute();

    const request = new Request(`http://localhost${url.pathname}`, {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    // The server's cross-site check lets exactly this through: a mail client sends no Origin.
    expect(checkOrigin(request)).toEqual({ ok: true });
    expect(checkOrigin(new Request("http://localhost/subscribe", { method: "POST" }))).toEqual({
      ok: false,
      reason: "no Origin or Referer",
    });
    expect(checkOrigin(new Request(`http://localhost/subscribe/manage/${token}`, { method: "POST" })).ok).toBe(false);

    const response = (await oneClick({
      request,
      params: { token },
      context: context("192.0.2.1"),
    } as never)) as Response;
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("Unsubscribed.");
    expect(await subscriber("oneclick@example.com")).toBeUndefined();
    expect((await mailsTo("oneclick@example.com")).filter((m) => m.stream === "alerts")).toEqual([]);
    // Again: nothing left to remove, and it says so.
    const again = (await oneClick({
      request: request.clone(),
      params: { token },
      context: context("192.0.2.1"),
    } as never)) as Response;
    expect([again.status, await again.text()]).toEqual([200, "Not subscribed."]);
  });

  it("a GET of the one-click address changes nothing and leads to the page with the button", async () => {
    await subscribeAndConfirm("scanner@example.com");
    const token = await tokenFrom("scanner@example.com", "manage");
    const response = (await oneClickGet({
      request: new Request("http://localhost/"),
      params: { token },
      context: context("192.0.2.2"),
    } as never)) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/subscribe/unsubscribe/${token}`);
    expect(await subscriber("scanner@example.com")).toBeDefined();
  });

  it("unsubscribes by the link in the e-mail's body: the page asks, its button removes", async () => {
    await subscribeAndConfirm("link@example.com");
    const token = await tokenFrom("link@example.com", "unsubscribe");
    expect((await load(unsubscribeLoader as never, token)).data).toEqual({ email: "link@example.com" });
    // Opening the page changed nothing.
    expect(await subscriber("link@example.com")).toBeDefined();
    const done = answerOf(
      await postTo(unsubscribeAction as never, "/subscribe/unsubscribe", token, new URLSearchParams()),
    );
    expect(done.data).toEqual({ unsubscribed: true });
    expect(await subscriber("link@example.com")).toBeUndefined();
    expect((await load(unsubscribeLoader as never, token)).data).toEqual({ email: null });
    expect((await load(manageLoader as never, token)).data.subscriber).toBeNull();
  });
});
