import { sql, type Insertable, type SelectQueryBuilder, type SqlBool } from "kysely";
import type { ListQuery } from "~/core/list-query";
import { rowRange, toListPage, type ListPage, type RowRange } from "~/core/pagination";
import { setActiveAudited, textMatches } from "../admin-list.server";
import {
  ADMIN_LIST_LIMIT,
  auditedWrite,
  deleteAudited,
  insertAudited,
  updateAudited,
  type AdminActor,
  type RowFields,
} from "../audited-write.server";
import type { DB } from "../client.server";
import { rowById } from "../row-by-id.server";
import { freeSlug, type SluggedTable as FreeSlugTable } from "./free-slug.server";
import type { Database, TestCategoriesTable, TestSubcategoriesTable } from "../schema";

// Free tests (spec §2 "Free Tests", §4 "Active/inactive", §7): active test items whose
// subcategory and category are both active, grouped category → subcategory. The page is paged by
// whole categories, so a category's badge always counts all its tests; one query picks the page's
// categories, one joined query reads their tests, and the grouping happens here rather than in
// the page (spec §7 did it in the client).

/**
 * Categories per page of /free-tests (DESIGN §9: long lists are bounded); each holds a few
 * subjects, folded. Six: the demo's four (the sample mock's included, issue 47) and room for what
 * staff add before a visitor must turn a page.
 */
export const CATEGORIES_PER_PAGE = 6;

/** Bounds one page's tests (DESIGN §9): far above what a few categories hold. */
const MAX_TESTS = 1000;

export interface FreeTest {
  id: number;
  title: string;
  description: string | null;
  test_link: string | null;
  /** The published test of this site the item opens (issue 47), by its slug; none for a link. */
  practice_test_slug?: string | null;
}

export interface FreeTestSubcategory {
  id: number;
  name: string;
  slug: string;
  tests: FreeTest[];
}

export interface FreeTestCategory {
  id: number;
  name: string;
  slug: string;
  /** Tests listed across the category's subcategories. */
  testCount: number;
  subcategories: FreeTestSubcategory[];
}

/**
 * Visible tests grouped for /free-tests; categories and subcategories in creation order. Only
 * categories with a visible test count; the range (first page by default) picks among them.
 */
export async function listFreeTestGroups(
  db: DB,
  range: RowRange = { limit: CATEGORIES_PER_PAGE, offset: 0 },
): Promise<FreeTestCategory[]> {
  const page = await db
    .selectFrom("test_categories as c")
    .select("c.id")
    .where("c.is_active", "=", true)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("test_subcategories as s")
          .innerJoin("test_items as i", "i.subcategory_id", "s.id")
          .select(sql.lit(1).as("one"))
          .whereRef("s.category_id", "=", "c.id")
          .where("s.is_active", "=", true)
          .where("i.is_active", "=", true),
      ),
    )
    .orderBy("c.id")
    .limit(range.limit)
    .offset(range.offset)
    .execute();
  if (page.length === 0) return [];

  const rows = await db
    .selectFrom("test_items as i")
    .innerJoin("test_subcategories as s", "s.id", "i.subcategory_id")
    .innerJoin("test_categories as c", "c.id", "s.category_id")
    // An on-site test opens only once published: a draft's item shows no Start.
    .leftJoin("practice_tests as p", (join) =>
      join.onRef("p.id", "=", "i.practice_test_id").on("p.status", "=", "published"),
    )
    .select([
      "c.id as category_id",
      "c.name as category_name",
      "c.slug as category_slug",
      "s.id as subcategory_id",
      "s.name as subcategory_name",
      "s.slug as subcategory_slug",
      "i.id",
      "i.title",
      "i.description",
      "i.test_link",
      "p.slug as practice_test_slug",
    ])
    .where("i.is_active", "=", true)
    .where("s.is_active", "=", true)
    .where(
      "c.id",
      "in",
      page.map((c) => c.id),
    )
    .orderBy("c.id")
    .orderBy("s.id")
    .orderBy("i.created_at")
    .orderBy("i.id")
    .limit(MAX_TESTS)
    .execute();

  const categories: FreeTestCategory[] = [];
  for (const row of rows) {
    let category = categories.at(-1);
    if (category?.id !== row.category_id) {
      category = {
        id: row.category_id,
        name: row.category_name,
        slug: row.category_slug,
        testCount: 0,
        subcategories: [],
      };
      categories.push(category);
    }
    let subcategory = category.subcategories.at(-1);
    if (subcategory?.id !== row.subcategory_id) {
      subcategory = { id: row.subcategory_id, name: row.subcategory_name, slug: row.subcategory_slug, tests: [] };
      category.subcategories.push(subcategory);
    }
    subcategory.tests.push({
      id: row.id,
      title: row.title,
      description: row.description,
      test_link: row.test_link,
      practice_test_slug: row.practice_test_slug,
    });
    category.testCount += 1;
  }
  return categories;
}

