import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "~/db/client.server";
import {
  findKeptForm,
  insertKeptForm,
  KEPT_FORM_TTL_MS,
  MAX_KEPT_FORMS,
  takeKeptForm,
} from "~/db/queries/pending-admin-forms.server";
import { keepPostedForm } from "~/lib/admin/kept-forms.server";
import { codeForStep, stepAt } from "~/lib/auth/totp.server";
import { purgeExpiredData } from "~/lib/retention.server";
import { SUBMIT_TOKEN_FIELD } from "~/lib/forms/submit-token";
import { action as passwordAction } from "~/routes/admin/account-password";
import { action as twoFactorAction, loader as twoFactorLoader } from "~/routes/admin/account-two-factor";
import { loader as layoutLoader } from "~/routes/admin/layout";
import { action as loginAction, loader as loginLoader } from "~/routes/admin/login";
import { action as verifyAction } from "~/routes/admin/login-verify";
import { action as ebooksAction } from "~/routes/admin/manage/ebooks";
import { action as questionPreviewAction } from "~/routes/admin/question-preview";
import type { TestDb } from "../support/test-db";
import {
  call,
  closeAuthTestDb,
  cookieHeader,
  createUser,
  getRequest,
  openAuthTestDb,
  PASSWORD,
  postRequest,
  sessionCookie,
  type Answer,
} from "./auth-support";

// Issue 48 "No lost work": a form posted after the session ended is kept (its text, never
// passwords, files or the one-time token), signing in (and the second factor) leads back to its
// page, and that page shows it once to a signed-in admin in the same browser; it expires after
// two hours, and nothing outside the admin sections is kept or gone back to. On both engines.

let t: TestDb;
let ip = 0;
const ADMIN = "kept-admin@example.com";
const OTHER = "other-admin@example.com";
const STUDENT = "kept-student@example.com";

beforeAll(async () => {
  t = await openAuthTestDb();
  await createUser(ADMIN, "admin");
  await createUser(OTHER, "admin");
  await createUser(STUDENT, "non-admin");
});
afterAll(() => closeAuthTestDb(t));
afterEach(() => vi.useRealTimers());

const keptCookieOf = (answer: Answer) =>
  cookieHeader(answer.setCookies.filter((cookie) => cookie.startsWith("gate.kept_form=")));
const rows = () => getDb().selectFrom("pending_admin_forms").selectAll().execute();
const clearRows = () => getDb().deleteFrom("pending_admin_forms").execute();

const typed = {
  intent: "update",
  id: "7",
  title: "Heat Transfer — typed after the session ended",
  pdf_link: "https://example.com/heat.pdf",
  [SUBMIT_TOKEN_FIELD]: "one-time-token",
};

/** An e-book's edit form posted with no session: the guard's answer. */
const postExpired = (fields: Record<string, string> = typed, cookie?: string) =>
  call(ebooksAction, postRequest("/admin/ebooks?edit=7", fields, cookie));

async function signIn(email: string, keptCookie: string) {
  return call(loginAction, postRequest("/admin/login", { email, password: PASSWORD }, keptCookie), `192.0.2.${++ip}`);
}

