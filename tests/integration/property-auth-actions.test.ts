import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { getAuthSecret } from "~/lib/auth/auth.server";
import { codeForStep, stepAt } from "~/lib/auth/totp.server";
import { confirmEnrolment, startEnrolment } from "~/lib/auth/two-factor.server";
import { action as accountAction } from "~/routes/admin/account";
import { action as passwordAction } from "~/routes/admin/account-password";
import { action as twoFactorAction } from "~/routes/admin/account-two-factor";
import { action as forgotAction } from "~/routes/admin/forgot-password";
import { action as loginAction } from "~/routes/admin/login";
import { action as verifyAction } from "~/routes/admin/login-verify";
import { loader as resetLoader, action as resetAction } from "~/routes/admin/reset-password";
import { action as signOutAction } from "~/routes/admin/sign-out";
import { handleAuthRequest } from "../../server/auth-handler";
import {
  CaseCounter,
  encode,
  encoding,
  field,
  formEntries,
  hostileCookie,
  hostileValue,
  type Encoding,
  type Entries,
} from "../support/malformed";
import type { TestDb } from "../support/test-db";
import {
  call,
  closeAuthTestDb,
  cookieHeader,
  createUser,
  openAuthTestDb,
  ORIGIN,
  PASSWORD,
  postRequest,
  sessionCookie,
} from "./auth-support";

// Issue 7 "bad input", sign-in and account actions. Property-based: fast-check generates
// malformed bodies (and garbage cookies) for every sign-in screen and account action, and for the
// auth library's HTTP handler; each must get a clear 4xx, a field error or a redirect, never a 5xx.
//
// Actions covered:
//   POST /admin/login                  email + password           (app/routes/admin/login.tsx)
//   POST /admin/login/verify           second factor: code|cancel (app/routes/admin/login-verify.tsx)
//   POST /admin/forgot-password        email                      (app/routes/admin/forgot-password.tsx)
//   POST /admin/reset-password         token + password + confirm (app/routes/admin/reset-password.tsx)
//   POST /admin/sign-out               (app/routes/admin/sign-out.tsx)
//   POST /admin/account                sign out everywhere        (app/routes/admin/account.tsx)
//   POST /admin/account/password       change password            (app/routes/admin/account-password.tsx)
//   POST /admin/account/two-factor     start|confirm|disable|regenerate|cancel (account-two-factor.tsx)
//   ANY  /api/auth/*                   the auth library's handler (server/auth-handler.ts)
// The content managers are in property-admin-actions.test.ts; the visitor forms in
// property-public-forms.test.ts.

const RUNS = 200;
/** Argon2id makes each password check cost tens of milliseconds: 200 of them need more than 5 s. */
const TIMEOUT = 120_000;
const counter = new CaseCounter();

const LOGIN = "fuzz-login@example.com";
const PASSWORD_OWNER = "fuzz-password@example.com";
const TWO_FACTOR_OWNER = "fuzz-2fa@example.com";
const VERIFIER = "fuzz-verify@example.com";
const EVERYWHERE = "fuzz-everywhere@example.com";

let t: TestDb;
beforeAll(async () => {
  t = await openAuthTestDb();
  for (const email of [LOGIN, PASSWORD_OWNER, TWO_FACTOR_OWNER, VERIFIER, EVERYWHERE]) await createUser(email, "admin");
  // The verifier has two-factor on, so its password alone leaves it half signed in.
  const verifier = await userId(VERIFIER);
  const secret = await getAuthSecret();
  const totp = (await startEnrolment(getDb(), secret, verifier))!;
  const confirmed = await confirmEnrolment(getDb(), secret, verifier, codeForStep(totp, stepAt(Date.now())));
  expect(confirmed.ok).toBe(true);
});
afterAll(async () => {
  for (const line of counter.lines(`auth actions, ${process.env.TEST_ENGINE}`)) console.log(line);
  await closeAuthTestDb(t);
});