// --- the Free Test Series manager (spec §2, §5, §7): categories → subcategories → test items ---
//
// Deleting a parent deletes its children too (cascade), rather than refusing. The schema already
// declares ON DELETE CASCADE on both foreign keys, and refusing would make the admin empty a
// category item by item before removing it. The confirm step says what goes with it:
// get*DeletionImpact gives the counts, and messages.freeTests.cascadeNotice words them. The
// children are deleted explicitly (not left to the foreign keys) so the audit row can record
// the counts and nothing depends on SQLite's foreign_keys pragma.

export interface AdminTestItem {
  id: number;
  subcategory_id: number;
  title: string;
  description: string | null;
  test_link: string | null;
  /** The test of this site it opens (issue 47), else null (test_link is used). */
  practice_test_id: number | null;
  is_active: boolean;
  updated_at: string;
}

export interface AdminTestSubcategory {
  id: number;
  category_id: number;
  name: string;
  slug: string;
  test_count: number;
  is_active: boolean;
  updated_at: string;
  items: AdminTestItem[];
  /** How many test items it holds in all, whatever the list shows of them (issue 48). */
  item_count?: number;
}

export interface AdminTestCategory {
  id: number;
  name: string;
  slug: string;
  is_active: boolean;
  updated_at: string;
  subcategories: AdminTestSubcategory[];
}

/** The categories, active or not, in creation order, as the admin lists them. */
const adminCategoryRows = (db: DB) =>
  db
    .selectFrom("test_categories")
    .select(["id", "name", "slug", "is_active", "updated_at"])
    .orderBy("id")
    .limit(ADMIN_LIST_LIMIT)
    .execute();

/** The subcategories, active or not, in creation order, as the admin lists them. */
const adminSubcategoryRows = (db: DB) =>
  db
    .selectFrom("test_subcategories")
    .select(["id", "category_id", "name", "slug", "test_count", "is_active", "updated_at"])
    .orderBy("id")
    .limit(ADMIN_LIST_LIMIT)
    .execute();

/** The whole tree, active or not, in creation order (as /free-tests lists it). */
export async function listTestTree(db: DB): Promise<AdminTestCategory[]> {
  const [categories, subcategories, items] = await Promise.all([
    adminCategoryRows(db),
    adminSubcategoryRows(db),
    db
      .selectFrom("test_items")
      .select([
        "id",
        "subcategory_id",
        "title",
        "description",
        "test_link",
        "practice_test_id",
        "is_active",
        "updated_at",
      ])
      .orderBy("created_at")
      .orderBy("id")
      .limit(ADMIN_LIST_LIMIT)
      .execute(),
  ]);
  const tree = categories.map((category) => ({ ...category, subcategories: [] as AdminTestSubcategory[] }));
  const categoryById = new Map(tree.map((category) => [category.id, category]));
  const subcategoryById = new Map<number, AdminTestSubcategory>();
  for (const subcategory of subcategories) {
    const node = { ...subcategory, items: [] };
    subcategoryById.set(node.id, node);
    categoryById.get(node.category_id)?.subcategories.push(node);
  }
  for (const item of items) subcategoryById.get(item.subcategory_id)?.items.push(item);
  return tree;
}

const itemColumns = [
  "i.id",
  "i.subcategory_id",
  "i.title",
  "i.description",
  "i.test_link",
  "i.practice_test_id",
  "i.is_active",
  "i.updated_at",
] as const;