describe(`a form posted after the session ended, on ${process.env.TEST_ENGINE}`, () => {
  it("is kept, without the one-time token, and the browser is sent to sign in with a cookie for it", async () => {
    await clearRows();
    const answer = await postExpired();
    expect(answer).toMatchObject({ kind: "redirect", location: "/admin/login", replace: true });
    const setCookie = answer.setCookies.find((cookie) => cookie.startsWith("gate.kept_form="))!;
    expect(setCookie).toMatch(/Path=\/admin; Max-Age=7200; HttpOnly; SameSite=Lax/);
    const [row] = await rows();
    expect(row).toMatchObject({ path: "/admin/ebooks", search: "?edit=7" });
    expect(JSON.parse(row!.form)).toEqual({
      values: { intent: "update", id: "7", title: typed.title, pdf_link: typed.pdf_link },
      filesLeftOut: false,
    });
    // The table holds a digest of the cookie's token, not the token.
    expect(setCookie).not.toContain(row!.token_hash);
  });

  it("leads through sign-in back to the form's page, which shows it once, to a signed-in admin", async () => {
    await clearRows();
    const kept = keptCookieOf(await postExpired());
    const login = await call(loginLoader, getRequest("/admin/login", kept));
    expect(login).toMatchObject({ kind: "data", data: { keptForm: true } });

    const signedIn = await signIn(ADMIN, kept);
    expect(signedIn).toMatchObject({ kind: "redirect", location: "/admin/ebooks?edit=7" });
    const session = cookieHeader(signedIn.setCookies.filter((cookie) => cookie.includes("session_token")));

    const page = await call(layoutLoader, getRequest("/admin/ebooks?edit=7", `${session}; ${kept}`));
    expect(page).toMatchObject({
      kind: "data",
      data: { keptForm: { values: { intent: "update", id: "7", title: typed.title }, filesLeftOut: false } },
    });
    // Read once: the row is gone and the cookie cleared; the next load shows what is saved.
    expect(page.setCookies.some((cookie) => /^gate\.kept_form=;.*Max-Age=0/.test(cookie))).toBe(true);
    expect(await rows()).toEqual([]);
    const again = await call(layoutLoader, getRequest("/admin/ebooks?edit=7", `${session}; ${kept}`));
    expect(again).toMatchObject({ kind: "data", data: { keptForm: null } });
  });

  it("is given only on its own page, and only to the browser that holds its cookie", async () => {
    await clearRows();
    const kept = keptCookieOf(await postExpired());
    const admin = await sessionCookie(ADMIN);
    const other = await sessionCookie(OTHER);
    // Another page of the panel: not given, still kept for its page.
    const elsewhere = await call(layoutLoader, getRequest("/admin/free-materials", `${admin}; ${kept}`));
    expect(elsewhere).toMatchObject({ kind: "data", data: { keptForm: null } });
    // Another admin's browser, or a guessed token: nothing.
    expect(await call(layoutLoader, getRequest("/admin/ebooks?edit=7", other))).toMatchObject({
      data: { keptForm: null },
    });
    const guessed = `gate.kept_form=${"A".repeat(43)}`;
    expect(await call(layoutLoader, getRequest("/admin/ebooks?edit=7", `${other}; ${guessed}`))).toMatchObject({
      data: { keptForm: null },
    });
    // A signed-in user who is not an admin is refused before anything is read.
    const student = await sessionCookie(STUDENT);
    expect(await call(layoutLoader, getRequest("/admin/ebooks?edit=7", `${student}; ${kept}`))).toMatchObject({
      status: 403,
    });
    // An anonymous visit to the page is sent to sign in, not shown the form.
    expect(await call(layoutLoader, getRequest("/admin/ebooks?edit=7", kept))).toMatchObject({
      kind: "redirect",
      location: "/admin/login",
    });
    expect(await rows()).toHaveLength(1);
    expect(await call(layoutLoader, getRequest("/admin/ebooks?edit=7", `${admin}; ${kept}`))).toMatchObject({
      data: { keptForm: { values: { title: typed.title } } },
    });
  });

  it("expires after two hours: signing in then goes to /admin and the page shows what is saved", async () => {
    await clearRows();
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.parse("2030-06-01T09:00:00Z");
    vi.setSystemTime(start);
    const kept = keptCookieOf(await postExpired());
    vi.setSystemTime(start + KEPT_FORM_TTL_MS + 1_000);
    expect(await call(loginLoader, getRequest("/admin/login", kept))).toMatchObject({ data: { keptForm: false } });
    const signedIn = await signIn(ADMIN, kept);
    expect(signedIn).toMatchObject({ kind: "redirect", location: "/admin" });
    const session = cookieHeader(signedIn.setCookies.filter((cookie) => cookie.includes("session_token")));
    const page = await call(layoutLoader, getRequest("/admin/ebooks?edit=7", `${session}; ${kept}`));
    expect(page).toMatchObject({ data: { keptForm: null } });
    // The cookie names nothing any more: cleared. The purge drops the row.
    expect(page.setCookies.some((cookie) => cookie.startsWith("gate.kept_form=;"))).toBe(true);
    expect(await rows()).toHaveLength(1);
    await purgeExpiredData(getDb(), Date.now());
    expect(await rows()).toEqual([]);
  });

  it("keeps nothing from the account pages (passwords), resource routes, or a post with nothing typed", async () => {
    await clearRows();
    const password = await call(
      passwordAction,
      postRequest("/admin/account/password", { current: PASSWORD, password: "new password 123", confirm: "x" }),
    );
    expect(password).toMatchObject({ kind: "redirect", location: "/admin/login", setCookies: [] });
    const preview = await call(
      questionPreviewAction,
      postRequest("/admin/questions/preview", { type: "mcq", text: "What is the Reynolds number?" }),
    );
    expect(preview).toMatchObject({ kind: "redirect", location: "/admin/login", setCookies: [] });
    const deletion = await postExpired({ intent: "delete", id: "7" });
    expect(deletion).toMatchObject({ kind: "redirect", location: "/admin/login", setCookies: [] });
    expect(await rows()).toEqual([]);
  });

  it("leads through the second factor too, back to the form's page", async () => {
    await clearRows();
    const EMAIL = "kept-totp@example.com";
    await createUser(EMAIL, "admin");
    const T0 = Date.parse("2030-07-01T09:00:00Z");
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(T0);
    // Two-factor on, as the account page sets it up.
    const first = cookieHeader((await signIn(EMAIL, "")).setCookies);
    await call(
      twoFactorAction,
      postRequest("/admin/account/two-factor", { intent: "start", current: PASSWORD }, first),
    );
    const page = await call(twoFactorLoader, getRequest("/admin/account/two-factor", first));
    const key = (page.kind === "data" ? page.data.enrolment.key : "").replace(/\s/g, "");
    const confirmed = await call(
      twoFactorAction,
      postRequest("/admin/account/two-factor", { intent: "confirm", code: codeForStep(key, stepAt(T0)) }, first),
    );
    expect(confirmed).toMatchObject({ data: { ok: true } });

    vi.setSystemTime(T0 + 5 * 60_000);
    const kept = keptCookieOf(await postExpired());
    const password = await signIn(EMAIL, kept);
    expect(password).toMatchObject({ kind: "redirect", location: "/admin/login/verify" });
    const pending = cookieHeader(password.setCookies);
    const verified = await call(
      verifyAction,
      postRequest(
        "/admin/login/verify",
        { intent: "verify", code: codeForStep(key, stepAt(Date.now())) },
        `${pending}; ${kept}`,
      ),
    );
    expect(verified).toMatchObject({ kind: "redirect", location: "/admin/ebooks?edit=7" });
  });
});

