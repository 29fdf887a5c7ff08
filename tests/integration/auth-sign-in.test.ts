import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "~/db/client.server";
import { getAuth } from "~/lib/auth/auth.server";
import { authPolicy } from "~/lib/auth/config";
import { authMessages } from "~/lib/auth/messages";
import { hashPassword } from "~/lib/auth/password.server";
import { signInAdmin } from "~/lib/auth/sign-in.server";
import { DEMO_ADMIN, createOrPromoteAdmin } from "~/lib/auth/users.server";
import { action as loginAction, loader as loginLoader } from "~/routes/admin/login";
import type { TestDb } from "../support/test-db";
import {
  call,
  closeAuthTestDb,
  cookieHeader,
  createUser,
  getRequest,
  openAuthTestDb,
  ORIGIN,
  PASSWORD,
  postRequest,
} from "./auth-support";

// Signing in at /admin/login (spec §2, §5, §8; issue #4): the answers, the session cookie, the
// lockout and its expiry, and the auth library's own protections switched on under NODE_ENV=test.

const m = authMessages.login;
let t: TestDb;
let ipCounter = 0;
const freshIp = () => `198.51.100.${++ipCounter}`;

beforeAll(async () => {
  t = await openAuthTestDb();
  await createUser("admin@example.com", "admin");
  await createUser("student@example.com", "non-admin");
  await createUser("former@example.com", "inactive-admin");
});
afterAll(() => closeAuthTestDb(t));
afterEach(() => vi.useRealTimers());

/** A POST of the login form from `ip`, by a browser sending `cookie` (none: a browser new to the site). */
const login = (fields: Record<string, string>, ip = freshIp(), cookie?: string) =>
  call(loginAction, postRequest("/admin/login", fields, cookie), ip);