/** The categories and their subcategories without their items: the forms' choices. */
export async function listTestParents(db: DB): Promise<AdminTestCategory[]> {
  const [categories, subcategories] = await Promise.all([adminCategoryRows(db), adminSubcategoryRows(db)]);
  const tree = categories.map((category) => ({ ...category, subcategories: [] as AdminTestSubcategory[] }));
  const byId = new Map(tree.map((category) => [category.id, category]));
  for (const subcategory of subcategories)
    byId.get(subcategory.category_id)?.subcategories.push({ ...subcategory, items: [] });
  return tree;
}

/** Categories of the tree per page of the manager's list. */
export const TREE_CATEGORIES_PER_PAGE = 10;

/**
 * One page of the tree as the manager's view says (issue 48), a page of categories in creation
 * order with their subcategories and items. Filtered (?q= words in an item's title or
 * description or its parents' names, ?active=1|0 of the items), it shows only the items that
 * match, under their parents. Each subcategory says how many items it holds in all.
 */
export async function pageTestTree(db: DB, list: ListQuery): Promise<ListPage<AdminTestCategory>> {
  const active = list.filters.active === "1" || list.filters.active === "0" ? list.filters.active === "1" : null;
  const filtered = list.q !== null || active !== null;
  /** The items the view shows, as a subquery (correlated by the caller). */
  const matching = () => {
    let items = db
      .selectFrom("test_items as i")
      .innerJoin("test_subcategories as s", "s.id", "i.subcategory_id")
      .innerJoin("test_categories as c", "c.id", "s.category_id")
      .select("i.id");
    if (list.q) items = items.where(textMatches(["i.title", "i.description", "s.name", "c.name"], list.q));
    if (active !== null) items = items.where("i.is_active", "=", active);
    return { items };
  };
  let categories = db
    .selectFrom("test_categories as pc")
    .select(["pc.id", "pc.name", "pc.slug", "pc.is_active", "pc.updated_at"]);
  if (filtered) {
    const { items } = matching();
    categories = categories.where((eb) => eb.exists(items.where(sql<SqlBool>`c.id = pc.id`)));
  }
  const { limit, offset } = rowRange(list.page, TREE_CATEGORIES_PER_PAGE);
  const page = toListPage(
    await categories.orderBy("pc.id").limit(limit).offset(offset).execute(),
    list.page,
    TREE_CATEGORIES_PER_PAGE,
  );
  const categoryIds = page.items.map((category) => category.id);
  if (categoryIds.length === 0) return { ...page, items: [] };

  let subcategories = db
    .selectFrom("test_subcategories as ps")
    .select(["ps.id", "ps.category_id", "ps.name", "ps.slug", "ps.test_count", "ps.is_active", "ps.updated_at"])
    .select((eb) => [
      eb
        .selectFrom("test_items as ci")
        .select((e) => e.fn.countAll<number>().as("n"))
        .whereRef("ci.subcategory_id", "=", "ps.id")
        .as("item_count"),
    ])
    .where("ps.category_id", "in", categoryIds);
  if (filtered) {
    const { items } = matching();
    subcategories = subcategories.where((eb) => eb.exists(items.where(sql<SqlBool>`s.id = ps.id`)));
  }
  const subRows = await subcategories.orderBy("ps.id").execute();
  const subcategoryIds = subRows.map((subcategory) => subcategory.id);

  let items = db
    .selectFrom("test_items as i")
    .innerJoin("test_subcategories as s", "s.id", "i.subcategory_id")
    .innerJoin("test_categories as c", "c.id", "s.category_id")
    .select(itemColumns)
    .where("i.subcategory_id", "in", subcategoryIds.length > 0 ? subcategoryIds : [0]);
  if (list.q) items = items.where(textMatches(["i.title", "i.description", "s.name", "c.name"], list.q));
  if (active !== null) items = items.where("i.is_active", "=", active);
  const itemRows = await items.orderBy("i.created_at").orderBy("i.id").execute();

  const tree = page.items.map((category) => ({ ...category, subcategories: [] as AdminTestSubcategory[] }));
  const categoryById = new Map(tree.map((category) => [category.id, category]));
  const subcategoryById = new Map<number, AdminTestSubcategory>();
  for (const row of subRows) {
    const node = { ...row, item_count: Number(row.item_count ?? 0), items: [] as AdminTestItem[] };
    subcategoryById.set(node.id, node);
    categoryById.get(node.category_id)?.subcategories.push(node);
  }
  for (const item of itemRows) subcategoryById.get(item.subcategory_id)?.items.push(item);
  return { ...page, items: tree };
}

