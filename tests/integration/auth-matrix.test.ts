import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes";
import type { TestDb } from "../support/test-db";
import {
  call,
  closeAuthTestDb,
  context,
  createUser,
  getRequest,
  openAuthTestDb,
  PASSWORD,
  postRequest,
  ROLES,
  sessionCookie,
  snapshot,
  type Answer,
  type Role,
} from "./auth-support";

// The authorization matrix (issue #4): every admin route module named in app/routes.ts, its
// loader and its action, × {anonymous, signed-in non-admin, admin whose profile is inactive,
// admin}. Anonymous requests go to the login page, the two others get 403 ('Access Denied'),
// and a refused write leaves every table exactly as it was. A module added to the table later is
// in the matrix automatically; only the sign-in screens below are allowed to skip the guard.

/** Admin modules open without an admin session: they are how one gets (or ends) it. */
const SIGN_IN_SCREENS = new Set([
  "routes/admin/login.tsx",
  "routes/admin/login-verify.tsx",
  "routes/admin/forgot-password.tsx",
  "routes/admin/reset-password.tsx",
  "routes/admin/sign-out.tsx",
]);

interface Entry {
  file: string;
  path: string;
}

function flatten(entries: RouteConfigEntry[], parent = ""): Entry[] {
  return entries.flatMap((entry) => {
    const path = entry.index ? parent : [parent, entry.path].filter(Boolean).join("/");
    return [{ file: entry.file, path: `/${path}`.replace(/\/+/g, "/") }, ...flatten(entry.children ?? [], path)];
  });
}

const adminEntries = flatten(routes).filter((entry) => entry.file.startsWith("routes/admin/"));
const guarded = adminEntries.filter((entry) => !SIGN_IN_SCREENS.has(entry.file));
const modules = import.meta.glob<Record<string, unknown>>("../../app/routes/admin/**/*.tsx");
const moduleFor = (file: string) => modules[`../../app/${file}`]!();
/** The guarded modules that take writes: each of their actions is in the matrix too. */
const writable: Entry[] = [];
for (const entry of guarded) if (typeof (await moduleFor(entry.file)).action === "function") writable.push(entry);

/** A body that would change something if the guard let it through. */
const writeAttempt = {
  intent: "start",
  current: PASSWORD,
  password: "a brand new password 1",
  confirm: "a brand new password 1",
  code: "123456",
  title: "Injected",
};

let t: TestDb;
const emails: Record<Exclude<Role, "anonymous">, string> = {
  "non-admin": "student@example.com",
  "inactive-admin": "former-admin@example.com",
  admin: "admin@example.com",
};

beforeAll(async () => {
  t = await openAuthTestDb();
  for (const [role, email] of Object.entries(emails)) await createUser(email, role as Exclude<Role, "anonymous">);
});
afterAll(() => closeAuthTestDb(t));

async function cookieFor(role: Role) {
  return role === "anonymous" ? undefined : sessionCookie(emails[role]);
}

function verdict(answer: Answer) {
  // The guard's redirect replaces the history entry (spec §4); a page's own redirect there (after
  // signing out everywhere) is an allowed request.
  if (answer.kind === "redirect" && answer.location === "/admin/login" && answer.replace) return "to login";
  if (answer.kind === "data" && answer.status === 403 && answer.data?.accessDenied) return "access denied";
  return "allowed";
}

const expected: Record<Role, string> = {
  anonymous: "to login",
  "non-admin": "access denied",
  "inactive-admin": "access denied",
  admin: "allowed",
};

describe("the admin route table", () => {
  it("finds the module of every admin route, the sign-in screens included", () => {
    for (const entry of adminEntries) expect(Object.keys(modules), entry.file).toContain(`../../app/${entry.file}`);
    for (const file of SIGN_IN_SCREENS) expect(adminEntries.map((e) => e.file)).toContain(file);
    // The panel: the shell, six sections and three account pages.
    expect(guarded.length).toBeGreaterThanOrEqual(10);
  });

  it("holds the question bank's editor, its live preview (a POST) and its export (issue 46)", () => {
    const paths = writable.map((entry) => entry.path);
    expect(paths).toContain("/admin/questions");
    expect(paths).toContain("/admin/questions/preview");
    expect(guarded.map((entry) => entry.path)).toContain("/admin/questions/export/:file");
  });

  it("holds the timed tests' manager (a POST) and each test's statistics (read-only) (issue 47)", async () => {
    expect(writable.map((entry) => entry.path)).toContain("/admin/tests");
    const stats = guarded.find((entry) => entry.path === "/admin/tests/:id/stats");
    expect(stats?.file).toBe("routes/admin/test-stats.tsx");
    expect((await moduleFor(stats!.file)).action).toBeUndefined();
  });

  it("gives every guarded module a loader, so none renders without the guard", async () => {
    for (const entry of guarded) {
      const mod = await moduleFor(entry.file);
      expect(typeof mod.loader, entry.file).toBe("function");
    }
  });
});

