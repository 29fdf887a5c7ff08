import { sql } from "kysely";
import { addDays, istDate, istDayStart, type CalendarDate } from "~/core/ist";
import type { ListQuery } from "~/core/list-query";
import type { RowRange } from "~/core/pagination";
import {
  ADMIN_LIST_LIMIT,
  auditedWrite,
  deleteAudited,
  insertAudited,
  type AdminActor,
  type RowFields,
} from "../audited-write.server";
import { readListPage, setActiveAudited, type ListColumns } from "../admin-list.server";
import type { DB } from "../client.server";
import { rowById } from "../row-by-id.server";

// Job alerts (spec §2, §7; issue 26 deadlines): for each tab of /job-alerts its open alerts, and
// for its archive the closed ones; for the Job Alerts manager, the categories for the form's
// select, every alert with its category name for the table, and the writes.
//
// An alert is closed once its last date (a calendar day in India, YYYY-MM-DD, which sorts as
// text on both engines) is before today in India; one without a last date never closes.

/** Alerts per page of each tab (DESIGN §9: long lists are bounded). */
export const ALERTS_PER_PAGE = 20;

const publicColumns = [
  "a.id",
  "a.title",
  "a.description",
  "a.view_link",
  "a.posted_date",
  "a.last_date",
  "a.selection_mode",
  "a.gate_year",
  "a.eligibility",
  "a.posts",
  "a.notification_url",
  "a.organisation",
  "a.job_location",
] as const;

function activeOfCategory(db: DB, categorySlug: string) {
  return db
    .selectFrom("job_alerts as a")
    .innerJoin("job_categories as c", "c.id", "a.category_id")
    .select(publicColumns)
    .where("c.slug", "=", categorySlug)
    .where("a.is_active", "=", true);
}

/**
 * The open alerts of one job category, by its slug: those with a last date first, the soonest
 * first; then those without one, newest posted_date first (spec §7's order, which was all there
 * was before last dates). The first page unless a range is given.
 */
export function listActiveJobAlerts(
  db: DB,
  categorySlug: string,
  range: RowRange = { limit: ALERTS_PER_PAGE, offset: 0 },
  today: CalendarDate = istDate(),
) {
  return activeOfCategory(db, categorySlug)
    .where((eb) => eb.or([eb("a.last_date", "is", null), eb("a.last_date", ">=", today)]))
    .orderBy(sql`case when a.last_date is null then 1 else 0 end`)
    .orderBy("a.last_date", "asc")
    .orderBy("a.posted_date", "desc")
    .orderBy("a.id", "desc")
    .limit(range.limit)
    .offset(range.offset)
    .execute();
}

/** The closed alerts of one job category (its archive): the latest last date first. */
export function listClosedJobAlerts(
  db: DB,
  categorySlug: string,
  range: RowRange = { limit: ALERTS_PER_PAGE, offset: 0 },
  today: CalendarDate = istDate(),
) {
  return activeOfCategory(db, categorySlug)
    .where("a.last_date", "<", today)
    .orderBy("a.last_date", "desc")
    .orderBy("a.id", "desc")
    .limit(range.limit)
    .offset(range.offset)
    .execute();
}

export type PublicJobAlert = Awaited<ReturnType<typeof listActiveJobAlerts>>[number];

/** An active alert with a last date, for its calendar file, or undefined. */
export function getCalendarAlert(db: DB, id: number) {
  return db
    .selectFrom("job_alerts as a")
    .innerJoin("job_categories as c", "c.id", "a.category_id")
    .select(["a.id", "a.title", "a.description", "a.last_date", "a.updated_at", "c.slug"])
    .where("a.id", "=", id)
    .where("a.is_active", "=", true)
    .where("a.last_date", "is not", null)
    .executeTakeFirst();
}

/** Entries of a job alerts feed (issue 49: a reader keeps what it has seen, so the latest suffice). */
export const FEED_ALERTS = 50;

/**
 * The open alerts for the Atom feeds (issue 49), of every tab or of one (by its category's slug):
 * the newest posted first, each with its tab and when it last changed.
 */