/** The test items with these ids (an edited one off the page, a bulk selection's). */
export function findTestItems(db: DB, ids: readonly number[]): Promise<AdminTestItem[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("test_items as i")
    .select(itemColumns)
    .where("i.id", "in", [...ids])
    .orderBy("i.id")
    .limit(ids.length)
    .execute();
}

/** Switches a test item on or off (a bulk action). False when no such item exists. */
export function setTestItemActive(db: DB, actor: AdminActor, id: number, active: boolean, now = new Date()) {
  return setActiveAudited(db, actor, "test_items", id, active, "title", now);
}

export function getTestCategory(db: DB, id: number) {
  return rowById(db, "test_categories", ["id", "name", "slug", "is_active"], id);
}

export function getTestSubcategory(db: DB, id: number) {
  return rowById(db, "test_subcategories", ["id", "category_id", "name", "slug", "test_count", "is_active"], id);
}

export function getTestItem(db: DB, id: number) {
  return rowById(
    db,
    "test_items",
    ["id", "subcategory_id", "title", "description", "test_link", "practice_test_id", "is_active"],
    id,
  );
}

/** A category's subcategories: deleting the category takes them along, with their test items. */
const subcategoriesOf = (db: DB, categoryId: number) =>
  db.selectFrom("test_subcategories").where("category_id", "=", categoryId);

/** How many rows `query` selects. */
async function countRows<Table extends keyof Database>(query: SelectQueryBuilder<Database, Table, object>) {
  const { count } = await query.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow();
  return Number(count);
}

/** What deleting a category takes with it, for the confirm step; null for an unknown category. */
export async function getCategoryDeletionImpact(db: DB, id: number) {
  if (!(await getTestCategory(db, id))) return null;
  const items = db.selectFrom("test_items").where("subcategory_id", "in", subcategoriesOf(db, id).select("id"));
  return { subcategories: await countRows(subcategoriesOf(db, id)), items: await countRows(items) };
}

/** What deleting a subcategory takes with it; null for an unknown subcategory. */
export async function getSubcategoryDeletionImpact(db: DB, id: number) {
  if (!(await getTestSubcategory(db, id))) return null;
  return { items: await countRows(db.selectFrom("test_items").where("subcategory_id", "=", id)) };
}

type SluggedTable = Extract<FreeSlugTable, "test_categories" | "test_subcategories">;

/** What the forms set; the slug is derived from the name. */
export type TestCategoryFields = Omit<Insertable<TestCategoriesTable>, "id" | "slug" | "created_at" | "updated_at">;
export type TestSubcategoryFields = Omit<
  Insertable<TestSubcategoriesTable>,
  "id" | "slug" | "created_at" | "updated_at"
>;
export type TestItemFields = RowFields<"test_items">;

/**
 * Inserts a category or subcategory with a slug derived from its name and free in its table.
 * Returns the new id and the slug.
 */
function createSlugged(
  db: DB,
  actor: AdminActor,
  table: SluggedTable,
  input: TestCategoryFields | TestSubcategoryFields,
  now: Date,
) {
  return auditedWrite(db, actor, table, now, async ({ trx, claim, insert }) => {
    await claim("create");
    const slug = await freeSlug(trx, table, input.name);
    const id = await insert(table, { ...input, slug });
    return { result: { id, slug }, audit: { action: "create", entityId: id, details: { name: input.name } } };
  });
}

/** Updates a category or subcategory: a new name gets a new slug, an unchanged one keeps it. */
function updateSlugged(
  db: DB,
  actor: AdminActor,
  table: SluggedTable,
  id: number,
  input: TestCategoryFields | TestSubcategoryFields,
  now: Date,
) {
  return auditedWrite(db, actor, table, now, async ({ trx, update }) => {
    const current = await trx.selectFrom(table).select(["name", "slug"]).where("id", "=", id).executeTakeFirst();
    if (!current) return { result: false };
    const slug = current.name === input.name ? current.slug : await freeSlug(trx, table, input.name, { exceptId: id });
    await update(table, id, { ...input, slug });
    return { result: true, audit: { action: "update", entityId: id, details: { name: input.name } } };
  });
}