async function userId(email: string) {
  const row = await getDb().selectFrom("auth_users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
  return row.id;
}

/** Lock counters of one user, cleared so that every case reaches the action's own checks. */
async function clearLocks(email: string) {
  const id = await userId(email);
  await getDb().deleteFrom("rate_limits").where("key", "in", [id, email]).execute();
}

const password = fc.oneof(
  { arbitrary: fc.constant(PASSWORD), weight: 2 },
  { arbitrary: fc.string({ minLength: 12, maxLength: 40 }), weight: 2 },
  {
    arbitrary: fc.constantFrom("x".repeat(129), "short", "\u0000".repeat(12), "pässwörd-\u{1F600}-long-enough"),
    weight: 1,
  },
  { arbitrary: hostileValue, weight: 2 },
);
const emailValue = field(fc.constantFrom(LOGIN, "nobody@example.com", "FUZZ-LOGIN@EXAMPLE.COM", " a@b.co ", "a@b"));
const code = fc.oneof(
  fc.stringMatching(/^\d{6}$/),
  fc.stringMatching(/^[a-z2-7]{5}-[a-z2-7]{5}$/),
  fc.constantFrom("", "000 000", "1".repeat(41), "\u0000\u0000\u0000\u0000\u0000\u0000", "١٢٣٤٥٦"),
  hostileValue,
);
const ip = fc.oneof(fc.ipV4(), fc.ipV6());
/** The new password twice, so that sometimes the pair matches. */
const newPasswordPair = fc.oneof(
  password.map((p): Entries => [
    ["password", p],
    ["confirm", p],
  ]),
  fc.tuple(password, password).map(([p, c]): Entries => [
    ["password", p],
    ["confirm", c],
  ]),
);

interface Case {
  entries: Entries;
  how: Encoding;
  garbage: string | null;
  clientIp: string;
}

/** A body for these fields, its encoding, a garbage cookie now and then, a client address. */
function cases(fields: Record<string, fc.Arbitrary<string>>, extra: fc.Arbitrary<Entries> = fc.constant([])) {
  return fc.record({
    entries: fc.tuple(formEntries(fields), extra).map(([a, b]) => [...a, ...b]),
    how: encoding,
    garbage: fc.oneof(
      { arbitrary: fc.constant<string | null>(null), weight: 8 },
      { arbitrary: hostileCookie.map((c): string | null => c), weight: 1 },
    ),
    clientIp: ip,
  });
}

async function post(action: unknown, path: string, c: Case, cookie?: string) {
  const { body, headers } = await encode(c.entries, c.how);
  const sent = c.garbage ?? cookie;
  const request = new Request(`${ORIGIN}${path}`, {
    method: "POST",
    body,
    headers: { Origin: ORIGIN, ...(sent ? { Cookie: sent } : {}), ...headers },
  });
  return call(action as never, request, c.clientIp);
}

/** The common verdict: below 500; a redirect stays on this site; a refusal is data the page renders. */
function expectClear(name: string, answer: Awaited<ReturnType<typeof call>>) {
  counter.add(name, answer.kind === "redirect" ? `${answer.status} to ${answer.location}` : answer.status);
  expect(answer.status).toBeLessThan(500);
  if (answer.kind === "redirect") expect(answer.location).toMatch(/^\/(?![/\\])/);
  else if (answer.status >= 400) expect(answer.data).toMatchObject({ ok: false });
}

describe(`sign-in and account actions with malformed input (${process.env.TEST_ENGINE})`, () => {
  it(
    "login (/admin/login)",
    async () => {
      await fc.assert(
        fc.asyncProperty(cases({ email: emailValue, password }), async (c) => {
          await clearLocks(LOGIN);
          expectClear("login (/admin/login)", await post(loginAction, "/admin/login", c));
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );

  it(
    "second factor (/admin/login/verify)",
    async () => {
      let pending = "";
      await fc.assert(
        fc.asyncProperty(
          cases({ intent: fc.oneof(fc.constantFrom("verify", "cancel"), hostileValue), code }),
          async (c) => {
            await clearLocks(VERIFIER);
            if (!pending) {
              // Half signed in: the password step done, the code to come.
              const step = await call(
                loginAction as never,
                postRequest("/admin/login", { email: VERIFIER, password: PASSWORD }),
                "192.0.2.200",
              );
              expect(step).toMatchObject({ kind: "redirect", location: "/admin/login/verify" });
              pending = cookieHeader(step.setCookies);
            }
            const answer = await post(verifyAction, "/admin/login/verify", c, pending);
            expectClear("second factor (/admin/login/verify)", answer);
            // Cancelled (or locked out): the next case starts from the password again.
            if (c.garbage === null && answer.kind === "redirect") pending = "";
          },
        ),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );

  it(
    "forgot password (/admin/forgot-password)",
    async () => {
      await fc.assert(
        fc.asyncProperty(cases({ email: emailValue }), async (c) => {
          await clearLocks(LOGIN);
          expectClear(
            "forgot password (/admin/forgot-password)",
            await post(forgotAction, "/admin/forgot-password", c),
          );
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );

  it(
    "reset password (/admin/reset-password)",
    async () => {
      const token = fc.oneof(fc.stringMatching(/^[A-Za-z0-9]{24}$/), hostileValue);
      await fc.assert(
        fc.asyncProperty(cases({ token }, newPasswordPair), async (c) => {
          expectClear("reset password (/admin/reset-password)", await post(resetAction, "/admin/reset-password", c));
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );

  it(
    "reset password page (GET /admin/reset-password?token=…)",
    async () => {
      const token = fc.oneof(fc.stringMatching(/^[A-Za-z0-9]{24}$/), hostileValue);
      await fc.assert(
        fc.asyncProperty(token, async (value) => {
          const url = `/admin/reset-password?${new URLSearchParams({ token: value })}`;
          const answer = await call(resetLoader as never, new Request(`${ORIGIN}${url}`));
          counter.add("reset password page (GET /admin/reset-password)", answer.status);
          expect(answer).toMatchObject({ kind: "data", status: 200, data: { valid: false } });
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );

  it(
    "sign-out (/admin/sign-out)",
    async () => {
      await fc.assert(
        fc.asyncProperty(cases({ intent: hostileValue }), async (c) => {
          expectClear("sign-out (/admin/sign-out)", await post(signOutAction, "/admin/sign-out", c));
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );

  it(
    "sign out everywhere (/admin/account)",
    async () => {
      let cookie = "";
      // The action reads no fields, so the cookie is what varies: garbage three times in four (each
      // real session ends with its success, and signing in again costs a password hash).
      const everywhere = fc.record({
        entries: formEntries({ intent: fc.oneof(fc.constant("sign-out-everywhere"), hostileValue) }),
        how: encoding,
        garbage: fc.oneof(
          { arbitrary: fc.constant<string | null>(null), weight: 1 },
          { arbitrary: hostileCookie.map((v): string | null => v), weight: 3 },
        ),
        clientIp: ip,
      });
      await fc.assert(
        fc.asyncProperty(everywhere, async (c) => {
          if (c.garbage === null && !cookie) cookie = await sessionCookie(EVERYWHERE);
          const answer = await post(accountAction, "/admin/account", c, cookie);
          expectClear("sign out everywhere (/admin/account)", answer);
          if (c.garbage === null) cookie = "";
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );

  it(
    "change password (/admin/account/password)",
    async () => {
      let cookie = await sessionCookie(PASSWORD_OWNER);
      let current = PASSWORD;
      await fc.assert(
        fc.asyncProperty(
          cases({ current: fc.oneof(fc.constant("<current>"), password) }, newPasswordPair),
          async (c) => {
            await clearLocks(PASSWORD_OWNER);
            // "<current>" stands for whatever the password is by now.
            const entries = c.entries.map(([k, v]): [string, string] => [k, v === "<current>" ? current : v]);
            const answer = await post(passwordAction, "/admin/account/password", { ...c, entries }, cookie);
            expectClear("change password (/admin/account/password)", answer);
            if (c.garbage === null && answer.kind === "redirect" && answer.location === "/admin/account") {
              // Changed: other sessions are gone and this one was renewed.
              cookie = cookieHeader(answer.setCookies);
              current = new URLSearchParams(entries).get("password")!;
            }
          },
        ),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );

  it(
    "two-factor settings (/admin/account/two-factor)",
    async () => {
      const cookie = await sessionCookie(TWO_FACTOR_OWNER);
      await fc.assert(
        fc.asyncProperty(
          cases({
            intent: fc.oneof(fc.constantFrom("start", "confirm", "disable", "regenerate", "cancel"), hostileValue),
            current: password,
            code,
          }),
          async (c) => {
            await clearLocks(TWO_FACTOR_OWNER);
            const answer = await post(twoFactorAction, "/admin/account/two-factor", c, cookie);
            expectClear("two-factor settings (/admin/account/two-factor)", answer);
          },
        ),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );

  it(
    "auth library handler (/api/auth/*)",
    async () => {
      const method = fc.oneof(
        { arbitrary: fc.constant("POST"), weight: 4 },
        { arbitrary: fc.constantFrom("GET", "PUT", "DELETE", "PATCH", "OPTIONS"), weight: 1 },
      );
      const path = fc.oneof(
        // The one exposed endpoint, most of the time.
        { arbitrary: fc.constant("sign-out"), weight: 4 },
        fc.constantFrom(
          "sign-out",
          "sign-in/email",
          "sign-up/email",
          "get-session",
          "reset-password",
          "request-password-reset",
          "two-factor/enable",
          "update-user",
          "list-sessions",
          "%2e%2e/admin",
          "sign-out/",
          "SIGN-OUT",
          "sign-out?x=%ZZ",
        ),
        fc.webPath(),
      );
      await fc.assert(
        fc.asyncProperty(
          method,
          path,
          cases({ email: emailValue, password, token: hostileValue }),
          async (verb, where, c) => {
            const { body, headers } = await encode(c.entries, c.how);
            const url = `${ORIGIN}/api/auth/${where.replace(/^\//, "")}`;
            const request = new Request(url, {
              method: verb,
              body: verb === "GET" || verb === "OPTIONS" ? undefined : body,
              headers: { Origin: ORIGIN, ...(c.garbage ? { Cookie: c.garbage } : {}), ...headers },
            });
            const response = await handleAuthRequest(request, c.clientIp);
            counter.add("auth library handler (/api/auth/*)", response.status);
            expect(response.status).toBeLessThan(500);
          },
        ),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );
});
