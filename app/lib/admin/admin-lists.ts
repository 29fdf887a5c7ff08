import type { ListSpec } from "~/core/list-query";
import { LEAD_KINDS, LEAD_STATUSES } from "~/lib/schemas/admin/lead";
import type { BulkAction, Nouns } from "./messages/lists";

// Every admin list's view and bulk actions (issue 48 "Lists staff can work"), declared once: the
// parameters its address may hold (~/core/list-query.ts) and what may be done to the rows chosen.
// The loaders read their view with these, the pages draw their filters, headings and bulk bar
// from them, and each query module (~/db/queries) maps the sort keys to its columns.
//
// Addresses other pages link to (the overview, the badges):
//   /admin?closing=7          active job alerts whose last date is within the next 7 days in India
//                             (today to today + 7, both included), so still open
//   /admin?lastDate=none      active job alerts without a last date
//   /admin/testimonials?status=pending   testimonials waiting for approval
//   /admin/leads?status=new   new leads (the inbox's own parameters: kind, status, q)
//   /admin/questions?reported=1          the visitors' open reports of questions
// and on every list: ?q= (search), ?active=1|0, ?from=&to= (YYYY-MM-DD, days in India),
// ?sort=<key>&dir=asc|desc, ?page=N.

export interface AdminList {
  spec: ListSpec;
  /** The list's rows, named in confirmations and toasts. */
  nouns: Nouns;
  bulk: readonly BulkAction[];
}

/** Rows per page of an admin list. */
export const ADMIN_PAGE_SIZE = 50;

const ACTIVE = ["1", "0"] as const;
const DATES = { from: "date", to: "date" } as const;
const onOff: readonly BulkAction[] = ["activate", "deactivate", "delete"];

export const jobAlertList = {
  spec: {
    sorts: { posted: "desc", title: "asc", category: "asc", last_date: "asc" },
    sort: "posted",
    filters: { active: ACTIVE, category: "id", closing: "days", lastDate: ["none"], ...DATES },
    pageSize: ADMIN_PAGE_SIZE,
  },
  nouns: ["job alert", "job alerts"],
  bulk: onOff,
} satisfies AdminList;

/** E-books and free materials: newest first, as the public pages list them. */
const linkListSpec: ListSpec = {
  sorts: { added: "desc", title: "asc", updated: "desc" },
  sort: "added",
  filters: { active: ACTIVE, ...DATES },
  pageSize: ADMIN_PAGE_SIZE,
};

export const ebookList = { spec: linkListSpec, nouns: ["e-book", "e-books"], bulk: onOff } satisfies AdminList;

export const freeMaterialList = {
  spec: linkListSpec,
  nouns: ["free material", "free materials"],
  bulk: onOff,
} satisfies AdminList;

/** Banners keep their display order: the list is filtered, never sorted otherwise. */
export const heroBannerList = {
  spec: { sorts: { order: "asc" }, sort: "order", filters: { active: ACTIVE }, pageSize: ADMIN_PAGE_SIZE },
  nouns: ["hero banner", "hero banners"],
  bulk: onOff,
} satisfies AdminList;

export const purchaseEntryList = {
  spec: {
    sorts: { purchased: "desc", buyer: "asc", city: "asc", product: "asc" },
    sort: "purchased",
    filters: { active: ACTIVE, ...DATES },
    pageSize: ADMIN_PAGE_SIZE,
  },
  nouns: ["purchase", "purchases"],
  bulk: onOff,
} satisfies AdminList;

export const TESTIMONIAL_STATUSES = ["pending", "approved", "hidden"] as const;

export const testimonialList = {
  spec: {
    sorts: { received: "desc", name: "asc", rating: "desc" },
    sort: "received",
    filters: { status: TESTIMONIAL_STATUSES, rating: ["1", "2", "3", "4", "5"], ...DATES },
    pageSize: ADMIN_PAGE_SIZE,
  },
  nouns: ["testimonial", "testimonials"],
  bulk: ["approve", "hide", "pending", "delete"],
} satisfies AdminList;

