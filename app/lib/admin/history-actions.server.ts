import { data } from "react-router";
import { parsePage } from "~/core/pagination";
import { formatIstTime } from "~/core/ist";
import type { AdminActor } from "~/db/audited-write.server";
import {
  getActivityEntry,
  listActivity,
  listActivityActors,
  restoreFromTrash,
  undoableEntries,
  undoChange,
  undoRefusal,
  type ActivityFilter,
  type HistoryEntry,
  type RestoreOutcome,
  type UndoOutcome,
} from "~/db/queries/history.server";
import { listTrash } from "~/db/queries/trash.server";
import type { DB } from "~/db/client.server";
import { formFailure } from "~/lib/forms/read-form.server";
import { diffRows, rowFields, type FieldChange, type FieldValue } from "./history-diff";
import { describeEntry, entityChoices, entityName, itemName } from "./history-entries";
import { historyMessages } from "./messages/history";
import { attempt, done, loadPage, parseId, postedForm, withPostedForm } from "./manager-actions.server";
import { activityMessages } from "./messages/activity";
import { adminSection } from "./sections";

// The activity log's and the trash's loaders and actions (issue 48). Callers run requireAdmin
// first and pass the admin it returns. The log's filters and page are its address (a GET form), and
// Undo's confirmation is a step of its own (?undo=12), so all of it works without JavaScript.

const h = historyMessages;
const activityHome = adminSection("activity").path;
const trashHome = adminSection("trash").path;
/** Entries a page of the log shows. */
export const ACTIVITY_PAGE_SIZE = 50;
/** The longest e-mail address the person filter takes. */
const EMAIL_MAX = 254;

/** The log's filters and page from its address; null for an address that names no page. */
export function readActivityQuery(url: URL) {
  const params = url.searchParams;
  const page = parsePage(params.get("page"));
  if (page === null) return null;
  const entity = params.get("section") ?? "";
  const who = (params.get("who") ?? "").trim();
  const filter: ActivityFilter = {
    entity: entity in activityMessages.entities ? entity : null,
    actor: who && who.length <= EMAIL_MAX ? who : null,
  };
  const undo = parseId(params.get("undo") ?? undefined);
  return { page, filter, undo };
}

/** The filters as query parameters (for the pager, the form's Cancel and the action's return). */
export function activityParams(filter: ActivityFilter): Record<string, string> {
  return {
    ...(filter.entity ? { section: filter.entity } : {}),
    ...(filter.actor ? { who: filter.actor } : {}),
  };
}

/** An entry as the log shows it: what happened, to which item, and each field it changed. */
export interface ActivityRow {
  id: number;
  actorEmail: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  createdAt: string;
  what: string;
  counts: string | null;
  /** An update's (or an undo's) changed fields, before and after. */
  changes: FieldChange[] | null;
  /** A created, restored or deleted row's fields. */
  fields: FieldValue[] | null;
  canUndo: boolean;
}

function toRow(entry: HistoryEntry, canUndo: boolean): ActivityRow {
  const { what, counts } = describeEntry(entry);
  const { before, after } = entry;
  return {
    id: entry.id,
    actorEmail: entry.actorEmail,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    createdAt: entry.createdAt,
    what,
    counts,
    changes: before && after ? diffRows(entry.entity, before, after) : null,
    fields: before && after ? null : after || before ? rowFields(entry.entity, (after ?? before)!) : null,
    canUndo,
  };
}

/** A refusal of Undo, in words. */
function refusalMessage(refusal: Exclude<UndoOutcome, { ok: true }> | Exclude<RestoreOutcome, { ok: true }>) {
  const r = h.undo.refused;
  switch (refusal.reason) {
    case "later-change":
      return r["later-change"](refusal.later.actor ?? activityMessages.unknownActor, formatIstTime(refusal.later.at));
    case "clash":
      return h.trash.clash(entityName(refusal.entity), refusal.value);
    case "parent-gone":
      return h.trash.parentGone(entityName(refusal.parent));
    case "missing":
    case "not-undoable":
    case "changed-since":
    case "not-in-trash":
    case "in-use":
      return r[refusal.reason];
  }
}

