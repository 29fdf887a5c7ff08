import { auditLabels } from "~/db/audited-tables";

// The Activity view's words and every audit entity's name, which the activity log, Undo and the
// trash show (history.ts has the rest of their words). Safe to import on the client.

/** The Activity view (issue 5 "Activity log"). */
export const activityMessages = {
  table: "Recent activity",
  when: "When",
  who: "Who",
  action: "Action",
  item: "Item",
  empty: "No changes recorded yet.",
  loadFailed: "Failed to load data",
  actions: { create: "Created", update: "Updated", delete: "Deleted", reorder: "Reordered" } as Record<string, string>,
  unknownActor: "Unknown user",
  /** Names of audit_log entities, declared with each table in ~/db/audited-tables.ts. */
  entities: auditLabels as Record<string, string>,
} as const;
