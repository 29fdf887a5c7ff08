import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "~/db/client.server";
import { authMessages } from "~/lib/auth/messages";
import { base32Decode, codeForStep, stepAt } from "~/lib/auth/totp.server";
import { action as twoFactorAction, loader as twoFactorLoader } from "~/routes/admin/account-two-factor";
import { loader as layoutLoader } from "~/routes/admin/layout";
import { action as loginAction } from "~/routes/admin/login";
import { action as verifyAction, loader as verifyLoader } from "~/routes/admin/login-verify";
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
} from "./auth-support";

// Two-factor sign-in with TOTP (issue #4): enrolment with a QR code and a manual key, confirmed
// by a code; sign-in then needs a code or a backup code, each backup code once; a code already
// used is refused within its window; off again with a code. Time is set by hand (Date only).

const m = authMessages.twoFactor;
const EMAIL = "totp-admin@example.com";
const T0 = Date.parse("2030-05-01T09:00:00Z");
let t: TestDb;
let key = "";
let backupCodes: string[] = [];
let ip = 0;

beforeAll(async () => {
  t = await openAuthTestDb();
  await createUser(EMAIL, "admin");
});
afterAll(() => closeAuthTestDb(t));
afterEach(() => vi.useRealTimers());

function at(ms: number) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(ms));
}

/** The code an authenticator app shows at `ms` for the enrolled key. */
const appCode = (ms: number) => codeForStep(key.replace(/\s/g, ""), stepAt(ms));

async function passwordStep() {
  const answer = await call(
    loginAction,
    postRequest("/admin/login", { email: EMAIL, password: PASSWORD }),
    `192.0.2.${++ip}`,
  );
  return { answer, cookie: cookieHeader(answer.setCookies) };
}

async function guard(cookie: string) {
  const answer = await call(layoutLoader, getRequest("/admin", cookie));
  return answer.kind === "redirect" ? answer.location : "admin";
}