export function listFeedJobAlerts(db: DB, categorySlug?: string, today: CalendarDate = istDate(), limit = FEED_ALERTS) {
  let query = db
    .selectFrom("job_alerts as a")
    .innerJoin("job_categories as c", "c.id", "a.category_id")
    .select([...publicColumns, "a.updated_at", "c.slug"])
    .where("a.is_active", "=", true)
    .where((eb) => eb.or([eb("a.last_date", "is", null), eb("a.last_date", ">=", today)]));
  if (categorySlug !== undefined) query = query.where("c.slug", "=", categorySlug);
  return query.orderBy("a.posted_date", "desc").orderBy("a.id", "desc").limit(limit).execute();
}

export type FeedJobAlert = Awaited<ReturnType<typeof listFeedJobAlerts>>[number];

/** Last dates in the calendar feed at most: more open dated alerts than staff ever keep. */
export const CALENDAR_ALERTS = 500;

/**
 * The open alerts with a last date from `today` to `until` (both days in India; no end without
 * it), every tab, the soonest first: the calendar feed's events and the home page's "Closing
 * soon" (issue 49).
 */
export function listJobAlertDeadlines(
  db: DB,
  today: CalendarDate,
  { until, limit = CALENDAR_ALERTS }: { until?: CalendarDate; limit?: number } = {},
) {
  let query = db
    .selectFrom("job_alerts as a")
    .innerJoin("job_categories as c", "c.id", "a.category_id")
    .select(["a.id", "a.title", "a.description", "a.last_date", "a.updated_at", "c.slug"])
    .where("a.is_active", "=", true)
    .where("a.last_date", ">=", today)
    .$narrowType<{ last_date: CalendarDate }>();
  if (until !== undefined) query = query.where("a.last_date", "<=", until);
  return query
    .orderBy("a.last_date", "asc")
    .orderBy("a.posted_date", "desc")
    .orderBy("a.id", "desc")
    .limit(limit)
    .execute();
}

export type JobAlertDeadline = Awaited<ReturnType<typeof listJobAlertDeadlines>>[number];

/** The job categories, ordered by name (spec §7). */
export function listJobCategories(db: DB) {
  return db.selectFrom("job_categories").select(["id", "name", "slug"]).orderBy("name").orderBy("id").execute();
}

/** The form's columns of an alert; posted_on is the posted date's day in India. */
const formColumns = [
  "id",
  "title",
  "category_id",
  "view_link",
  "description",
  "posted_date",
  "last_date",
  "selection_mode",
  "gate_year",
  "eligibility",
  "posts",
  "notification_url",
  "organisation",
  "job_location",
  "is_active",
] as const;

const withPostedOn = <T extends { posted_date: string }>(row: T) => ({
  ...row,
  posted_on: istDate(new Date(row.posted_date)),
});

/** The alerts with their category names and the form's fields. */
const adminAlerts = (db: DB) =>
  db
    .selectFrom("job_alerts as a")
    .innerJoin("job_categories as c", "c.id", "a.category_id")
    .select([...formColumns.map((column) => `a.${column}` as const), "c.name as category_name", "a.updated_at"]);

/** Every alert, active or not, newest posted first, with its category name and the form's fields. */
export async function listJobAlertsForAdmin(db: DB) {
  const rows = await adminAlerts(db)
    .orderBy("a.posted_date", "desc")
    .orderBy("a.id", "desc")
    .limit(ADMIN_LIST_LIMIT)
    .execute();
  return rows.map(withPostedOn);
}

export type AdminJobAlert = Awaited<ReturnType<typeof listJobAlertsForAdmin>>[number];

/** The manager's list (issue 48): its search, sorts, Active and posted-date filters. */
const adminListColumns: ListColumns = {
  id: "a.id",
  search: ["a.title", "a.organisation", "a.job_location", "c.name"],
  sorts: {
    posted: { column: "a.posted_date" },
    title: { column: "a.title" },
    category: { column: "c.name" },
    last_date: { column: "a.last_date", nullable: true },
  },
  active: "a.is_active",
  dated: { column: "a.posted_date", kind: "instant" },
};

/**
 * One page of the manager's list as its view says, with the alerts' own filters: ?category=<id>,
 * ?closing=N (active, last date from today to N days on, in India: still open and closing soon)
 * and ?lastDate=none (active, without a last date).
 */
