import { data, redirect } from "react-router";
import type { z } from "zod";
import { listBack, withRow } from "~/core/list-query";
import { logger } from "~/core/logger.server";
import { DuplicateSubmission, type AdminActor } from "~/db/audited-write.server";
import type { DB } from "~/db/client.server";
import { flashCookie } from "~/lib/auth/flash.server";
import { formFailure, keep, parseForm, readForm } from "~/lib/forms/read-form.server";
import type { FieldErrors, FormFailure } from "~/lib/forms/submission";
import { adminSubmissionKey } from "~/lib/forms/idempotency.server";
import { IdSchema } from "~/lib/schemas/admin/common";
import { commonMessages } from "./messages/common";

// What every manager's action shares (issue 5) beyond the form kit (~/lib/forms), which reads the
// posted form and answers refusals. Success is a redirect to the manager's list carrying its
// toast in a flash cookie (STYLE §4), so the same flow works with and without JavaScript and
// closes the form; a refusal says which form it was (the posted intent, and level on the
// free-tests page) and, for a save, keeps what was typed. Callers run requireAdmin before any of
// this, and pass the admin it returns.

/** The answer to a body that is too large or not a form. */
export const unreadable = () => formFailure(400, { formError: commonMessages.unreadable });

/**
 * The posted form's fields handed to `answer`, or the `unreadable` answer to a body that is too
 * large or not a form.
 */
export async function withPostedForm<T>(request: Request, answer: (values: Record<string, string>) => Promise<T> | T) {
  const form = await readForm(request);
  return form.ok ? answer(form.values) : unreadable();
}

/** Which form was posted: all that a refused delete, move or retry echoes. */
export const postedForm = (values: Record<string, string>) => keep(values, "intent", "level");

/** A refused import file (GATE data, the question bank): its errors by line, and how many more. */
export interface ImportFailure extends FormFailure {
  importErrors: string[];
  moreErrors: number;
}

/** The answer to a refused import file, listing its first `shown` errors: nothing was changed. */
export function refusedImport(formError: string, errors: string[], shown: number, values: Record<string, string>) {
  return data<ImportFailure>(
    {
      ok: false,
      formError,
      fieldErrors: {},
      values,
      importErrors: errors.slice(0, shown),
      moreErrors: Math.max(0, errors.length - shown),
    },
    { status: 400 },
  );
}

/** Back to the list with the spec's toast; with no message (a move at an end) just back. */
export function done(location: string, message?: string) {
  return redirect(
    location,
    message ? { headers: { "Set-Cookie": flashCookie({ type: "success", message }) } } : undefined,
  );
}

/** The `id` field of an update, delete or move, or null. */
export function parseId(value: string | undefined): number | null {
  const result = IdSchema.safeParse(value ?? "");
  return result.success ? result.data : null;
}

/**
 * The admin as the actor of a write that answers this form submission: a create replayed with the
 * same token and fields (a double click, a retried POST) then writes nothing (issue 7).
 */
export function submittedBy(admin: AdminActor, where: string, values: Record<string, string>): AdminActor {
  const submission = adminSubmissionKey(where, values);
  return submission ? { ...admin, submission } : admin;
}

/**
 * Runs one write. A thrown error (the database unreachable, a constraint) is logged and becomes
 * `{ ok: false }`: the write's transaction has rolled back, so nothing changed. A replayed
 * submission also changes nothing, but is no failure: `replay` carries what the first one did
 * ("create", "update"), for the same toast.
 */
export async function attempt<T>(
  what: string,
  write: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; replay?: { outcome: string | null } }> {
  try {
    return { ok: true, value: await write() };
  } catch (error) {
    if (error instanceof DuplicateSubmission) return { ok: false, replay: { outcome: error.outcome } };
    logger.error({ err: error, what }, "admin write failed");
    return { ok: false };
  }
}

/**
 * One read that may fail: its value, or `empty` and `loadError: true` (the error is logged).
 */
export async function loadOr<T>(what: string, load: () => Promise<T>, empty: T) {
  try {
    return { value: await load(), loadError: null };
  } catch (error) {
    logger.error({ err: error, what }, "admin list failed to load");
    return { value: empty, loadError: true as const };
  }
}

/**
 * A manager page's data: its reads, run together, by name (`{ alerts: listJobAlertsForAdmin }`),
 * and `loadError`. Should one fail, the page gets `empty` and the manager's load-failure message
 * (spec §8 'Failed to load data' and friends): it renders and says so rather than failing with a
 * 500.
 */
export async function loadPage<T extends Record<string, unknown>, Empty extends { [K in keyof T]: unknown }>(
  db: DB,
  what: string,
  messages: { loadFailed: string },
  reads: { [K in keyof T]: (db: DB) => Promise<T[K]> },
  empty: Empty,
): Promise<{ [K in keyof T]: T[K] | Empty[K] } & { loadError: string | null }> {
  const names = Object.keys(reads) as (keyof T)[];
  const { value, loadError } = await loadOr<{ [K in keyof T]: T[K] | Empty[K] }>(
    what,
    async () => {
      const values = await Promise.all(names.map((name) => reads[name](db)));
      return Object.fromEntries(names.map((name, i) => [name, values[i]])) as T;
    },
    empty,
  );
  return { ...value, loadError: loadError ? messages.loadFailed : null };
}

