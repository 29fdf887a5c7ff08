import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "~/db/client.server";
import { requireAdmin } from "~/lib/auth/guard.server";
import { authMessages } from "~/lib/auth/messages";
import { action as accountAction } from "~/routes/admin/account";
import { action as passwordAction } from "~/routes/admin/account-password";
import { loader as layoutLoader } from "~/routes/admin/layout";
import { action as loginAction } from "~/routes/admin/login";
import { action as signOutAction } from "~/routes/admin/sign-out";
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

// A session is valid until sign-out, 30 minutes without use, 12 hours in all, 'sign out of all
// sessions', a password change elsewhere, or the admin profile being switched off; each is checked
// through the guard, as the next request would meet it.

let t: TestDb;
let n = 0;

beforeAll(async () => {
  t = await openAuthTestDb();
});
afterAll(() => closeAuthTestDb(t));
afterEach(() => vi.useRealTimers());

async function newAdmin() {
  const email = `admin${++n}@example.com`;
  const userId = await createUser(email, "admin");
  return { email, userId };
}

async function signIn(email: string, password = PASSWORD) {
  const answer = await call(loginAction, postRequest("/admin/login", { email, password }), `192.0.2.${++n}`);
  expect(answer).toMatchObject({ kind: "redirect", location: "/admin" });
  return cookieHeader(answer.setCookies.filter((c) => c.includes("session_token")));
}

/** What the guard makes of this cookie now. */
async function guard(cookie: string) {
  const answer = await call(layoutLoader, getRequest("/admin", cookie));
  if (answer.kind === "redirect") return answer.location === "/admin/login" ? "signed out" : answer.location;
  return answer.status === 403 ? "access denied" : "admin";
}

const sessionRows = async (userId: string) =>
  getDb()
    .selectFrom("auth_sessions")
    .select(["token", "created_at", "updated_at"])
    .where("user_id", "=", userId)
    .execute();

describe("sessions", () => {
  it("ends on sign-out: the row is deleted and the cookie cleared, then goes to /", async () => {
    const { email, userId } = await newAdmin();
    const cookie = await signIn(email);
    expect(await guard(cookie)).toBe("admin");
    const out = await call(signOutAction, postRequest("/admin/sign-out", {}, cookie));
    expect(out).toMatchObject({ kind: "redirect", location: "/" });
    expect(out.setCookies.some((c) => /session_token=;/.test(c) && /Max-Age=0/.test(c))).toBe(true);
    expect(await sessionRows(userId)).toEqual([]);
    expect(await guard(cookie)).toBe("signed out");
  });

  it("ends after 30 minutes without use, and is extended while in use", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2030-03-01T08:00:00Z"));
    const { email, userId } = await newAdmin();
    const cookie = await signIn(email);
    // Used every 20 minutes for two hours: still signed in.
    for (let minutes = 20; minutes <= 120; minutes += 20) {
      vi.setSystemTime(new Date(Date.parse("2030-03-01T08:00:00Z") + minutes * 60_000));
      expect(await guard(cookie), `after ${minutes} min`).toBe("admin");
    }
    const [row] = await sessionRows(userId);
    expect(row!.updated_at).toBe("2030-03-01T10:00:00.000Z");
    vi.setSystemTime(new Date("2030-03-01T10:30:01Z"));
    expect(await guard(cookie)).toBe("signed out");
    expect(await sessionRows(userId)).toEqual([]);
  });

  it("ends 12 hours after sign-in however busy", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.parse("2030-04-01T06:00:00Z");
    vi.setSystemTime(new Date(start));
    const { email } = await newAdmin();
    const cookie = await signIn(email);
    for (let minutes = 25; minutes < 12 * 60; minutes += 25) {
      vi.setSystemTime(new Date(start + minutes * 60_000));
      expect(await guard(cookie)).toBe("admin");
    }
    vi.setSystemTime(new Date(start + 12 * 60 * 60_000 + 1000));
    expect(await guard(cookie)).toBe("signed out");
  });

  it("'Sign out of all sessions' ends every session of the account", async () => {
    const { email, userId } = await newAdmin();
    const here = await signIn(email);
    const elsewhere = await signIn(email);
    const other = await newAdmin();
    const otherCookie = await signIn(other.email);
    const answer = await call(accountAction, postRequest("/admin/account", {}, here));
    expect(answer).toMatchObject({ kind: "redirect", location: "/admin/login" });
    expect(answer.setCookies.some((c) => c.startsWith("gate.flash="))).toBe(true);
    expect(await sessionRows(userId)).toEqual([]);
    expect(await guard(here)).toBe("signed out");
    expect(await guard(elsewhere)).toBe("signed out");
    expect(await guard(otherCookie)).toBe("admin");
    expect(authMessages.account.signedOutEverywhere).toBe("You have been signed out of all sessions.");
  });

  it("a password change signs out the other sessions and keeps this one under a new token", async () => {
    const { email, userId } = await newAdmin();
    const here = await signIn(email);
    const elsewhere = await signIn(email);
    const wrong = await call(
      passwordAction,
      postRequest(
        "/admin/account/password",
        { current: "not it", password: "a new password 123", confirm: "a new password 123" },
        here,
      ),
    );
    expect(wrong).toMatchObject({
      status: 400,
      data: { fieldErrors: { current: authMessages.password.wrongCurrent } },
    });
    const changed = await call(
      passwordAction,
      postRequest(
        "/admin/account/password",
        { current: PASSWORD, password: "a new password 123", confirm: "a new password 123" },
        here,
      ),
    );
    expect(changed).toMatchObject({ kind: "redirect", location: "/admin/account" });
    const renewed = cookieHeader(changed.setCookies.filter((c) => c.includes("session_token")));
    expect(await guard(renewed)).toBe("admin");
    expect(await guard(here)).toBe("signed out");
    expect(await guard(elsewhere)).toBe("signed out");
    expect(await sessionRows(userId)).toHaveLength(1);
    await signIn(email, "a new password 123");
  });

  it("switching off an admin profile counts at the next request (no cached session)", async () => {
    const { email, userId } = await newAdmin();
    const cookie = await signIn(email);
    expect(await guard(cookie)).toBe("admin");
    await getDb().updateTable("admin_profiles").set({ is_active: false }).where("user_id", "=", userId).execute();
    expect(await guard(cookie)).toBe("access denied");
    await getDb().deleteFrom("admin_profiles").where("user_id", "=", userId).execute();
    expect(await guard(cookie)).toBe("access denied");
  });

  it("treats a failing admin check as 'not an admin' (spec §8)", async () => {
    const { email } = await newAdmin();
    const cookie = await signIn(email);
    const db = getDb();
    // An admin_profiles query that fails: the guard answers 403, not a crash.
    const original = db.selectFrom.bind(db);
    const failing = vi.spyOn(db, "selectFrom").mockImplementation(((table: never) => {
      if (table === "admin_profiles") throw new Error("database unavailable");
      return original(table);
    }) as never);
    try {
      await expect(requireAdmin(db, getRequest("/admin", cookie))).rejects.toMatchObject({ init: { status: 403 } });
    } finally {
      failing.mockRestore();
    }
    expect(await guard(cookie)).toBe("admin");
  });
});