export async function pageJobAlertsForAdmin(db: DB, list: ListQuery, today: CalendarDate = istDate()) {
  let query = adminAlerts(db);
  const { category, closing, lastDate } = list.filters;
  if (category) query = query.where("a.category_id", "=", Number(category));
  if (closing) {
    query = query
      .where("a.is_active", "=", true)
      .where("a.last_date", ">=", today)
      .where("a.last_date", "<=", addDays(today, Number(closing)));
  }
  if (lastDate === "none") query = query.where("a.is_active", "=", true).where("a.last_date", "is", null);
  const page = await readListPage(query, list, adminListColumns);
  return { ...page, items: page.items.map(withPostedOn) };
}

/** Switches an alert on or off (a bulk action, issue 48). False when no such alert exists. */
export function setJobAlertActive(db: DB, actor: AdminActor, id: number, active: boolean, now = new Date()) {
  return setActiveAudited(db, actor, "job_alerts", id, active, "title", now);
}

/** One alert for the edit form, or null. */
export async function getJobAlert(db: DB, id: number) {
  const row = await rowById(db, "job_alerts", formColumns, id);
  return row && withPostedOn(row);
}

/** What the form sets: the posted date as a day in India (posted_on), not the stored instant. */
export type JobAlertFields = Omit<RowFields<"job_alerts">, "posted_date"> & { posted_on: CalendarDate };

/**
 * The instant stored for a posted date: the moment of the write when it is today in India, else
 * the start of that day in India, so the list's newest-first order holds across days.
 */
function postedInstant(postedOn: CalendarDate, now: Date): string {
  return postedOn === istDate(now) ? now.toISOString() : istDayStart(postedOn);
}

/** Creates an alert posted on the given day (now when it is today). Returns the new id. */
export function createJobAlert(db: DB, actor: AdminActor, input: JobAlertFields, now = new Date()) {
  const { posted_on, ...fields } = input;
  const values = { ...fields, posted_date: postedInstant(posted_on, now) };
  return insertAudited(db, actor, "job_alerts", values, { title: input.title }, now);
}

/**
 * Updates an alert. Its stored posted instant is kept while the posted day is unchanged, so an
 * edit does not move it in the list. False when no such alert exists.
 */
export function updateJobAlert(db: DB, actor: AdminActor, id: number, input: JobAlertFields, now = new Date()) {
  const { posted_on, ...fields } = input;
  return auditedWrite(db, actor, "job_alerts", now, async ({ trx, update }) => {
    const row = await trx.selectFrom("job_alerts").select("posted_date").where("id", "=", id).executeTakeFirst();
    if (!row) return { result: false };
    const kept = istDate(new Date(row.posted_date)) === posted_on;
    await update("job_alerts", id, { ...fields, posted_date: kept ? row.posted_date : postedInstant(posted_on, now) });
    return { result: true, audit: { action: "update", entityId: id, details: { title: input.title } } };
  });
}

/** Deletes an alert. False when no such alert exists. */
export function deleteJobAlert(db: DB, actor: AdminActor, id: number, now = new Date()) {
  return deleteAudited(db, actor, "job_alerts", id, "title", now);
}

/**
 * The open alerts that need staff (issue 48 "What needs attention"), one query: those whose last
 * date is from `today` to `closingBy` (closing soon, both calendar days in India), and those
 * without a last date.
 */
export async function countJobAlertsNeedingAttention(db: DB, today: CalendarDate, closingBy: CalendarDate) {
  const row = await db
    .selectFrom("job_alerts")
    .select((eb) => [
      eb.fn
        .count<number>(
          eb
            .case()
            .when(eb.and([eb("last_date", ">=", today), eb("last_date", "<=", closingBy)]))
            .then(1)
            .end(),
        )
        .as("closing"),
      eb.fn.count<number>(eb.case().when("last_date", "is", null).then(1).end()).as("undated"),
    ])
    .where("is_active", "=", true)
    .executeTakeFirstOrThrow();
  return { closingSoon: Number(row.closing), withoutLastDate: Number(row.undated) };
}