describe.each(guarded)("$file ($path) loader", (entry) => {
  it.each(ROLES)("%s", async (role) => {
    const mod = await moduleFor(entry.file);
    const cookie = await cookieFor(role);
    const before = role === "admin" ? null : await snapshot();
    const answer = await call(mod.loader as never, getRequest(entry.path, cookie));
    expect(verdict(answer)).toBe(expected[role]);
    if (before) expect(await snapshot()).toEqual(before);
  });
});

describe.each(writable)("$file ($path) action", (entry) => {
  it.each(ROLES)("%s", async (role) => {
    const mod = await moduleFor(entry.file);
    const cookie = await cookieFor(role);
    const before = role === "admin" ? null : await snapshot();
    // The admin's own request gets through the guard; it carries a wrong current password so
    // that it does not lock the admin out of the rest of the matrix.
    const body = role === "admin" ? { ...writeAttempt, current: "not the password" } : writeAttempt;
    const answer = await call(mod.action as never, postRequest(entry.path, body, cookie));
    expect(verdict(answer)).toBe(expected[role]);
    if (before) expect(await snapshot(), "a refused write changed the database").toEqual(before);
  });
});

// Issue 45: the media library's files are for everyone (a page's pictures, a paper's PDF); only
// their upload, edit and delete are the admin's (/admin/media, in the matrix above).
describe("the media files' routes", () => {
  const mediaEntries = flatten(routes).filter((entry) => entry.file.startsWith("routes/media/"));
  const mediaModules = import.meta.glob<Record<string, unknown>>("../../app/routes/media/*.ts");

  it("are public and read-only: anonymous GETs get the file, and they take no writes", async () => {
    expect(mediaEntries.map((e) => e.path).sort()).toEqual(["/media/:hash/:name", "/media/:hash/v/:variant"]);
    const { getDb } = await import("~/db/client.server");
    const db = getDb();
    const hash = "e".repeat(64);
    const now = new Date().toISOString();
    const bytes = Buffer.from("%PDF-1.4\n%%EOF\n");
    await db
      .insertInto("media_files")
      .values({
        hash,
        kind: "document",
        mime: "application/pdf",
        ext: "pdf",
        size: bytes.length,
        filename: "public.pdf",
        title: "Public",
        created_by: "admin@example.com",
        created_at: now,
        updated_at: now,
      })
      .execute();
    await db.insertInto("media_chunks").values({ hash, seq: 0, data: bytes }).execute();
    try {
      for (const entry of mediaEntries) {
        const mod = await mediaModules[`../../app/${entry.file}`]!();
        expect(mod.action, entry.file).toBeUndefined();
      }
      const file = await mediaModules["../../app/routes/media/file.ts"]!();
      const response = (await (file.loader as (args: unknown) => Promise<Response>)({
        request: getRequest(`/media/${hash}/public.pdf`),
        params: { hash, name: "public.pdf" },
        context: context(),
      })) as Response;
      expect(response.status).toBe(200);
      expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes);
    } finally {
      await db.deleteFrom("media_chunks").where("hash", "=", hash).execute();
      await db.deleteFrom("media_files").where("hash", "=", hash).execute();
    }
  });
});

describe("matrix size", () => {
  it("covers every guarded module's loader and every action in four roles", async () => {
    // A module outside `writable` has no action at all: a POST to it never reaches our code.
    for (const entry of guarded.filter((e) => !writable.includes(e)))
      expect((await moduleFor(entry.file)).action, entry.file).toBeUndefined();
    const handlers = guarded.length + writable.length;
    // Reported in the closing note: routes × roles, and handler checks.
    console.info(
      `authorization matrix: ${guarded.length} routes × ${ROLES.length} roles; ${handlers * ROLES.length} checks`,
    );
    // The panel's writes: the six sections, Mail Delivery, Site Settings and the account pages.
    expect(writable.length).toBeGreaterThanOrEqual(9);
  });
});
