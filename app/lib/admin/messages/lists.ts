// The words of the admin lists' search, filters, sort, pages and bulk actions (issue 48 "Lists
// staff can work"): one catalogue shared by every list. Safe to import on the client.

export type BulkAction =
  | "activate"
  | "deactivate"
  | "delete"
  | "approve"
  | "hide"
  | "pending"
  | "publish"
  | "unpublish"
  | "retry"
  | "status-new"
  | "status-contacted"
  | "status-booked"
  | "status-closed"
  | "status-spam";

/** What a bulk action is called on its button, and what it did, in the toast. */
const bulkWords: Record<BulkAction, { verb: string; done: string }> = {
  activate: { verb: "Activate", done: "activated" },
  deactivate: { verb: "Deactivate", done: "deactivated" },
  delete: { verb: "Delete", done: "deleted" },
  approve: { verb: "Approve", done: "approved" },
  hide: { verb: "Hide", done: "hidden" },
  pending: { verb: "Mark as waiting", done: "marked as waiting" },
  publish: { verb: "Publish", done: "published" },
  unpublish: { verb: "Unpublish", done: "unpublished" },
  retry: { verb: "Retry", done: "queued again" },
  "status-new": { verb: "Mark as new", done: "marked as new" },
  "status-contacted": { verb: "Mark as contacted", done: "marked as contacted" },
  "status-booked": { verb: "Mark as booked", done: "marked as booked" },
  "status-closed": { verb: "Mark as closed", done: "marked as closed" },
  "status-spam": { verb: "Mark as spam", done: "marked as spam" },
};

/** A list's rows, named: one, and more than one. */
export type Nouns = readonly [one: string, many: string];

const counted = (count: number, [one, many]: Nouns) => `${count} ${count === 1 ? one : many}`;
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export const listMessages = {
  filters: (what: string) => `Find ${what}`,
  search: "Search",
  searchHint: "Words in the title, name or text; any case.",
  apply: "Apply",
  clear: "Clear filters",
  any: "Any",
  active: "Active",
  activeChoices: { "1": "Active", "0": "Inactive" } as Record<string, string>,
  status: "Status",
  added: "Added",
  name: "Name",
  freeOrPaid: "Free or paid",
  updated: "Last changed",
  from: "From",
  to: "To",
  sort: "Sort by",
  dir: "Order",
  dirs: { asc: "Ascending", desc: "Descending" } as Record<string, string>,
  /** The column heading's link: what a click does. */
  sortBy: (column: string, dir: string) => `${column}, sort ${dir === "asc" ? "ascending" : "descending"}`,
  noMatch: "Nothing matches these filters.",
  pagination: (what: string) => `${capitalised(what)} pages`,
  shown: (count: number, nouns: Nouns, page: number) =>
    `${counted(count, nouns)} on this page${page > 1 ? ` (page ${page})` : ""}`,
  // Bulk actions.
  select: "Select",
  selectRow: (name: string) => `Select ${name}`,
  selectAll: "Select all on this page",
  selected: (count: number) => `${count} selected`,
  bulk: "With the selected",
  bulkLabel: (what: string) => `Bulk actions on ${what}`,
  bulkChoose: "Choose an action",
  bulkApply: "Apply to selected",
  verb: (action: BulkAction) => bulkWords[action].verb,
  /** "Deactivate 3 job alerts?" */
  confirm: (action: BulkAction, count: number, nouns: Nouns) => `${bulkWords[action].verb} ${counted(count, nouns)}?`,
  confirmList: "The selected rows:",
  more: (count: number) => `and ${count} more`,
  /** "3 job alerts deactivated." and what could not be done. */
  done: (action: BulkAction, count: number, nouns: Nouns, failed: number) =>
    `${capitalised(counted(count, nouns))} ${bulkWords[action].done}.${
      failed > 0 ? ` ${failed} could not be ${bulkWords[action].done}.` : ""
    }`,
  noneDone: (action: BulkAction, nouns: Nouns) => `No ${nouns[1]} were ${bulkWords[action].done}.`,
  noneSelected: "Select at least one row first.",
  unknownAction: "Choose what to do with the selected rows.",
  gone: "None of the selected rows exist any more.",
};

/** The job alerts list's own filters. */
export const jobAlertListMessages = {
  closing: "Closing",
  closingIn: (days: number) => `Within ${days} days`,
  noLastDate: "Active, without a last date",
};

/** Mail Delivery's own sort. */
export const outboxListMessages = {
  problemFirst: "Not delivered first",
};