// --- categories ------------------------------------------------------------------------------

/** Returns the new id and the slug derived from the name. */
export function createTestCategory(db: DB, actor: AdminActor, input: TestCategoryFields, now = new Date()) {
  return createSlugged(db, actor, "test_categories", input, now);
}

/** A renamed category gets a new slug; an unchanged name keeps it. False for an unknown id. */
export function updateTestCategory(db: DB, actor: AdminActor, id: number, input: TestCategoryFields, now = new Date()) {
  return updateSlugged(db, actor, "test_categories", id, input, now);
}

/** Deletes the category with its subcategories and their test items. False for an unknown id. */
export function deleteTestCategory(db: DB, actor: AdminActor, id: number, now = new Date()) {
  return auditedWrite(db, actor, "test_categories", now, async ({ trx, track }) => {
    await track("test_categories", id);
    const category = await trx.selectFrom("test_categories").select("name").where("id", "=", id).executeTakeFirst();
    if (!category) return { result: false };
    const subcategoryIds = subcategoriesOf(trx, id).select("id");
    const items = await trx.deleteFrom("test_items").where("subcategory_id", "in", subcategoryIds).executeTakeFirst();
    const subcategories = await trx.deleteFrom("test_subcategories").where("category_id", "=", id).executeTakeFirst();
    await trx.deleteFrom("test_categories").where("id", "=", id).execute();
    const details = {
      name: category.name,
      subcategories: Number(subcategories.numDeletedRows),
      items: Number(items.numDeletedRows),
    };
    return { result: true, audit: { action: "delete", entityId: id, details } };
  });
}

// --- subcategories ---------------------------------------------------------------------------

/** Returns the new id and slug. Throws (nothing written) when the parent category is unknown. */
export function createTestSubcategory(db: DB, actor: AdminActor, input: TestSubcategoryFields, now = new Date()) {
  return createSlugged(db, actor, "test_subcategories", input, now);
}

/** A renamed subcategory gets a new slug. False for an unknown id. */
export function updateTestSubcategory(
  db: DB,
  actor: AdminActor,
  id: number,
  input: TestSubcategoryFields,
  now = new Date(),
) {
  return updateSlugged(db, actor, "test_subcategories", id, input, now);
}

/** Deletes the subcategory with its test items. False for an unknown id. */
export function deleteTestSubcategory(db: DB, actor: AdminActor, id: number, now = new Date()) {
  return auditedWrite(db, actor, "test_subcategories", now, async ({ trx, track }) => {
    await track("test_subcategories", id);
    const subcategory = await trx
      .selectFrom("test_subcategories")
      .select("name")
      .where("id", "=", id)
      .executeTakeFirst();
    if (!subcategory) return { result: false };
    const items = await trx.deleteFrom("test_items").where("subcategory_id", "=", id).executeTakeFirst();
    await trx.deleteFrom("test_subcategories").where("id", "=", id).execute();
    const details = { name: subcategory.name, items: Number(items.numDeletedRows) };
    return { result: true, audit: { action: "delete", entityId: id, details } };
  });
}

// --- test items ------------------------------------------------------------------------------

/** Returns the new id. Throws (nothing written) when the subcategory is unknown. */
export function createTestItem(db: DB, actor: AdminActor, input: TestItemFields, now = new Date()) {
  return insertAudited(db, actor, "test_items", input, { title: input.title }, now);
}

/** False for an unknown id. */
export function updateTestItem(db: DB, actor: AdminActor, id: number, input: TestItemFields, now = new Date()) {
  return updateAudited(db, actor, "test_items", id, input, { title: input.title }, now);
}

/** False for an unknown id. */
export function deleteTestItem(db: DB, actor: AdminActor, id: number, now = new Date()) {
  return deleteAudited(db, actor, "test_items", id, "title", now);
}