/** What Undo would do, for its confirmation step. */
async function undoStep(db: DB, id: number) {
  const entry = await getActivityEntry(db, id);
  if (!entry) return { id, what: "", refusal: h.undo.refused.missing, changes: [], text: null };
  const refusal = await undoRefusal(db, entry);
  const { what } = describeEntry(entry);
  const name = itemName(entry);
  return {
    id,
    what,
    refusal: refusal ? refusalMessage({ ok: false, ...refusal }) : null,
    // An update's fields go from what it made them back to what they were.
    changes:
      entry.action === "update" && entry.before && entry.after ? diffRows(entry.entity, entry.after, entry.before) : [],
    text: entry.action === "create" ? h.undo.create(name) : entry.action === "delete" ? h.undo.delete(name) : null,
  };
}

/** The activity log's page: its filters, one page of entries, and Undo's confirmation step. */
export async function loadActivity(db: DB, request: Request) {
  const query = readActivityQuery(new URL(request.url));
  if (!query) throw data(null, { status: 404 });
  const { page, filter, undo } = query;
  const loaded = await loadPage(
    db,
    "activity",
    activityMessages,
    {
      list: async () => {
        const list = await listActivity(db, filter, page, ACTIVITY_PAGE_SIZE);
        const undoable = await undoableEntries(db, list.items);
        return { ...list, items: list.items.map((entry) => toRow(entry, undoable.has(entry.id))) };
      },
      actors: listActivityActors,
      confirming: () => (undo === null ? Promise.resolve(null) : undoStep(db, undo)),
    },
    { list: { items: [] as ActivityRow[], page, hasNext: false }, actors: [] as string[], confirming: null },
  );
  const { list, ...rest } = loaded;
  return {
    ...rest,
    entries: list.items,
    page: list.page,
    hasNext: list.hasNext,
    filter,
    params: activityParams(filter),
    sections: entityChoices(),
  };
}

/** Back to the log as it was filtered (the form carries the filters in hidden fields). */
function activityBack(values: Record<string, string>) {
  const filter: ActivityFilter = {
    entity: values.section && values.section in activityMessages.entities ? values.section : null,
    actor: values.who ? values.who.slice(0, EMAIL_MAX) : null,
  };
  const query = new URLSearchParams(activityParams(filter)).toString();
  return query ? `${activityHome}?${query}` : activityHome;
}

/** Undo, posted from its confirmation. */
export function answerActivity(db: DB, request: Request, admin: AdminActor) {
  return withPostedForm(request, async (values) => {
    const which = postedForm(values);
    const id = parseId(values.id);
    if (values.intent !== "undo" || id === null) return formFailure(400, { formError: h.undo.failed, values: which });
    const result = await attempt("undo", () => undoChange(db, admin, id));
    if (!result.ok) return formFailure(503, { formError: h.undo.failed, values: which });
    const outcome = result.value;
    if (!outcome.ok) {
      return formFailure(outcome.reason === "missing" ? 404 : 409, {
        formError: refusalMessage(outcome),
        values: which,
      });
    }
    return done(activityBack(values), h.undo.done(describeEntry(outcome.entry).what));
  });
}

/** The trash's page: every item with its section's name. */
export async function loadTrash(db: DB) {
  const loaded = await loadPage(db, "trash", h.trash, { items: listTrash }, { items: [] });
  return { ...loaded, items: loaded.items.map((item) => ({ ...item, section: entityName(item.entity) })) };
}

/** Restore, posted from the trash's list. */
export function answerTrash(db: DB, request: Request, admin: AdminActor) {
  return withPostedForm(request, async (values) => {
    const which = postedForm(values);
    const id = parseId(values.id);
    if (values.intent !== "restore" || id === null)
      return formFailure(400, { formError: h.trash.failed, values: which });
    const result = await attempt("restore", () => restoreFromTrash(db, admin, id));
    if (!result.ok) return formFailure(503, { formError: h.trash.failed, values: which });
    const outcome = result.value;
    if (!outcome.ok) {
      const message = outcome.reason === "missing" ? h.trash.missing : refusalMessage(outcome);
      return formFailure(outcome.reason === "missing" ? 404 : 409, { formError: message, values: which });
    }
    return done(trashHome, h.trash.restored(`${entityName(outcome.entity)} "${outcome.title}"`));
  });
}
