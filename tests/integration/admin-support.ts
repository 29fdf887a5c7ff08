import { sql } from "kysely";
import { expect } from "vitest";
import { getDb } from "~/db/client.server";
import type { Database } from "~/db/schema";
import { adminAndStudent, call, flash, getRequest, postRequest, type Answer } from "./auth-support";

// Shared by the managers' tests (admin-routes-*.test.ts, admin-lists-*.test.ts through
// admin-lists-support.ts, admin-refusals.test.ts): a manager's loader and action called as the
// router calls them, by the file's admin unless told otherwise, and the checks of what a write
// answered and left in the database.

export type Handler = (args: never) => unknown;

/**
 * For a file of manager tests: its database with an admin and a signed-in non-admin
 * (auth-support.ts), and a manager's action and loader called with the admin's session cookie,
 * or another's; null or "" call without one.
 */
export function managerCalls(admin: string, student?: string) {
  const sessions = adminAndStudent(admin, student);
  const post = (
    action: Handler,
    path: string,
    fields: Record<string, string>,
    cookie: string | null = sessions.adminCookie,
  ) => call(action as never, postRequest(path, fields, cookie || undefined));
  const get = (loader: Handler, path: string, cookie: string | null = sessions.adminCookie) =>
    call(loader as never, getRequest(path, cookie || undefined));
  return { sessions, post, get };
}

/**
 * A successful write: back to the list with this toast; a list's saved row is the address's
 * fragment (#row-12, issue 48), so that it is scrolled to and focused.
 */
export function expectSaved(answer: Answer, location: string, message: string) {
  expect(answer).toMatchObject({ kind: "redirect", status: 302 });
  if (answer.kind === "redirect") expect(answer.location.replace(/#row-\d+$/, "")).toBe(location);
  expect(flash(answer)).toBe(message);
}

/** A refusal: its status, its message, and the field errors given. */
export function expectRefused(
  answer: Answer,
  status: number,
  formError: string,
  errors: Record<string, RegExp | string> = {},
) {
  expect(answer.kind).toBe("data");
  if (answer.kind !== "data") return;
  expect(answer.status).toBe(status);
  expect(answer.data).toMatchObject({ ok: false, formError });
  for (const [field, expected] of Object.entries(errors)) expect(answer.data.fieldErrors[field]).toMatch(expected);
  return answer.data as { values: Record<string, string>; fieldErrors: Record<string, string> };
}

/** A redirect to `location`, with this toast when one is given. */
export function expectRedirect(answer: Answer, location: string, message?: string) {
  expect(answer).toMatchObject({ kind: "redirect", location });
  if (message !== undefined) expect(flash(answer)).toBe(message);
}

export const db = () => getDb();

/** How many rows the table holds. */
export const count = async (table: keyof Database & string) =>
  Number(
    (
      await db()
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
export const auditCount = () => count("audit_log");
export const lastAudit = () => db().selectFrom("audit_log").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();

/** A timestamp older than any write of the test: set before an update, to see it changed. */
export const OLD = "2020-01-01T00:00:00.000Z";

/** Runs `fn` with a table renamed away, so that reads or writes touching it fail. */
export async function withoutTable<T>(table: string, fn: () => Promise<T>): Promise<T> {
  await sql`alter table ${sql.table(table)} rename to ${sql.table(`${table}_away`)}`.execute(db());
  try {
    return await fn();
  } finally {
    await sql`alter table ${sql.table(`${table}_away`)} rename to ${sql.table(table)}`.execute(db());
  }
}