/** The spec's messages of one simple manager (job alerts, e-books, materials, banners). */
export interface CrudMessages {
  created: string;
  updated: string;
  deleted: string;
  saveFailed: string;
  deleteFailed: string;
}

/**
 * The query functions of one table (~/db/queries), as they are exported: create, update and
 * delete by id, each run as the given admin. Update and delete answer false when no such row
 * exists.
 */
export interface TableWrites<Input> {
  create: (db: DB, actor: AdminActor, input: Input) => Promise<unknown>;
  update: (db: DB, actor: AdminActor, id: number, input: Input) => Promise<boolean>;
  remove: (db: DB, actor: AdminActor, id: number) => Promise<boolean>;
}

export interface CrudOptions<S extends z.ZodType> {
  schema: S;
  messages: CrudMessages;
  /** The list's URL, where success goes (with the list's view: listBack). */
  home: string;
  /** For the log: 'job alert', 'test item'. */
  what: string;
  /**
   * The list draws each row with its anchor (#row-12, issue 48): a save returns to it, scrolled
   * into view and focused.
   */
  anchor?: boolean;
  /** Checks the schema cannot make (a chosen category that must exist), as field errors. */
  check?: (input: z.infer<S>, db: DB) => Promise<FieldErrors | null>;
  writes: TableWrites<z.infer<S>>;
}

/**
 * create / update / delete for a manager of one table: reads the posted form, then answers it,
 * returning to the list as it was posted from (its filters, sort and page; issue 48).
 */
export function handleCrud<S extends z.ZodType>(db: DB, request: Request, admin: AdminActor, options: CrudOptions<S>) {
  const home = listBack(options.home, request.url);
  return withPostedForm(request, (values) => answerCrud(db, values, admin, { ...options, home }));
}

/**
 * The answer to a posted create, update or delete (its `intent`), for a page that has read the
 * form itself (to pick the table, or to answer other intents first). A create runs as
 * submittedBy(admin), so a replay writes nothing.
 */
export async function answerCrud<S extends z.ZodType>(
  db: DB,
  values: Record<string, string>,
  admin: AdminActor,
  options: CrudOptions<S>,
) {
  const { messages: m, home, what, writes } = options;
  const intent = values.intent ?? "";
  const which = postedForm(values);

  if (intent === "delete") {
    const id = parseId(values.id);
    if (id === null) return formFailure(400, { formError: m.deleteFailed, values: which });
    const result = await attempt(`delete ${what}`, () => writes.remove(db, admin, id));
    if (!result.ok) return formFailure(503, { formError: m.deleteFailed, values: which });
    if (!result.value) return formFailure(404, { formError: m.deleteFailed, values: which });
    return done(home, m.deleted);
  }

  if (intent !== "create" && intent !== "update") return formFailure(400, { formError: m.saveFailed, values });
  const id = intent === "update" ? parseId(values.id) : null;
  if (intent === "update" && id === null) return formFailure(400, { formError: m.saveFailed, values });

  const parsed = parseForm(options.schema, values);
  const errors = parsed.ok ? await options.check?.(parsed.data, db) : parsed.errors;
  if (!parsed.ok || errors) {
    return formFailure(400, { formError: commonMessages.invalid, fieldErrors: errors ?? {}, values });
  }

  const input = parsed.data;
  const result = await attempt(`${intent} ${what}`, () =>
    id === null
      ? // The submission is the list's, whatever view it was posted from.
        writes.create(db, submittedBy(admin, home.split("?")[0]!, values), input)
      : writes.update(db, admin, id, input),
  );
  // A replayed create: the row exists, once; answer as the first submission was answered.
  if (!result.ok && result.replay) return done(home, m.created);
  if (!result.ok) return formFailure(503, { formError: m.saveFailed, values });
  if (result.value === false) return formFailure(404, { formError: m.saveFailed, values });
  // The saved row is the address's fragment: the list scrolls to it and focuses it (issue 48).
  const saved = id ?? (typeof result.value === "number" ? result.value : null);
  return done(options.anchor ? withRow(home, saved) : home, intent === "create" ? m.created : m.updated);
}

/**
 * The save of a one-form page (site settings, welcome popup): reads the posted form, checks its
 * `intent=save` and its schema, then hands the input to `save`; a refusal keeps what was typed.
 */
export function handleSave<S extends z.ZodType, T>(
  request: Request,
  schema: S,
  saveFailed: string,
  save: (input: z.infer<S>, values: Record<string, string>) => Promise<T>,
) {
  return withPostedForm(request, (values) => answerSave(values, schema, saveFailed, save));
}

/** handleSave for a page that has read the form itself (a form with a file, issue 45). */
export async function answerSave<S extends z.ZodType, T>(
  values: Record<string, string>,
  schema: S,
  saveFailed: string,
  save: (input: z.infer<S>, values: Record<string, string>) => Promise<T>,
) {
  if (values.intent !== "save") return formFailure(400, { formError: saveFailed, values: postedForm(values) });
  const parsed = parseForm(schema, values);
  if (!parsed.ok) {
    return formFailure(400, { formError: commonMessages.invalid, fieldErrors: parsed.errors, values });
  }
  return save(parsed.data, values);
}
