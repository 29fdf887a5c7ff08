import { createHash, randomBytes } from "node:crypto";
import { env } from "~/core/env.server";
import { logger } from "~/core/logger.server";
import type { DB } from "~/db/client.server";
import { findKeptForm, insertKeptForm, KEPT_FORM_TTL_MS, takeKeptForm } from "~/db/queries/pending-admin-forms.server";
import { readFormData } from "~/lib/forms/read-form.server";
import { adminReturnPath, hrefOf, keptFields, pageOf, parseKeptForm, type KeptForm } from "./kept-forms";

// Issue 48 "No lost work": an admin form that arrives after the session ended is not dropped. The
// guard (~/lib/auth/guard.server.ts) keeps its text fields here and sends the browser to sign in
// with a cookie holding a random token; signing in (and the second factor) goes back to the page
// the form was on; that page's first load, by a signed-in admin in the same browser, takes the
// form back (once) and shows it filled in, ready to send. Works the same without JavaScript.
//
// The token lives only in that browser's cookie (HttpOnly, SameSite=Lax, path /admin): a link
// cannot make another admin's browser show a form someone else posted. The table holds its digest.

const COOKIE = "gate.kept_form";
/** A body larger than this (a file chosen) is not read for keeping: the form's draft in the browser still has it. */
const KEEP_BODY_BYTES = 1024 * 1024;

const secure = () => (env().NODE_ENV === "production" ? "; Secure" : "");
const digest = (token: string) => createHash("sha256").update(token).digest("hex");

function keptCookie(token: string) {
  return `${COOKIE}=${token}; Path=/admin; Max-Age=${KEPT_FORM_TTL_MS / 1000}; HttpOnly; SameSite=Lax${secure()}`;
}
const clearKeptCookie = () => `${COOKIE}=; Path=/admin; Max-Age=0; HttpOnly; SameSite=Lax${secure()}`;

/** The kept-form token this request's cookie carries, if any. */
function tokenOf(request: Request): string | null {
  const raw = (request.headers.get("Cookie") ?? "")
    .split(/;\s*/)
    .find((part) => part.startsWith(`${COOKIE}=`))
    ?.slice(COOKIE.length + 1);
  return raw && /^[A-Za-z0-9_-]{43}$/.test(raw) ? raw : null;
}

/**
 * Keeps the form this POST carries, when it was posted from an admin section's page and has typed
 * text in it: the Set-Cookie header that lets this browser have it back, or null when nothing was
 * kept. Never throws: the guard's redirect to sign-in goes ahead either way.
 */
export async function keepPostedForm(db: DB, request: Request): Promise<string | null> {
  if (request.method !== "POST") return null;
  const page = pageOf(new URL(request.url));
  if (!page) return null;
  const type = request.headers.get("Content-Type") ?? "";
  const multipart = /^multipart\/form-data/i.test(type);
  if (!multipart && !/^application\/x-www-form-urlencoded/i.test(type)) return null;
  // An upload's body is not read before the guard (server/request-body.ts): only a form's few
  // kilobytes are. A multipart body must say its length (browsers' forms do); a plain form's is
  // read up to KEEP_BODY_BYTES at most.
  const length = request.headers.get("Content-Length");
  if ((multipart && length === null) || Number(length ?? 0) > KEEP_BODY_BYTES) return null;
  try {
    const form = await readFormData(request, KEEP_BODY_BYTES);
    if (!form.ok) return null;
    const fields = keptFields(form.data.entries() as Iterable<[string, string | File]>);
    if (!fields) return null;
    const token = randomBytes(32).toString("base64url");
    const kept = await insertKeptForm(db, {
      tokenHash: digest(token),
      path: page.path,
      search: page.search,
      form: JSON.stringify(fields),
    });
    if (!kept) {
      logger.warn({ path: page.path }, "admin form not kept: too many waiting");
      return null;
    }
    logger.info({ path: page.path }, "admin form kept after the session ended");
    return keptCookie(token);
  } catch (error) {
    logger.error({ err: error, path: page.path }, "keeping an admin form failed");
    return null;
  }
}

/**
 * Where signing in goes back to: the page of the form this browser's cookie names, when it is
 * still kept, or null (then the admin home). Only an admin section's page, never elsewhere.
 */
export async function keptFormDestination(db: DB, request: Request): Promise<string | null> {
  const token = tokenOf(request);
  if (!token) return null;
  try {
    const row = await findKeptForm(db, digest(token));
    const page = row ? adminReturnPath(hrefOf(row)) : null;
    return page ? hrefOf(page) : null;
  } catch (error) {
    logger.error({ err: error }, "reading a kept admin form failed");
    return null;
  }
}

/**
 * For an admin page's load, after the guard: the form this browser's cookie names, if it was kept
 * on this page; it is removed as it is read (a second load shows what is saved), and the cookie
 * cleared. A form kept on another page stays for that page.
 */
export async function takeKeptFormFor(
  db: DB,
  request: Request,
): Promise<{ kept: KeptForm | null; setCookie: string | null }> {
  const token = tokenOf(request);
  const page = pageOf(new URL(request.url));
  if (!token || !page) return { kept: null, setCookie: null };
  try {
    const row = await takeKeptForm(db, digest(token), page.path);
    if (row) return { kept: parseKeptForm(row.form, row.createdAt), setCookie: clearKeptCookie() };
    // Expired or taken already: the cookie has nothing left to name.
    if (!(await findKeptForm(db, digest(token)))) return { kept: null, setCookie: clearKeptCookie() };
    return { kept: null, setCookie: null };
  } catch (error) {
    logger.error({ err: error }, "reading a kept admin form failed");
    return { kept: null, setCookie: null };
  }
}