const sessions = async () =>
  Number(
    (
      await getDb()
        .selectFrom("auth_sessions")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Five wrong passwords from each address: every pair locks, and with them the account. */
async function attack(email: string, ips: string[]) {
  for (const ip of ips) {
    for (let i = 1; i <= 5; i++) await login({ email, password: `attacker guess ${i}` }, ip);
  }
}
const rateRows = (bucket: string, key: string) =>
  getDb().selectFrom("rate_limits").select("count").where("bucket", "=", bucket).where("key", "=", key).execute();
const lockRows = () =>
  getDb().selectFrom("rate_limits").select(["bucket", "key"]).where("bucket", "like", "%:lock").execute();

/** Signs in from a fresh address: the Cookie header of that browser, now known to the account. */
async function knownBrowserOf(email: string) {
  const answer = await login({ email, password: PASSWORD });
  expect(answer).toMatchObject({ kind: "redirect", location: "/admin" });
  return cookieHeader(answer.setCookies.filter((c) => c.startsWith("gate.admin_browser=")));
}

describe("the login form", () => {
  it("asks for an e-mail in e-mail format and a password (spec §5)", async () => {
    const empty = await login({ email: "", password: "" });
    expect(empty).toMatchObject({
      status: 400,
      data: { fieldErrors: { email: "Email is required", password: m.passwordRequired } },
    });
    const malformed = await login({ email: "not-an-email", password: "x" });
    expect(malformed).toMatchObject({ status: 400, data: { fieldErrors: { email: "Enter a valid email address" } } });
    expect(malformed.kind === "data" && malformed.data.values).toEqual({ email: "not-an-email" });
  });

  it("answers 'Invalid credentials or access denied' for a wrong password, and keeps no password", async () => {
    const answer = await login({ email: "admin@example.com", password: "wrong password" });
    expect(answer).toMatchObject({ kind: "data", status: 401, data: { formError: m.invalid } });
    expect(answer.kind === "data" && answer.data.values).toEqual({ email: "admin@example.com" });
    expect(answer.setCookies).toEqual([]);
  });

  it("gives a valid user who is not an admin the same answer, and no session", async () => {
    const before = await sessions();
    for (const email of ["student@example.com", "former@example.com", "nobody@example.com"]) {
      const answer = await login({ email, password: PASSWORD });
      expect(answer, email).toMatchObject({ kind: "data", status: 401, data: { formError: m.invalid } });
      expect(answer.setCookies).toEqual([]);
    }
    expect(await sessions()).toBe(before);
  });

  it("signs an admin in: an httpOnly, SameSite=Lax session cookie and 'Login successful!' on /admin", async () => {
    const answer = await login({ email: "Admin@Example.com", password: PASSWORD });
    expect(answer).toMatchObject({ kind: "redirect", status: 302, location: "/admin" });
    const session = answer.setCookies.find((c) => c.startsWith("gate.session_token="))!;
    expect(session).toMatch(/; HttpOnly/);
    expect(session).toMatch(/; SameSite=Lax/);
    expect(session).not.toMatch(/; Secure/); // not in production
    expect(session).toMatch(/Max-Age=43200/); // never beyond the 12-hour absolute limit
    // The browser is now known to the account for a year (decision 015), for the admin pages only.
    const browser = answer.setCookies.find((c) => c.startsWith("gate.admin_browser="))!;
    expect(browser).toMatch(
      /^gate\.admin_browser=[\w-]{22}\.[\w-]{43}; Path=\/admin; Max-Age=31536000; HttpOnly; SameSite=Lax$/,
    );
    const flash = answer.setCookies.find((c) => c.startsWith("gate.flash="))!;
    const page = await call(loginLoader, getRequest("/admin/login", cookieHeader([flash])));
    // A signed-out visitor with the flash sees it; the signed-in admin is sent on to /admin.
    expect(page).toMatchObject({ data: { flash: { type: "success", message: m.success } } });
    const again = await call(loginLoader, getRequest("/admin/login", cookieHeader(answer.setCookies)));
    expect(again).toMatchObject({ kind: "redirect", location: "/admin" });
  });

  it("sets the Secure flag on the session cookie in production", async () => {
    const { createAuth } = await import("~/lib/auth/auth.server");
    const prod = createAuth({
      db: getDb(),
      databaseUrl: t.url,
      secret: "s".repeat(32) + "production-test-secret",
      production: true,
    });
    try {
      const { headers } = await prod.auth.api.signInEmail({
        body: { email: "admin@example.com", password: PASSWORD },
        headers: new Headers(),
        returnHeaders: true,
      });
      const cookie = headers.getSetCookie()[0]!;
      expect(cookie).toMatch(/^__Secure-gate\.session_token=/);
      expect(cookie).toMatch(/; Secure/);
      expect(cookie).toMatch(/; HttpOnly/);
    } finally {
      await prod.close();
    }
  });
});

describe("brute force", () => {
  it("locks an address and account after 5 failures for 15 minutes, right password included, then lets it in", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2030-01-01T10:00:00Z"));
    await createUser("locked@example.com", "admin");
    const ip = freshIp();
    for (let i = 1; i <= 4; i++) {
      expect(await login({ email: "locked@example.com", password: `guess ${i}` }, ip)).toMatchObject({
        status: 401,
        data: { formError: m.invalid },
      });
    }
    const fifth = await login({ email: "locked@example.com", password: "guess 5" }, ip);
    expect(fifth).toMatchObject({ status: 429, data: { formError: m.locked(15) } });
    expect(m.locked(15)).toContain("locked for 15 minutes");

    vi.setSystemTime(new Date("2030-01-01T10:10:00Z"));
    const right = await login({ email: "locked@example.com", password: PASSWORD }, ip);
    expect(right).toMatchObject({ status: 429, data: { formError: m.locked(5) } });
    expect(right.setCookies).toEqual([]);

    // The counters live in the database (rate_limits), shared by every app instance.
    const locks = await getDb()
      .selectFrom("rate_limits")
      .select("bucket")
      .where("bucket", "=", "sign-in:pair:lock")
      .execute();
    expect(locks).toHaveLength(1);

    vi.setSystemTime(new Date("2030-01-01T10:15:01Z"));
    expect(await login({ email: "locked@example.com", password: PASSWORD }, ip)).toMatchObject({
      kind: "redirect",
      location: "/admin",
    });
  });

  it("locks an address that tries many accounts", async () => {
    const ip = freshIp();
    let last;
    for (let i = 0; i < 20; i++) last = await login({ email: `user${i}@example.com`, password: "guess" }, ip);
    expect(last).toMatchObject({ status: 429 });
    expect(await login({ email: "admin@example.com", password: PASSWORD }, ip)).toMatchObject({ status: 429 });
    expect(await login({ email: "admin@example.com", password: PASSWORD })).toMatchObject({ kind: "redirect" });
  });

  // Issue 42: while an attacker held the account lock, the admin's first typo already said
  // 'locked', and two typos locked their own address for 15 minutes. Decision 015.
  it("an attack from other addresses never locks the admin's browser: a typo is a typo, then the right password signs in", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2030-02-01T10:00:00Z"));
    await createUser("besieged@example.com", "admin");
    const browser = await knownBrowserOf("besieged@example.com");
    const attackers = [freshIp(), freshIp(), freshIp(), freshIp()];
    await attack("besieged@example.com", attackers);
    expect(await rateRows("sign-in:account:lock", "besieged@example.com")).toHaveLength(1);

    // The admin at another address, with no failures of its own: the usual answers.
    const b = freshIp();
    for (const typo of ["besieged typo 1", "besieged typo 2", "besieged typo 3"]) {
      const answer = await login({ email: "besieged@example.com", password: typo }, b, browser);
      expect(answer, typo).toMatchObject({ kind: "data", status: 401, data: { formError: m.invalid } });
    }
    expect(await rateRows("sign-in:pair:lock", `${b}|besieged@example.com`)).toEqual([]);
    expect(await rateRows("sign-in:ip:lock", b)).toEqual([]);
    expect((await lockRows()).filter((row) => row.bucket === "sign-in:browser:lock")).toEqual([]);
    const right = await login({ email: "besieged@example.com", password: PASSWORD }, b, browser);
    expect(right).toMatchObject({ kind: "redirect", location: "/admin" });
    expect(right.setCookies.some((c) => c.startsWith("gate.session_token="))).toBe(true);

    // Behind the attacker's own address (one NAT for the office), the admin's browser still gets in.
    const shared = await login({ email: "besieged@example.com", password: PASSWORD }, attackers[0], browser);
    expect(shared).toMatchObject({ kind: "redirect", location: "/admin" });
  }, 30_000);

  it("a browser new to a locked account is refused, right password included, and told the ways in; its tries are not guesses", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2030-02-03T10:00:00Z"));
    await createUser("guessed@example.com", "admin");
    await attack("guessed@example.com", [freshIp(), freshIp(), freshIp(), freshIp()]);
    const ip = freshIp();
    for (const password of [PASSWORD, "one more guess"]) {
      const answer = await login({ email: "guessed@example.com", password }, ip);
      expect(answer).toMatchObject({ status: 429, data: { formError: m.lockedNewBrowser(15) } });
      expect(answer.setCookies).toEqual([]);
    }
    expect(m.lockedNewBrowser(15)).toMatch(/browser you have signed in with before, or reset your password/);
    // The account's budget bounds the guessing: the password was not checked, nothing was counted.
    expect(await rateRows("sign-in:pair", `${ip}|guessed@example.com`)).toEqual([]);
    expect(await rateRows("sign-in:account", "guessed@example.com")).toEqual([]);

    vi.setSystemTime(new Date("2030-02-03T10:15:01Z"));
    expect(await login({ email: "guessed@example.com", password: PASSWORD }, ip)).toMatchObject({
      kind: "redirect",
      location: "/admin",
    });
  }, 30_000);

  it("the pair lock still refuses an attacking address, right password included; the admin's browser gets in", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2030-02-02T10:00:00Z"));
    await createUser("pair-locked@example.com", "admin");
    const browser = await knownBrowserOf("pair-locked@example.com");
    const attackers = [freshIp(), freshIp(), freshIp(), freshIp()];
    await attack("pair-locked@example.com", attackers);
    for (const ip of attackers) {
      const answer = await login({ email: "pair-locked@example.com", password: PASSWORD }, ip);
      expect(answer, ip).toMatchObject({ status: 429, data: { formError: m.locked(15) } });
      expect(answer.setCookies).toEqual([]);
    }
    expect(await login({ email: "pair-locked@example.com", password: PASSWORD }, freshIp(), browser)).toMatchObject({
      kind: "redirect",
    });
  }, 30_000);

  it("a known browser's own typos lock that browser alone: 5 in 15 minutes", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2030-02-04T10:00:00Z"));
    await createUser("typist@example.com", "admin");
    const browser = await knownBrowserOf("typist@example.com");
    const ip = freshIp();
    for (let i = 1; i <= 4; i++) {
      expect(await login({ email: "typist@example.com", password: `typo ${i}` }, ip, browser)).toMatchObject({
        status: 401,
        data: { formError: m.invalid },
      });
    }
    const fifth = await login({ email: "typist@example.com", password: "typo 5" }, ip, browser);
    expect(fifth).toMatchObject({ status: 429, data: { formError: m.locked(15) } });
    const right = await login({ email: "typist@example.com", password: PASSWORD }, ip, browser);
    expect(right).toMatchObject({ status: 429, data: { formError: m.locked(15) } });
    // Neither the address nor the account is locked: another browser there signs in.
    expect(await login({ email: "typist@example.com", password: PASSWORD }, ip)).toMatchObject({ kind: "redirect" });
  }, 30_000);

  it("a browser known to another account, or an altered cookie, is a new browser", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2030-02-05T10:00:00Z"));
    await createUser("target@example.com", "admin");
    const own = await knownBrowserOf("target@example.com");
    const other = await knownBrowserOf("admin@example.com");
    await attack("target@example.com", [freshIp(), freshIp(), freshIp(), freshIp()]);
    const altered = own.replace(/.(?=$)/, (c) => (c === "A" ? "B" : "A"));
    for (const cookie of [other, altered, "gate.admin_browser=x.y"]) {
      const answer = await login({ email: "target@example.com", password: PASSWORD }, freshIp(), cookie);
      expect(answer, cookie).toMatchObject({ status: 429, data: { formError: m.lockedNewBrowser(15) } });
    }
    expect(await login({ email: "Target@Example.com", password: PASSWORD }, freshIp(), own)).toMatchObject({
      kind: "redirect",
    });
  }, 30_000);

  it("never accepts the demo password in production", async () => {
    await createOrPromoteAdmin(await getAuth(), getDb(), { ...DEMO_ADMIN, production: false });
    const outcome = await signInAdmin(getDb(), {
      ...DEMO_ADMIN,
      ip: freshIp(),
      headers: new Headers(),
      production: true,
    });
    expect(outcome).toEqual({ kind: "invalid" });
    await expect(createOrPromoteAdmin(await getAuth(), getDb(), { ...DEMO_ADMIN, production: true })).rejects.toThrow(
      /demo password/,
    );
  });
});