describe("two-factor authentication", () => {
  let cookie = "";

  it("enrols: password first, then a QR code and a key, then a code from the app", async () => {
    at(T0);
    cookie = (await passwordStep()).cookie;
    const wrong = await call(
      twoFactorAction,
      postRequest("/admin/account/two-factor", { intent: "start", current: "nope" }, cookie),
    );
    expect(wrong).toMatchObject({ status: 400, data: { fieldErrors: { current: m.wrongPassword } } });

    const started = await call(
      twoFactorAction,
      postRequest("/admin/account/two-factor", { intent: "start", current: PASSWORD }, cookie),
    );
    expect(started).toMatchObject({ kind: "redirect", location: "/admin/account/two-factor" });
    const page = await call(twoFactorLoader, getRequest("/admin/account/two-factor", cookie));
    expect(page.kind === "data" && page.data.status).toEqual({ enabled: false, pending: true, backupCodesLeft: 0 });
    const enrolment = page.kind === "data" ? page.data.enrolment : null;
    expect(enrolment.key).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
    expect(base32Decode(enrolment.key)).toHaveLength(20);
    expect(enrolment.qr.path).toMatch(/^M\d+ \d+h1v1h-1z/);
    key = enrolment.key;
    // The secret is stored encrypted.
    const row = await getDb().selectFrom("auth_two_factor").select("secret").executeTakeFirstOrThrow();
    expect(row.secret).not.toContain(key.replace(/\s/g, ""));

    const bad = await call(
      twoFactorAction,
      postRequest("/admin/account/two-factor", { intent: "confirm", code: "000000" }, cookie),
    );
    expect(bad).toMatchObject({ status: 400, data: { fieldErrors: { code: m.invalid } } });

    const confirmed = await call(
      twoFactorAction,
      postRequest("/admin/account/two-factor", { intent: "confirm", code: appCode(T0) }, cookie),
    );
    expect(confirmed).toMatchObject({ status: 200, data: { ok: true, message: m.enabled } });
    backupCodes = confirmed.kind === "data" ? confirmed.data.backupCodes : [];
    expect(backupCodes).toHaveLength(10);
    expect(new Set(backupCodes).size).toBe(10);
    for (const code of backupCodes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    // Stored as keyed hashes only.
    const stored = await getDb().selectFrom("auth_backup_codes").select("code_hash").execute();
    expect(stored.map((r) => r.code_hash)).not.toContain(backupCodes[0]);
    // This session proved the factor: it stays signed in (aal2).
    expect(await guard(cookie)).toBe("admin");
    const session = await getDb().selectFrom("auth_sessions").select("aal").executeTakeFirstOrThrow();
    expect(session.aal).toBe("aal2");
  });

  it("refuses the code that confirmed enrolment if it is sent again in its window", async () => {
    at(T0 + 5_000);
    const replay = await call(
      twoFactorAction,
      postRequest("/admin/account/two-factor", { intent: "disable", code: appCode(T0) }, cookie),
    );
    expect(replay).toMatchObject({ status: 400, data: { fieldErrors: { code: m.reused } } });
  });

  it("asks for a code after the password; a right code raises the session to aal2", async () => {
    at(T0 + 60_000);
    const { answer, cookie: pending } = await passwordStep();
    expect(answer).toMatchObject({ kind: "redirect", location: "/admin/login/verify" });
    expect(answer.setCookies.some((c) => c.startsWith("gate.flash="))).toBe(false);
    // The browser becomes known to the account only with the code (decision 015).
    expect(answer.setCookies.some((c) => c.startsWith("gate.admin_browser="))).toBe(false);
    // Half signed in: the panel sends it to the code page, and the code page is open to it.
    expect(await guard(pending)).toBe("/admin/login/verify");
    expect(await call(verifyLoader, getRequest("/admin/login/verify", pending))).toMatchObject({ kind: "data" });

    const wrong = await call(
      verifyAction,
      postRequest("/admin/login/verify", { intent: "verify", code: "123456" }, pending),
    );
    expect(wrong).toMatchObject({ status: 401, data: { formError: authMessages.secondFactor.invalid } });
    const ok = await call(
      verifyAction,
      postRequest("/admin/login/verify", { intent: "verify", code: appCode(T0 + 60_000) }, pending),
    );
    expect(ok).toMatchObject({ kind: "redirect", location: "/admin" });
    expect(ok.setCookies.some((c) => c.startsWith("gate.flash="))).toBe(true);
    expect(ok.setCookies.some((c) => c.startsWith("gate.admin_browser="))).toBe(true);
    expect(await guard(pending)).toBe("admin");
  });

  it("refuses a code that was already used, even at another sign-in in the same window", async () => {
    at(T0 + 70_000); // same 30-second step as the last sign-in's code
    const { cookie: pending } = await passwordStep();
    const replay = await call(
      verifyAction,
      postRequest("/admin/login/verify", { intent: "verify", code: appCode(T0 + 60_000) }, pending),
    );
    expect(replay).toMatchObject({ status: 401, data: { formError: authMessages.secondFactor.reused } });
    expect(await guard(pending)).toBe("/admin/login/verify");
  });

  it("accepts each backup code once", async () => {
    at(T0 + 120_000);
    const first = await passwordStep();
    const used = await call(
      verifyAction,
      postRequest("/admin/login/verify", { code: backupCodes[0]!.toUpperCase() }, first.cookie),
    );
    expect(used).toMatchObject({ kind: "redirect", location: "/admin" });
    expect(await guard(first.cookie)).toBe("admin");

    const second = await passwordStep();
    const again = await call(
      verifyAction,
      postRequest("/admin/login/verify", { code: backupCodes[0]! }, second.cookie),
    );
    expect(again).toMatchObject({ status: 401, data: { formError: authMessages.secondFactor.invalid } });
    const other = await call(
      verifyAction,
      postRequest("/admin/login/verify", { code: backupCodes[1]! }, second.cookie),
    );
    expect(other).toMatchObject({ kind: "redirect", location: "/admin" });
    const page = await call(twoFactorLoader, getRequest("/admin/account/two-factor", second.cookie));
    expect(page.kind === "data" && page.data.status.backupCodesLeft).toBe(8);
  });

  it("locks the code step after 5 wrong codes and ends that half sign-in", async () => {
    at(T0 + 180_000);
    const { cookie: pending } = await passwordStep();
    for (let i = 0; i < 4; i++) {
      const wrong = await call(verifyAction, postRequest("/admin/login/verify", { code: `00000${i}` }, pending));
      expect(wrong).toMatchObject({ status: 401 });
    }
    const fifth = await call(verifyAction, postRequest("/admin/login/verify", { code: "000009" }, pending));
    expect(fifth).toMatchObject({ kind: "redirect", location: "/admin/login" });
    expect(await guard(pending)).toBe("/admin/login");
    // Still locked for the next sign-in, with the right code.
    at(T0 + 240_000);
    const next = await passwordStep();
    const locked = await call(
      verifyAction,
      postRequest("/admin/login/verify", { code: appCode(T0 + 240_000) }, next.cookie),
    );
    expect(locked).toMatchObject({ kind: "redirect", location: "/admin/login" });
    expect(locked.setCookies.join()).toContain("gate.flash=");
  });

  it("ends a half sign-in that waits more than 10 minutes for its code", async () => {
    at(T0 + 20 * 60_000);
    const { cookie: pending } = await passwordStep();
    at(T0 + 31 * 60_000);
    expect(await guard(pending)).toBe("/admin/login");
  });

  it("gives new backup codes, and turns off with a current code", async () => {
    at(T0 + 40 * 60_000);
    const { cookie: pending } = await passwordStep();
    const signedIn = await call(verifyAction, postRequest("/admin/login/verify", { code: backupCodes[2]! }, pending));
    expect(signedIn).toMatchObject({ kind: "redirect", location: "/admin" });

    const fresh = await call(
      twoFactorAction,
      postRequest("/admin/account/two-factor", { intent: "regenerate", code: appCode(T0 + 40 * 60_000) }, pending),
    );
    expect(fresh).toMatchObject({ status: 200, data: { ok: true } });
    const newCodes: string[] = fresh.kind === "data" ? fresh.data.backupCodes : [];
    expect(newCodes).toHaveLength(10);
    expect(newCodes).not.toContain(backupCodes[3]);

    at(T0 + 41 * 60_000);
    const off = await call(
      twoFactorAction,
      postRequest("/admin/account/two-factor", { intent: "disable", code: appCode(T0 + 41 * 60_000) }, pending),
    );
    expect(off).toMatchObject({ kind: "redirect", location: "/admin/account" });
    expect(await getDb().selectFrom("auth_two_factor").selectAll().execute()).toEqual([]);
    expect(await getDb().selectFrom("auth_backup_codes").selectAll().execute()).toEqual([]);
    // Signing in needs the password only again.
    const plain = await passwordStep();
    expect(plain.answer).toMatchObject({ kind: "redirect", location: "/admin" });
  });
});
