import { createHash } from "node:crypto";
import { sql } from "kysely";
import { ADMIN_LIST_LIMIT } from "../audited-write.server";
import { isPostgres, type DB } from "../client.server";
import type { LinkStatus } from "../schema";

// Link health (issue 48 item 8): the external addresses the site shows, read from the content
// tables (only what visitors see: active rows, published tests), kept in link_checks with where
// each appears, and the worker's claims and results. The checks themselves, what counts as
// external and how a result is classified: ~/lib/link-health/. Nothing here is an admin write:
// the worker keeps the rows, staff only read them.

/** Where an address comes from: table and column, or a site setting. */
export type LinkSource =
  | "courses.purchase_url"
  | "test_series.purchase_url"
  | "test_items.test_link"
  | "job_alerts.view_link"
  | "job_alerts.notification_url"
  | "gate_previous_papers.question_paper_url"
  | "gate_previous_papers.answer_key_url"
  | "gate_previous_papers.source_url"
  | "gate_paper_years.qualifying_source_url"
  | "gate_paper_years.top_mean_source_url"
  | "gate_paper_years.candidates_source_url"
  | "gate_rank_points.source_url"
  | "gate_subjects.practice_url"
  | "ebooks.pdf_link"
  | "free_materials.material_link"
  | "hero_banners.link_url"
  | "practice_tests.paid_url"
  | "settings.learning_app_url"
  | "settings.student_login_url";

/** One place the site shows an address: the row (null for a setting) and its title. */
export interface LinkPlace {
  source: LinkSource;
  id: number | null;
  title: string;
}

export interface ShownLink {
  url: string;
  place: LinkPlace;
}

/** A value that may be an absolute http(s) address (the rest are paths of this site or empty). */
const httpLike = (column: string) => sql<boolean>`lower(${sql.ref(column)}) like 'http%'`;

/**
 * Every address in the content that may be an outside link, with the row that shows it: one
 * query per table. Inactive rows, draft tests and a course sold as a test series (whose page shows
 * the series' link) are left out, as the public pages leave them out.
 */
export async function listShownContentLinks(db: DB): Promise<ShownLink[]> {
  const out: ShownLink[] = [];
  const add = (source: LinkSource, id: number, title: string, url: string | null) => {
    if (url) out.push({ url: url.trim(), place: { source, id: Number(id), title } });
  };

  const courses = await db
    .selectFrom("courses")
    .select(["id", "title", "purchase_url"])
    .where("is_active", "=", true)
    .where("test_series_id", "is", null)
    .where(httpLike("purchase_url"))
    .execute();
  for (const r of courses) add("courses.purchase_url", r.id, r.title, r.purchase_url);

  const series = await db
    .selectFrom("test_series")
    .select(["id", "title", "purchase_url"])
    .where("is_active", "=", true)
    .where(httpLike("purchase_url"))
    .execute();
  for (const r of series) add("test_series.purchase_url", r.id, r.title, r.purchase_url);

  const items = await db
    .selectFrom("test_items as i")
    .innerJoin("test_subcategories as s", "s.id", "i.subcategory_id")
    .innerJoin("test_categories as c", "c.id", "s.category_id")
    .select(["i.id", "i.title", "i.test_link"])
    .where("i.is_active", "=", true)
    .where("s.is_active", "=", true)
    .where("c.is_active", "=", true)
    .where(httpLike("i.test_link"))
    .execute();
  for (const r of items) add("test_items.test_link", r.id, r.title, r.test_link);

  // Closed alerts stay on the page, in its archive.
  const alerts = await db
    .selectFrom("job_alerts")
    .select(["id", "title", "view_link", "notification_url"])
    .where("is_active", "=", true)
    .where((eb) => eb.or([httpLike("view_link"), httpLike("notification_url")]))
    .execute();
  for (const r of alerts) {
    add("job_alerts.view_link", r.id, r.title, r.view_link);
    add("job_alerts.notification_url", r.id, r.title, r.notification_url);
  }

  const papers = await db
    .selectFrom("gate_previous_papers as g")
    .innerJoin("gate_papers as p", "p.id", "g.paper_id")
    .select(["g.id", "g.year", "p.code", "g.question_paper_url", "g.answer_key_url", "g.source_url"])
    .where((eb) => eb.or([httpLike("g.question_paper_url"), httpLike("g.answer_key_url"), httpLike("g.source_url")]))
    .execute();
  for (const r of papers) {
    const title = `${r.code} ${r.year}`;
    add("gate_previous_papers.question_paper_url", r.id, title, r.question_paper_url);
    add("gate_previous_papers.answer_key_url", r.id, title, r.answer_key_url);
    add("gate_previous_papers.source_url", r.id, title, r.source_url);
  }

  const years = await db
    .selectFrom("gate_paper_years as y")
    .innerJoin("gate_papers as p", "p.id", "y.paper_id")
    .select(["y.id", "y.year", "p.code", "y.qualifying_source_url", "y.top_mean_source_url", "y.candidates_source_url"])
    .where((eb) =>
      eb.or([
        httpLike("y.qualifying_source_url"),
        httpLike("y.top_mean_source_url"),
        httpLike("y.candidates_source_url"),
      ]),
    )
    .execute();
  for (const r of years) {
    const title = `${r.code} ${r.year}`;
    add("gate_paper_years.qualifying_source_url", r.id, title, r.qualifying_source_url);
    add("gate_paper_years.top_mean_source_url", r.id, title, r.top_mean_source_url);
    add("gate_paper_years.candidates_source_url", r.id, title, r.candidates_source_url);
  }

  const points = await db
    .selectFrom("gate_rank_points as r")
    .innerJoin("gate_papers as p", "p.id", "r.paper_id")
    .select(["r.id", "r.year", "r.marks", "p.code", "r.source_url"])
    .where(httpLike("r.source_url"))
    .execute();
  for (const r of points)
    add("gate_rank_points.source_url", r.id, `${r.code} ${r.year}, ${r.marks} marks`, r.source_url);

  const subjects = await db
    .selectFrom("gate_subjects")
    .select(["id", "name", "practice_url"])
    .where(httpLike("practice_url"))
    .execute();
  for (const r of subjects) add("gate_subjects.practice_url", r.id, r.name, r.practice_url);

  const ebooks = await db
    .selectFrom("ebooks")
    .select(["id", "title", "pdf_link"])
    .where("is_active", "=", true)
    .where(httpLike("pdf_link"))
    .execute();
  for (const r of ebooks) add("ebooks.pdf_link", r.id, r.title, r.pdf_link);

  const materials = await db
    .selectFrom("free_materials")
    .select(["id", "title", "material_link"])
    .where("is_active", "=", true)
    .where(httpLike("material_link"))
    .execute();
  for (const r of materials) add("free_materials.material_link", r.id, r.title, r.material_link);

  const banners = await db
    .selectFrom("hero_banners")
    .select(["id", "alt_text", "display_order", "link_url"])
    .where("is_active", "=", true)
    .where(httpLike("link_url"))
    .execute();
  for (const r of banners) add("hero_banners.link_url", r.id, r.alt_text ?? `Banner ${r.display_order}`, r.link_url);

  const tests = await db
    .selectFrom("practice_tests")
    .select(["id", "title", "paid_url"])
    .where("status", "=", "published")
    .where(httpLike("paid_url"))
    .execute();
  for (const r of tests) add("practice_tests.paid_url", r.id, r.title, r.paid_url);

  return out;
}