describe("the auth library's own settings", () => {
  it("stores Argon2id hashes, not the library's default scrypt", async () => {
    const row = await getDb()
      .selectFrom("auth_accounts")
      .select("password")
      .where("provider_id", "=", "credential")
      .executeTakeFirstOrThrow();
    expect(row.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hashPassword("x")).not.toBe(row.password);
  });

  it("has sign-up switched off", async () => {
    const auth = await getAuth();
    await expect(
      auth.api.signUpEmail({ body: { email: "new@example.com", password: "a long enough password", name: "New" } }),
    ).rejects.toMatchObject({ statusCode: 400 });
    const response = await auth.handler(
      new Request(`${ORIGIN}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: ORIGIN },
        body: JSON.stringify({ email: "new2@example.com", password: "a long enough password", name: "New" }),
      }),
    );
    expect(response.status).toBe(400);
    const users = await getDb().selectFrom("auth_users").select("email").where("email", "like", "new%").execute();
    expect(users).toEqual([]);
  });

  it("checks the Origin of cookie-carrying requests even under NODE_ENV=test", async () => {
    expect(process.env.NODE_ENV).toBe("test");
    const auth = await getAuth();
    const cookie = (await login({ email: "admin@example.com", password: PASSWORD })).setCookies;
    const response = await auth.handler(
      new Request(`${ORIGIN}/api/auth/sign-out`, {
        method: "POST",
        headers: { Origin: "https://evil.example", Cookie: cookieHeader(cookie), "Content-Type": "application/json" },
        body: "{}",
      }),
    );
    expect(response.status).toBe(403);
  });

  it("rate limits its HTTP endpoints, counting in our rate_limits table", async () => {
    // At the start of a 10-second window, so that all four attempts fall in it.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2031-01-01T00:00:00Z"));
    const auth = await getAuth();
    const attempt = () =>
      auth.handler(
        new Request(`${ORIGIN}/api/auth/sign-in/email`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "x-gate-client-ip": "192.0.2.77" },
          body: JSON.stringify({ email: "admin@example.com", password: "wrong password" }),
        }),
      );
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await attempt()).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const rows = await getDb()
      .selectFrom("rate_limits")
      .select(["key", "count"])
      .where("bucket", "=", "auth-api")
      .execute();
    expect(rows.some((r) => r.key.includes("192.0.2.77"))).toBe(true);
  });

  it("keeps sessions to the policy: 12 hours absolute, no cookie cache", async () => {
    const auth = await getAuth();
    expect(auth.options.session.expiresIn).toBe(authPolicy.absoluteMs / 1000);
    expect(auth.options.session.cookieCache.enabled).toBe(false);
    expect(auth.options.emailAndPassword.revokeSessionsOnPasswordReset).toBe(true);
  });
});
