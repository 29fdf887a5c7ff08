import { SUBMIT_TOKEN_FIELD } from "~/lib/forms/submit-token";
import { adminMenu } from "./sections";

// Issue 48 "No lost work", the rules of a form kept across a sign-in, without I/O (the store is
// ./kept-forms.server.ts): which pages may keep one and be gone back to, which fields are kept,
// and what the page is given back. Safe to import on the client.

/** What a page gets back: the fields as posted, and whether files had to be left out. */
export interface KeptForm {
  values: Record<string, string>;
  filesLeftOut: boolean;
  /** When it was kept (ISO). */
  keptAt: string;
}

/** The pages whose forms are kept and gone back to: the admin sections, nothing else. */
const keepablePaths: ReadonlySet<string> = new Set(adminMenu.map((section) => section.path));

/** Fields that say which form it was, not what was typed: a post of only these keeps nothing. */
const IDENTITY_FIELDS = new Set(["intent", "id", "kind", "level", "table", "direction", "question_id", "edit"]);
/**
 * Never kept, whatever the page: secrets, and the one-time submit token (the page renders a new
 * one). The account pages, where passwords and codes are typed, keep nothing at all (not sections).
 */
const SECRET_FIELD = /passw|secret|token/i;
/** Posts whose content is a file or a file's text (imports, uploads): nothing to fill in again. */
const FILE_INTENTS = /^(import|upload)/;

/** At most this much typed text is kept (JSON characters), and this many fields. */
export const MAX_KEPT_CHARS = 256 * 1024;
const MAX_KEPT_FIELDS = 200;

/**
 * The admin page a path-and-query names, or null: same origin, an admin section's path, its query
 * without the router's own parameters. Refuses absolute and protocol-relative URLs, backslashes,
 * the sign-in screens, resource routes and anything outside /admin (no open redirect).
 */
export function adminReturnPath(value: string | null | undefined): { path: string; search: string } | null {
  if (!value || !value.startsWith("/") || value.startsWith("//") || /[\\\s]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, "http://admin.invalid");
  } catch {
    return null;
  }
  if (url.origin !== "http://admin.invalid") return null;
  return pageOf(url);
}

/**
 * The admin page a POST was sent from, from its URL: the section's path (a trailing slash or the
 * router's `.data` dropped) and the query that says which form was open (?edit=12, ?new=1, ?tab=…),
 * without the router's `index` and `_routes`. Null when the path is not an admin section's.
 */
export function pageOf(url: URL): { path: string; search: string } | null {
  let path = url.pathname.replace(/\.data$/, "");
  if (path.length > 1) path = path.replace(/\/+$/, "");
  if (!keepablePaths.has(path)) return null;
  const params = new URLSearchParams(url.search);
  for (const name of ["index", "_routes", "_data"]) params.delete(name);
  const query = params.toString();
  return { path, search: query ? `?${query}` : "" };
}

/** The page's address: path and query. */
export const hrefOf = (page: { path: string; search: string }) => `${page.path}${page.search}`;

/**
 * What of a posted form is kept: its text fields (repeated ones keep their first value, as the
 * forms read them), without secrets, the submit token or files; whether a file was left out. Null
 * when there is nothing typed to give back (a delete, a move, an import) or too much.
 */
export function keptFields(
  entries: Iterable<[string, string | { name: string; size: number }]>,
): { values: Record<string, string>; filesLeftOut: boolean } | null {
  const values: Record<string, string> = Object.create(null);
  let filesLeftOut = false;
  let count = 0;
  for (const [name, value] of entries) {
    if (typeof value !== "string") {
      if (value.size > 0 || value.name) filesLeftOut = true;
      continue;
    }
    if (name === SUBMIT_TOKEN_FIELD || SECRET_FIELD.test(name) || Object.hasOwn(values, name)) continue;
    if (++count > MAX_KEPT_FIELDS) return null;
    values[name] = value;
  }
  if (FILE_INTENTS.test(values.intent ?? "")) return null;
  const typed = Object.keys(values).some((name) => !IDENTITY_FIELDS.has(name) && values[name] !== "");
  if (!typed) return null;
  if (JSON.stringify(values).length > MAX_KEPT_CHARS) return null;
  return { values: { ...values }, filesLeftOut };
}

/** A stored form read back; anything malformed is nothing. */
export function parseKeptForm(json: string, keptAt: string): KeptForm | null {
  try {
    const parsed = JSON.parse(json) as { values?: unknown; filesLeftOut?: unknown };
    if (!parsed || typeof parsed.values !== "object" || parsed.values === null) return null;
    const values: Record<string, string> = {};
    for (const [name, value] of Object.entries(parsed.values)) if (typeof value === "string") values[name] = value;
    return { values, filesLeftOut: parsed.filesLeftOut === true, keptAt };
  } catch {
    return null;
  }
}