const row = (tokenHash: string) => ({ tokenHash, path: "/admin/ebooks", search: "", form: "{}" });

describe(`the kept-form store, on ${process.env.TEST_ENGINE}`, () => {
  const now = Date.parse("2030-08-01T12:00:00Z");

  it("gives a form back once, and only before it expires", async () => {
    await clearRows();
    const db = getDb();
    expect(await insertKeptForm(db, row("a"), now)).toBe(true);
    expect(await findKeptForm(db, "a", now + 1000)).toMatchObject({ path: "/admin/ebooks" });
    expect(await takeKeptForm(db, "a", "/admin/leads", now)).toBeNull();
    expect(await takeKeptForm(db, "a", "/admin/ebooks", now + KEPT_FORM_TTL_MS)).toBeNull();
    expect(await takeKeptForm(db, "a", "/admin/ebooks", now + 1000)).toMatchObject({ path: "/admin/ebooks" });
    expect(await takeKeptForm(db, "a", "/admin/ebooks", now + 1000)).toBeNull();
  });

  it("refuses more than its limit of waiting forms, and makes room as they expire", async () => {
    await clearRows();
    const db = getDb();
    const stamp = new Date(now).toISOString();
    const until = new Date(now + KEPT_FORM_TTL_MS).toISOString();
    await db
      .insertInto("pending_admin_forms")
      .values(
        Array.from({ length: MAX_KEPT_FORMS }, (_, i) => ({
          token_hash: `fill-${i}`,
          path: "/admin/ebooks",
          search: "",
          form: "{}",
          created_at: stamp,
          expires_at: until,
        })),
      )
      .execute();
    expect(await insertKeptForm(db, row("one-too-many"), now + 1000)).toBe(false);
    expect(await keepPostedForm(db, postRequest("/admin/ebooks", typed))).toBeNull();
    expect(await insertKeptForm(db, row("later"), now + KEPT_FORM_TTL_MS + 1)).toBe(true);
    expect(await rows()).toHaveLength(1);
  });
});
