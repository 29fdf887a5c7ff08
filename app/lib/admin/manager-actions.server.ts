import { redirect } from "react-router";
import type { z } from "zod";
import { logger } from "~/core/logger.server";
import { DuplicateSubmission, type AdminActor } from "~/db/audited-write.server";
import { flashCookie } from "~/lib/auth/flash.server";
import { formFailure, keep, parseForm } from "~/lib/forms/read-form.server";
import type { FieldErrors } from "~/lib/forms/submission";
import { adminSubmissionKey } from "~/lib/idempotency.server";
import { IdSchema } from "~/lib/schemas/admin/common";
import { adminMessages } from "./messages";

// What every manager's action shares (issue 5) beyond the form kit (~/lib/forms), which reads the
// posted form and answers refusals. Success is a redirect to the manager's list carrying its
// toast in a flash cookie (STYLE §4), so the same flow works with and without JavaScript and
// closes the form; a refusal says which form it was (the posted intent, and level on the
// free-tests page) and, for a save, keeps what was typed. Callers run requireAdmin before any of
// this.

/** The answer to a body that is too large or not a form. */
export const unreadable = () => formFailure(400, { formError: adminMessages.common.unreadable });

/** Which form was posted: all that a refused delete, move or retry echoes. */
export const postedForm = (values: Record<string, string>) => keep(values, "intent", "level");

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
 * A manager's list, or its load-failure message with an empty list (spec §8 'Failed to load
 * data' and friends): the page renders and says so rather than failing with a 500.
 */
export async function loadOr<T>(what: string, load: () => Promise<T>, empty: T) {
  try {
    return { value: await load(), loadError: null };
  } catch (error) {
    logger.error({ err: error, what }, "admin list failed to load");
    return { value: empty, loadError: true as const };
  }
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
 * create / update / delete for a manager of one table. `check` adds checks the schema cannot
 * make (a chosen category that must exist) as field errors.
 */
export async function handleCrud<S extends z.ZodType>(options: {
  values: Record<string, string>;
  schema: S;
  messages: CrudMessages;
  /** The list's URL, where success goes. */
  home: string;
  what: string;
  check?: (input: z.infer<S>) => Promise<FieldErrors | null>;
  /** The signed-in admin; a create runs as submittedBy(actor), so a replay writes nothing. */
  actor: AdminActor;
  create: (input: z.infer<S>, actor: AdminActor) => Promise<unknown>;
  update: (id: number, input: z.infer<S>) => Promise<boolean>;
  remove: (id: number) => Promise<boolean>;
}) {
  const { values, messages: m, home, what } = options;
  const intent = values.intent ?? "";
  const which = postedForm(values);

  if (intent === "delete") {
    const id = parseId(values.id);
    if (id === null) return formFailure(400, { formError: m.deleteFailed, values: which });
    const result = await attempt(`delete ${what}`, () => options.remove(id));
    if (!result.ok) return formFailure(503, { formError: m.deleteFailed, values: which });
    if (!result.value) return formFailure(404, { formError: m.deleteFailed, values: which });
    return done(home, m.deleted);
  }

  if (intent !== "create" && intent !== "update") return formFailure(400, { formError: m.saveFailed, values });
  const id = intent === "update" ? parseId(values.id) : null;
  if (intent === "update" && id === null) return formFailure(400, { formError: m.saveFailed, values });

  const parsed = parseForm(options.schema, values);
  const errors = parsed.ok ? await options.check?.(parsed.data) : parsed.errors;
  if (!parsed.ok || errors) {
    return formFailure(400, { formError: adminMessages.common.invalid, fieldErrors: errors ?? {}, values });
  }

  const input = parsed.data;
  const result = await attempt(`${intent} ${what}`, () =>
    id === null ? options.create(input, submittedBy(options.actor, home, values)) : options.update(id, input),
  );
  // A replayed create: the row exists, once; answer as the first submission was answered.
  if (!result.ok && result.replay) return done(home, m.created);
  if (!result.ok) return formFailure(503, { formError: m.saveFailed, values });
  if (result.value === false) return formFailure(404, { formError: m.saveFailed, values });
  return done(home, intent === "create" ? m.created : m.updated);
}
