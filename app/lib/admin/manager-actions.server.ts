import { data, redirect } from "react-router";
import type { z } from "zod";
import { managerMessages } from "~/components/admin/manager-messages";
import { flashCookie } from "~/lib/auth/flash.server";
import { adminSubmissionKey, DuplicateSubmission } from "~/lib/idempotency.server";
import { logger } from "~/lib/logger.server";
import { IdSchema } from "~/lib/schemas/admin/common";
import { fieldErrors, formValues, type FieldErrors } from "~/lib/schemas/fields";
import type { AdminActor } from "./audit.server";

// What every manager's action shares (issue 5): reading the posted form within a size limit,
// parsing it with the form's shared schema, and the two answers. Success is a redirect to the
// manager's list carrying its toast in a flash cookie (STYLE §4), so the same flow works with and
// without JavaScript and closes the form; a refusal is data the page renders beside the fields,
// with what was typed kept. Callers run requireAdmin before any of this.

/** Generous for the longest descriptions in any script (2000 characters, percent-encoded). */
export const MAX_ADMIN_FORM_BYTES = 64 * 1024;

/** A refused submission, as the manager's form renders it. */
export interface ManagerFailure {
  ok: false;
  intent: string;
  /** Which form was posted, when a page has several (the free-tests levels). */
  level?: string;
  /** The spec's failure toast, or the invalid-fields line. */
  message: string;
  fieldErrors: FieldErrors;
  values: Record<string, string>;
}

async function readWithin(request: Request, max: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (Number(request.headers.get("Content-Length") ?? 0) > max) return null;
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) break;
      const value = chunk.value;
      size += value.byteLength;
      if (size > max) {
        await reader.cancel();
        return null;
      }
      chunks.push(value);
    }
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** The posted fields, or null when the body is too large or not a form. */
export async function readAdminForm(request: Request): Promise<Record<string, string> | null> {
  try {
    const body = await readWithin(request, MAX_ADMIN_FORM_BYTES);
    if (!body) return null;
    const form = await new Response(body, {
      headers: { "Content-Type": request.headers.get("Content-Type") ?? "" },
    }).formData();
    return formValues(form);
  } catch {
    return null;
  }
}

/** The values worth echoing back into the form (never the intent or ids of other rows). */
function kept(values: Record<string, string>) {
  const { intent: _intent, ...rest } = values;
  return rest;
}

export function refuse(
  status: number,
  failure: { intent: string; level?: string; message: string; values?: Record<string, string>; errors?: FieldErrors },
) {
  return data<ManagerFailure>(
    {
      ok: false,
      intent: failure.intent,
      ...(failure.level ? { level: failure.level } : {}),
      message: failure.message,
      fieldErrors: failure.errors ?? {},
      values: kept(failure.values ?? {}),
    },
    { status },
  );
}

/** The unreadable-form answer. */
export const unreadable = () => refuse(400, { intent: "", message: managerMessages.unreadable });

/** Back to the list with the spec's toast; with no message (a move at an end) just back. */
export function done(location: string, message?: string) {
  return redirect(
    location,
    message ? { headers: { "Set-Cookie": flashCookie({ type: "success", message }) } } : undefined,
  );
}

export function parseForm<S extends z.ZodType>(schema: S, values: Record<string, string>) {
  const result = schema.safeParse(values);
  return result.success
    ? { ok: true as const, data: result.data as z.infer<S> }
    : { ok: false as const, errors: fieldErrors(result.error) };
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
  /** Which form of the page, echoed in refusals (the free-tests levels). */
  level?: string;
  check?: (input: z.infer<S>) => Promise<FieldErrors | null>;
  /** The signed-in admin; a create runs as submittedBy(actor), so a replay writes nothing. */
  actor: AdminActor;
  create: (input: z.infer<S>, actor: AdminActor) => Promise<unknown>;
  update: (id: number, input: z.infer<S>) => Promise<boolean>;
  remove: (id: number) => Promise<boolean>;
}) {
  const { values, messages: m, home, what, level } = options;
  const intent = values.intent ?? "";

  if (intent === "delete") {
    const id = parseId(values.id);
    if (id === null) return refuse(400, { intent, level, message: m.deleteFailed });
    const result = await attempt(`delete ${what}`, () => options.remove(id));
    if (!result.ok) return refuse(503, { intent, level, message: m.deleteFailed });
    if (!result.value) return refuse(404, { intent, level, message: m.deleteFailed });
    return done(home, m.deleted);
  }

  if (intent !== "create" && intent !== "update") return refuse(400, { intent, level, message: m.saveFailed, values });
  const id = intent === "update" ? parseId(values.id) : null;
  if (intent === "update" && id === null) return refuse(400, { intent, level, message: m.saveFailed, values });

  const parsed = parseForm(options.schema, values);
  const errors = parsed.ok ? await options.check?.(parsed.data) : parsed.errors;
  if (!parsed.ok || errors) {
    return refuse(400, { intent, level, message: managerMessages.invalid, values, errors: errors ?? {} });
  }

  const input = parsed.data;
  const result = await attempt(`${intent} ${what}`, () =>
    id === null ? options.create(input, submittedBy(options.actor, home, values)) : options.update(id, input),
  );
  // A replayed create: the row exists, once; answer as the first submission was answered.
  if (!result.ok && result.replay) return done(home, m.created);
  if (!result.ok) return refuse(503, { intent, level, message: m.saveFailed, values });
  if (result.value === false) return refuse(404, { intent, level, message: m.saveFailed, values });
  return done(home, intent === "create" ? m.created : m.updated);
}
