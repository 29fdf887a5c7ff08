import { z } from "zod";
import { optionalText, withoutControls } from "../fields";
import { isCalendarDate } from "~/core/ist";
import { IdSchema } from "./common";

// The leads inbox (issue 25): its filters (the address's query) and the status form of one lead.
// 'booked' is a booking's status only: a contact message is not a session booking.

export const LEAD_KINDS = ["contact", "booking"] as const;
export const LEAD_STATUSES = ["new", "contacted", "booked", "closed", "spam"] as const;
export type LeadStatusValue = (typeof LEAD_STATUSES)[number];

/** The statuses a lead of this kind may take, in the order staff move through them. */
export const statusesFor = (kind: (typeof LEAD_KINDS)[number]) =>
  kind === "booking" ? LEAD_STATUSES : LEAD_STATUSES.filter((status) => status !== "booked");

/** The inbox's orders: newest received first (the default), or by name. */
export const LEAD_SORTS = ["received", "name"] as const;

/** A free-text note: at most this many characters. */
export const NOTE_MAX = 2000;
/** A search: at most this many characters. */
export const SEARCH_MAX = 100;

/** A day in India, YYYY-MM-DD, or null for anything else. */
const day = z.preprocess(
  (value) => (typeof value === "string" && isCalendarDate(value) ? value : null),
  z.string().nullable(),
);

/**
 * ?kind=&status=&q= of the inbox and its export; issue 48 adds ?from=&to= (the day received, in
 * India) and ?sort=name|received&dir=asc|desc. Anything unknown means "all", or the default.
 */
export const LeadFilterSchema = z.object({
  kind: z.enum(LEAD_KINDS).nullable().catch(null),
  status: z.enum(LEAD_STATUSES).nullable().catch(null),
  from: day,
  to: day,
  sort: z.enum(LEAD_SORTS).nullable().catch(null),
  dir: z.enum(["asc", "desc"]).nullable().catch(null),
  // A search is a filter, not a saved field: characters no text may hold are dropped, not refused.
  q: z.preprocess(
    (value) => (typeof value === "string" ? withoutControls(value).trim().slice(0, SEARCH_MAX) || null : null),
    z.string().nullable(),
  ),
});
export type LeadFilterInput = z.infer<typeof LeadFilterSchema>;

/** The filters of a URL's query. */
export const leadFilterOf = (search: URLSearchParams): LeadFilterInput =>
  LeadFilterSchema.parse({
    kind: search.get("kind") ?? null,
    status: search.get("status") ?? null,
    from: search.get("from") ?? null,
    to: search.get("to") ?? null,
    sort: search.get("sort") ?? null,
    dir: search.get("dir") ?? null,
    q: search.get("q") ?? null,
  });

export const LeadStatusSchema = z
  .object({
    intent: z.literal("status"),
    kind: z.enum(LEAD_KINDS, { error: "Choose a lead" }),
    id: IdSchema,
    status: z.enum(LEAD_STATUSES, { error: "Choose a status" }),
    // Issue 42: a NUL was stored on SQLite and a 503 on PostgreSQL; now a field error on both.
    note: optionalText("Note", NOTE_MAX, {
      multiline: true,
      tooLong: `Keep the note under ${NOTE_MAX} characters`,
    }),
  })
  .refine((lead) => lead.kind === "booking" || lead.status !== "booked", {
    path: ["status"],
    message: "Only a session booking can be marked booked",
  });
export type LeadStatusInput = z.infer<typeof LeadStatusSchema>;