const catalogueSorts = { order: "asc", title: "asc", price: "asc", updated: "desc" } as const;

export const testSeriesList = {
  spec: { sorts: catalogueSorts, sort: "order", filters: { active: ACTIVE }, pageSize: ADMIN_PAGE_SIZE },
  nouns: ["test series", "test series"],
  bulk: onOff,
} satisfies AdminList;

export const courseList = {
  spec: {
    sorts: catalogueSorts,
    sort: "order",
    filters: { active: ACTIVE, free: ["1", "0"] },
    pageSize: ADMIN_PAGE_SIZE,
    // The catalogue's tab: every address of the courses' list keeps it.
    fixed: { tab: "courses" },
  },
  nouns: ["course", "courses"],
  bulk: onOff,
} satisfies AdminList;

export const freeTestItemList = {
  spec: {
    sorts: { tree: "asc" },
    sort: "tree",
    filters: { active: ACTIVE },
    pageSize: ADMIN_PAGE_SIZE,
  },
  nouns: ["test item", "test items"],
  bulk: onOff,
} satisfies AdminList;

export const practiceTestList = {
  spec: {
    sorts: { updated: "desc", title: "asc", kind: "asc" },
    sort: "updated",
    filters: { status: ["draft", "published"], kind: ["topic", "subject", "full_mock", "previous_year"] },
    pageSize: ADMIN_PAGE_SIZE,
  },
  nouns: ["test", "tests"],
  bulk: ["publish", "unpublish", "delete"],
} satisfies AdminList;

export const outboxList = {
  spec: {
    sorts: { problem: "asc", created: "desc", attempts: "desc" },
    sort: "problem",
    filters: { status: ["dead", "pending"], ...DATES },
    pageSize: ADMIN_PAGE_SIZE,
  },
  nouns: ["e-mail", "e-mails"],
  bulk: ["retry"],
} satisfies AdminList;

/**
 * The leads inbox: its own parameters (kind, status, q; ~/lib/schemas/admin/lead.ts) with the
 * days received and the sort; rows are "contact-12" or "booking-3", as two tables share it.
 */
export const leadList = {
  spec: {
    sorts: { received: "desc", name: "asc" },
    sort: "received",
    filters: { kind: LEAD_KINDS, status: LEAD_STATUSES, ...DATES },
    pageSize: 25,
  },
  nouns: ["lead", "leads"],
  bulk: ["status-new", "status-contacted", "status-booked", "status-closed", "status-spam"],
} satisfies AdminList;

/** The question bank: its own filters (~/lib/schemas/admin/question.ts); the bulk actions are these. */
export const questionList = {
  spec: { sorts: { updated: "desc" }, sort: "updated", filters: {}, pageSize: 25 },
  nouns: ["question", "questions"],
  bulk: ["publish", "unpublish", "delete"],
} satisfies AdminList;

/** The media library: its own search and kind (~/lib/admin/media-actions.server.ts); files in use are kept. */
export const mediaList = {
  spec: { sorts: { added: "desc" }, sort: "added", filters: {}, pageSize: 24 },
  nouns: ["file", "files"],
  bulk: ["delete"],
} satisfies AdminList;

/**
 * The GATE data pages but the papers' (a few rows, whose delete takes their data along): each a
 * table of figures, ?paper=CH, sorted by paper (as the public pages list them) or its own columns.
 */
const gateList = (sorts: Record<string, "asc" | "desc">, nouns: Nouns): AdminList => ({
  spec: { sorts: { paper: "asc", ...sorts }, sort: "paper", filters: { paper: "code" }, pageSize: ADMIN_PAGE_SIZE },
  nouns,
  bulk: ["delete"],
});

export const gateLists = {
  "gate-years": gateList({ year: "desc" }, ["paper-year", "paper-years"]),
  "gate-rank-points": gateList({ year: "desc", marks: "desc", air: "asc" }, ["rank point", "rank points"]),
  "gate-previous-papers": gateList({ year: "desc" }, ["previous paper", "previous papers"]),
  "gate-subjects": gateList({ name: "asc", questions: "desc" }, ["subject", "subjects"]),
} as const;