/** The key of an address. */
export const urlHash = (url: string) => createHash("sha256").update(url).digest("hex");

const byPlace = (a: LinkPlace, b: LinkPlace) =>
  a.source.localeCompare(b.source) || (a.id ?? 0) - (b.id ?? 0) || a.title.localeCompare(b.title);

/**
 * Brings link_checks in step with what the site shows: new addresses are added (unchecked), the
 * places of the others brought up to date, and addresses no longer shown removed. Safe to run on
 * two instances at once: an address is added once (its key is unique).
 */
export async function syncLinkChecks(
  db: DB,
  shown: readonly { url: string; places: readonly LinkPlace[] }[],
  now = new Date(),
) {
  const wanted = new Map<string, { url: string; places: string }>();
  for (const link of shown) {
    wanted.set(urlHash(link.url), { url: link.url, places: JSON.stringify(link.places.toSorted(byPlace)) });
  }
  const existing = await db.selectFrom("link_checks").select(["id", "url_hash", "places"]).execute();
  const known = new Map(existing.map((row) => [row.url_hash, row]));

  const added = [...wanted].filter(([hash]) => !known.has(hash));
  for (let i = 0; i < added.length; i += 100) {
    await db
      .insertInto("link_checks")
      .values(
        added.slice(i, i + 100).map(([hash, link]) => ({
          url: link.url,
          url_hash: hash,
          places: link.places,
          created_at: now.toISOString(),
        })),
      )
      .onConflict((oc) => oc.column("url_hash").doNothing())
      .execute();
  }
  let updated = 0;
  for (const row of existing) {
    const link = wanted.get(row.url_hash);
    if (!link || link.places === row.places) continue;
    await db.updateTable("link_checks").set({ places: link.places }).where("id", "=", row.id).execute();
    updated++;
  }
  const gone = existing.filter((row) => !wanted.has(row.url_hash)).map((row) => row.id);
  for (let i = 0; i < gone.length; i += 500) {
    await db
      .deleteFrom("link_checks")
      .where("id", "in", gone.slice(i, i + 500))
      .execute();
  }
  return { added: added.length, updated, removed: gone.length };
}

