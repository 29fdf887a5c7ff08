import type { DB } from "../client.server";

// Admin forms posted after the session ended (issue 48 "No lost work"): kept by the guard, shown
// once on their page after the admin signs in again, purged when nobody came back for them. What
// is kept and who may ask for it is ~/lib/admin/kept-forms.server.ts's to say; this module only
// stores rows. Each row is found by the digest of a random token only the posting browser holds.

/** A kept form lives this long: long enough for a coffee and a sign-in, not for a shared desk overnight. */
export const KEPT_FORM_TTL_MS = 2 * 60 * 60_000;
/** At most this many unexpired forms wait at once: anonymous posts cannot fill the table. */
export const MAX_KEPT_FORMS = 500;

export interface KeptFormRow {
  path: string;
  search: string;
  form: string;
  createdAt: string;
}

/** Drops the forms past their time. Returns how many. */
export async function pruneKeptForms(db: DB, now = Date.now()) {
  const result = await db
    .deleteFrom("pending_admin_forms")
    .where("expires_at", "<=", new Date(now).toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Keeps one form for `KEPT_FORM_TTL_MS`, first dropping the expired ones. Refused (false) while
 * `MAX_KEPT_FORMS` others wait.
 */
export async function insertKeptForm(
  db: DB,
  row: { tokenHash: string; path: string; search: string; form: string },
  now = Date.now(),
): Promise<boolean> {
  await pruneKeptForms(db, now);
  const waiting = await db
    .selectFrom("pending_admin_forms")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  if (Number(waiting.n) >= MAX_KEPT_FORMS) return false;
  await db
    .insertInto("pending_admin_forms")
    .values({
      token_hash: row.tokenHash,
      path: row.path,
      search: row.search,
      form: row.form,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + KEPT_FORM_TTL_MS).toISOString(),
    })
    .execute();
  return true;
}

/** The unexpired form with this token digest, left in place (where the sign-in goes back to). */
export async function findKeptForm(db: DB, tokenHash: string, now = Date.now()): Promise<KeptFormRow | null> {
  const row = await db
    .selectFrom("pending_admin_forms")
    .select(["path", "search", "form", "created_at"])
    .where("token_hash", "=", tokenHash)
    .where("expires_at", ">", new Date(now).toISOString())
    .executeTakeFirst();
  return row ? { path: row.path, search: row.search, form: row.form, createdAt: row.created_at } : null;
}

/**
 * The unexpired form with this token digest kept on page `path`, removed as it is read: of two
 * requests asking at once, one gets it.
 */
export async function takeKeptForm(
  db: DB,
  tokenHash: string,
  path: string,
  now = Date.now(),
): Promise<KeptFormRow | null> {
  const row = await db
    .deleteFrom("pending_admin_forms")
    .where("token_hash", "=", tokenHash)
    .where("path", "=", path)
    .where("expires_at", ">", new Date(now).toISOString())
    .returning(["path", "search", "form", "created_at"])
    .executeTakeFirst();
  return row ? { path: row.path, search: row.search, form: row.form, createdAt: row.created_at } : null;
}
