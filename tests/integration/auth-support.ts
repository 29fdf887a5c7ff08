import { afterAll, beforeAll } from "vitest";
import { closeDb, getDb } from "~/db/client.server";
import { closeAuth, getAuth } from "~/lib/auth/auth.server";
import { createOrPromoteAdmin } from "~/lib/auth/users.server";
import { contextWith } from "../support/router-context";
import { openTestDb, type TestDb } from "../support/test-db";

// Shared by the auth-*.test.ts files: a database for the file (reached by the app through
// DATABASE_URL, as in production), users in each role, sessions, and calling route modules the
// way the router does.

export const ORIGIN = "http://localhost";
export const PASSWORD = "correct horse battery staple";

export async function openAuthTestDb(): Promise<TestDb> {
  const t = await openTestDb();
  process.env.DATABASE_URL = t.url;
  return t;
}

export async function closeAuthTestDb(t: TestDb) {
  await closeAuth();
  await closeDb();
  await t.cleanup();
}

export type Role = "anonymous" | "non-admin" | "inactive-admin" | "admin";
export const ROLES: Role[] = ["anonymous", "non-admin", "inactive-admin", "admin"];

/** A user with a password; `role` decides the admin profile: none, inactive, or active admin. */
export async function createUser(email: string, role: Exclude<Role, "anonymous">, password = PASSWORD) {
  const db = getDb();
  const { userId } = await createOrPromoteAdmin(await getAuth(), db, { email, password, production: false });
  if (role === "non-admin") await db.deleteFrom("admin_profiles").where("user_id", "=", userId).execute();
  if (role === "inactive-admin") {
    await db.updateTable("admin_profiles").set({ is_active: false }).where("user_id", "=", userId).execute();
  }
  return userId;
}

/** A fresh session for the user, straight from the auth library: the Cookie header value. */
export async function sessionCookie(email: string, password = PASSWORD) {
  const auth = await getAuth();
  const { headers } = await auth.api.signInEmail({
    body: { email, password },
    headers: new Headers(),
    returnHeaders: true,
  });
  return cookieHeader(headers.getSetCookie());
}

/** Set-Cookie values → a Cookie request header (cookies being cleared are dropped). */
export function cookieHeader(setCookies: string[]) {
  return setCookies
    .map((c) => c.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

/** A request's router context: the file's database (DATABASE_URL's, as the server's is) and `ip`. */
export function context(ip = "203.0.113.10") {
  return contextWith(getDb(), ip);
}

/** What the router passes a public page's loader for an anonymous GET of `path`. */
export function pageArgs(path: string, params: Record<string, string> = {}) {
  const url = new URL(path, ORIGIN);
  return { request: new Request(url), url, pattern: url.pathname, params, context: context() };
}

export function getRequest(path: string, cookie?: string) {
  return new Request(`${ORIGIN}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
}

export function postRequest(path: string, fields: Record<string, string>, cookie?: string) {
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Origin: ORIGIN, ...(cookie ? { Cookie: cookie } : {}) },
  });
}

/** What a loader or action answered or threw, in the terms the tests speak. */
export type Answer =
  | { kind: "redirect"; status: number; location: string; replace: boolean; setCookies: string[] }
  | { kind: "data"; status: number; data: any; setCookies: string[] };

interface DataWithInit {
  type: "DataWithResponseInit";
  data: unknown;
  init: ResponseInit | null;
}
const isDataWithInit = (value: unknown): value is DataWithInit =>
  typeof value === "object" && value !== null && (value as DataWithInit).type === "DataWithResponseInit";

function toAnswer(value: unknown): Answer {
  if (value instanceof Response) {
    const location = value.headers.get("Location");
    if (location) {
      return {
        kind: "redirect",
        status: value.status,
        location,
        // React Router's replace(): the new page takes the place of the refused one in history.
        replace: value.headers.has("X-Remix-Replace"),
        setCookies: value.headers.getSetCookie(),
      };
    }
    return { kind: "data", status: value.status, data: null, setCookies: value.headers.getSetCookie() };
  }
  if (isDataWithInit(value)) {
    const headers = new Headers(value.init?.headers);
    return { kind: "data", status: value.init?.status ?? 200, data: value.data, setCookies: headers.getSetCookie() };
  }
  return { kind: "data", status: 200, data: value, setCookies: [] };
}

type Handler = (args: any) => unknown;

/** Calls a route's loader or action as the router would; thrown answers are answers too. */
export async function call(handler: Handler, request: Request, ip?: string): Promise<Answer> {
  try {
    return toAnswer(await handler({ request, params: {}, context: context(ip) }));
  } catch (error) {
    if (error instanceof Response || isDataWithInit(error)) return toAnswer(error);
    throw error;
  }
}

/** Every row of every table: what a refused write must leave exactly as it was. */
export async function snapshot() {
  const db = getDb();
  const tables = [
    "hero_banners",
    "testimonials",
    "welcome_popup",
    "test_categories",
    "test_subcategories",
    "test_items",
    "ebooks",
    "free_materials",
    "job_alerts",
    "courses",
    "test_series",
    "test_series_aliases",
    "admin_profiles",
    "email_outbox",
    "site_settings",
    "audit_log",
    "trash",
    "rate_limits",
    "auth_users",
    "auth_sessions",
    "auth_accounts",
    "auth_verifications",
    "auth_two_factor",
    "auth_backup_codes",
    "media_files",
    "media_chunks",
    "media_variants",
    "questions",
    "question_versions",
    "question_answers",
    "question_reports",
    "practice_tests",
    "practice_test_questions",
    "test_attempts",
    "attempt_answers",
    "faqs",
    "site_pages",
    "alert_subscribers",
    "alert_mailings",
    "alert_broadcasts",
  ] as const;
  const out: Record<string, string[]> = {};
  for (const table of tables) {
    const rows = await db.selectFrom(table).selectAll().execute();
    out[table] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return out;
}

/**
 * For a file of admin tests: the auth test database, opened before its tests and closed after,
 * with an admin and a signed-in non-admin. The cookies are there once `beforeAll` has run.
 */
export function adminAndStudent(admin: string, student = "student@example.com") {
  const sessions = { adminCookie: "", studentCookie: "" };
  let t: TestDb;
  beforeAll(async () => {
    t = await openAuthTestDb();
    await createUser(admin, "admin");
    await createUser(student, "non-admin");
    sessions.adminCookie = await sessionCookie(admin);
    sessions.studentCookie = await sessionCookie(student);
  });
  afterAll(() => closeAuthTestDb(t));
  return sessions;
}

/** The toast a redirect carries in its flash cookie. */
export function flash(answer: Answer): string | null {
  const cookie = answer.setCookies.find((c) => c.startsWith("gate.flash="));
  if (!cookie) return null;
  const value = cookie.slice("gate.flash=".length).split(";")[0]!;
  return (JSON.parse(Buffer.from(value, "base64url").toString("utf8")) as { message: string }).message;
}