/**
 * Claims the address checked longest ago (never checked first) that is due, that is last checked
 * at least `everyMs` ago, for `leaseMs`; on PostgreSQL a row another worker has locked is skipped,
 * so two instances never check the same address at once.
 */
export async function claimDueLink(
  db: DB,
  { now = new Date(), everyMs, leaseMs }: { now?: Date; everyMs: number; leaseMs: number },
): Promise<{ id: number; url: string } | undefined> {
  const nowIso = now.toISOString();
  const dueBefore = new Date(now.getTime() - everyMs).toISOString();
  let due = db
    .selectFrom("link_checks")
    .select("id")
    .where((eb) => eb.or([eb("checked_at", "is", null), eb("checked_at", "<=", dueBefore)]))
    .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<=", nowIso)]))
    .orderBy(sql`case when checked_at is null then 0 else 1 end`)
    .orderBy("checked_at")
    .orderBy("id")
    .limit(1);
  if (isPostgres(db)) due = due.forUpdate().skipLocked();
  return db
    .updateTable("link_checks")
    .set({ locked_until: new Date(now.getTime() + leaseMs).toISOString() })
    .where("id", "in", due)
    .returning(["id", "url"])
    .executeTakeFirst();
}

/** Gives a claimed address back unchecked (the worker stopped during its check). */
export async function releaseLinkClaim(db: DB, id: number) {
  await db.updateTable("link_checks").set({ locked_until: null }).where("id", "=", id).execute();
}

export interface LinkCheckResult {
  status: LinkStatus;
  httpStatus: number | null;
  error: string | null;
  finalUrl: string | null;
}

/** The statuses of an address that works: the rest (once checked) are failures. */
export const WORKING_LINK_STATUSES = ["ok", "moved"] as const satisfies readonly LinkStatus[];

const isWorking = (status: LinkStatus) => (WORKING_LINK_STATUSES as readonly LinkStatus[]).includes(status);

/** Stores a claimed address's check and frees it; a failure keeps the moment it began failing. */
export async function recordLinkCheck(db: DB, id: number, result: LinkCheckResult, now = new Date()) {
  const stamp = now.toISOString();
  await db
    .updateTable("link_checks")
    .set({
      status: result.status,
      http_status: result.httpStatus,
      error: result.error?.slice(0, 1000) ?? null,
      final_url: result.finalUrl?.slice(0, 2000) ?? null,
      checked_at: stamp,
      locked_until: null,
      first_failed_at: isWorking(result.status) ? null : sql<string>`coalesce(first_failed_at, ${stamp})`,
    })
    .where("id", "=", id)
    .execute();
}

/** How many shown addresses failed their last check: one query, for the overview and the menu. */
export async function countFailingLinks(db: DB): Promise<number> {
  const row = await db
    .selectFrom("link_checks")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("status", "is not", null)
    .where("status", "not in", WORKING_LINK_STATUSES)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface LinkProblem {
  id: number;
  url: string;
  places: LinkPlace[];
  status: LinkStatus;
  httpStatus: number | null;
  error: string | null;
  finalUrl: string | null;
  checkedAt: string;
  firstFailedAt: string | null;
}

/**
 * The addresses that need staff: the failing ones, longest failing first, then those that moved
 * for good (they work, but the link should be updated).
 */
export async function listLinkProblems(db: DB, limit = ADMIN_LIST_LIMIT): Promise<LinkProblem[]> {
  const rows = await db
    .selectFrom("link_checks")
    .select(["id", "url", "places", "status", "http_status", "error", "final_url", "checked_at", "first_failed_at"])
    .where("status", "is not", null)
    .where("status", "!=", "ok")
    .orderBy(sql`case when status = 'moved' then 1 else 0 end`)
    .orderBy("first_failed_at")
    .orderBy("url")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    url: row.url,
    places: JSON.parse(row.places) as LinkPlace[],
    status: row.status!,
    httpStatus: row.http_status,
    error: row.error,
    finalUrl: row.final_url,
    checkedAt: row.checked_at!,
    firstFailedAt: row.first_failed_at,
  }));
}

export interface LinkCheckSummary {
  /** Addresses the site shows. */
  total: number;
  /** Of them, checked at least once. */
  checked: number;
  /** The latest check, or null before the first. */
  lastCheckedAt: string | null;
}

/** How far the checks have got: one query. */
export async function summarizeLinkChecks(db: DB): Promise<LinkCheckSummary> {
  const row = await db
    .selectFrom("link_checks")
    .select((eb) => [
      eb.fn.countAll<number>().as("total"),
      eb.fn.count<number>("checked_at").as("checked"),
      eb.fn.max("checked_at").as("last"),
    ])
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), checked: Number(row.checked), lastCheckedAt: row.last ?? null };
}
