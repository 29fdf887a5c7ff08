import { singleRowTables, type AuditEntity } from "~/db/audited-tables";
import type { ActivityEntry } from "~/db/queries/audit-log.server";
import { historyMessages } from "./messages/history";
import { activityMessages } from "./messages/activity";
import { adminSection, type AdminSectionId } from "./sections";

// How the activity log names an entry (issue 48): "Updated E-book #3: Mass Transfer notes",
// "Imported 12 rows into GATE Cutoffs & Scores", "Undid the change of …". Safe to import on the
// client.

const h = historyMessages.activity;
const entities = activityMessages.entities;

/** Where each import goes, by the section staff import into. */
const importSections: Record<string, AdminSectionId> = {
  gate_paper_years: "gate-years",
  gate_rank_points: "gate-rank-points",
  questions: "questions",
};

/** A section's (entity's) name: "E-book". */
export const entityName = (entity: string) => entities[entity] ?? entity;

/** The section's name for the filter: every audit entity, by name. */
export const entityChoices = () =>
  Object.entries(entities)
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label));

/** An import: logged as "import" since issue 48; earlier imports as an update of row 0. */
export function isImport(entry: Pick<ActivityEntry, "action" | "entityId" | "details">) {
  return entry.action === "import" || (entry.entityId === "0" && typeof entry.details?.imported === "number");
}

const text = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value : null);

/** The item an entry is about: "E-book #3: Mass Transfer notes". */
export function itemName(
  entry: ActivityEntry & { before?: Record<string, unknown> | null; after?: Record<string, unknown> | null },
) {
  const details = entry.details ?? {};
  const row = entry.after ?? entry.before ?? {};
  const name =
    text(details.title) ??
    text(details.name) ??
    text(row.title) ??
    text(row.name) ??
    text(row.buyer_name) ??
    text(details.code) ??
    text(details.slug) ??
    text(row.alt_text);
  const number = singleRowTables.includes(entry.entity as AuditEntity) ? "" : ` #${entry.entityId ?? "?"}`;
  return `${entityName(entry.entity)}${number}${name ? `: ${name}` : ""}`;
}

const actionWords: Record<string, string> = {
  create: h.created,
  update: h.updated,
  delete: h.deleted,
  reorder: h.reordered,
  restore: h.restored,
};

/** What an entry says happened, and (for an import) its counts. */
export function describeEntry(
  entry: ActivityEntry & { before?: Record<string, unknown> | null; after?: Record<string, unknown> | null },
): { what: string; counts: string | null } {
  const details = entry.details ?? {};
  if (isImport(entry)) {
    const section = importSections[entry.entity];
    const into = section ? adminSection(section).title : entityName(entry.entity);
    const rows = typeof details.imported === "number" ? details.imported : 0;
    const count = (key: string) => (typeof details[key] === "number" ? (details[key] as number) : undefined);
    return {
      what: h.importLine(rows, into),
      counts: h.importCounts({
        added: count("added"),
        updated: count("updated"),
        changed: count("changed"),
        unchanged: count("unchanged"),
      }),
    };
  }
  if (entry.action === "undo") {
    const change = h.undidChange[String(details.change)] ?? h.undidChange.update!;
    return { what: h.undoLine(change, itemName(entry)), counts: null };
  }
  const action = actionWords[entry.action] ?? entry.action;
  return { what: `${action} ${itemName(entry)}`, counts: null };
}
