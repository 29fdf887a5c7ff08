import type { Transaction } from "kysely";
import type { DB } from "~/db/client.server";
import type { Database } from "~/db/schema";
import type { TestCategoryInput } from "~/lib/schemas/admin/test-category";
import type { TestItemInput } from "~/lib/schemas/admin/test-item";
import type { TestSubcategoryInput } from "~/lib/schemas/admin/test-subcategory";
import { uniqueSlug } from "~/lib/slug";
import { ADMIN_LIST_LIMIT, claimSubmissionOnce, recordAudit, type AdminActor } from "./audit.server";

// Free Test Series manager (spec §2, §5, §7): categories → subcategories → test items.
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
}

export interface AdminTestCategory {
  id: number;
  name: string;
  slug: string;
  is_active: boolean;
  updated_at: string;
  subcategories: AdminTestSubcategory[];
}

/** The whole tree, active or not, in creation order (as /free-tests lists it). */
export async function listTestTree(db: DB): Promise<AdminTestCategory[]> {
  const [categories, subcategories, items] = await Promise.all([
    db
      .selectFrom("test_categories")
      .select(["id", "name", "slug", "is_active", "updated_at"])
      .orderBy("id")
      .limit(ADMIN_LIST_LIMIT)
      .execute(),
    db
      .selectFrom("test_subcategories")
      .select(["id", "category_id", "name", "slug", "test_count", "is_active", "updated_at"])
      .orderBy("id")
      .limit(ADMIN_LIST_LIMIT)
      .execute(),
    db
      .selectFrom("test_items")
      .select(["id", "subcategory_id", "title", "description", "test_link", "is_active", "updated_at"])
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

export async function getTestCategory(db: DB, id: number) {
  const row = await db
    .selectFrom("test_categories")
    .select(["id", "name", "slug", "is_active"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row ?? null;
}

export async function getTestSubcategory(db: DB, id: number) {
  const row = await db
    .selectFrom("test_subcategories")
    .select(["id", "category_id", "name", "slug", "test_count", "is_active"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row ?? null;
}

export async function getTestItem(db: DB, id: number) {
  const row = await db
    .selectFrom("test_items")
    .select(["id", "subcategory_id", "title", "description", "test_link", "is_active"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row ?? null;
}

/** What deleting a category takes with it, for the confirm step; null for an unknown category. */
export async function getCategoryDeletionImpact(db: DB, id: number) {
  if (!(await getTestCategory(db, id))) return null;
  const { subcategories } = await db
    .selectFrom("test_subcategories")
    .select((eb) => eb.fn.countAll<number>().as("subcategories"))
    .where("category_id", "=", id)
    .executeTakeFirstOrThrow();
  const { items } = await db
    .selectFrom("test_items as i")
    .innerJoin("test_subcategories as s", "s.id", "i.subcategory_id")
    .select((eb) => eb.fn.countAll<number>().as("items"))
    .where("s.category_id", "=", id)
    .executeTakeFirstOrThrow();
  return { subcategories: Number(subcategories), items: Number(items) };
}

/** What deleting a subcategory takes with it; null for an unknown subcategory. */
export async function getSubcategoryDeletionImpact(db: DB, id: number) {
  if (!(await getTestSubcategory(db, id))) return null;
  const { items } = await db
    .selectFrom("test_items")
    .select((eb) => eb.fn.countAll<number>().as("items"))
    .where("subcategory_id", "=", id)
    .executeTakeFirstOrThrow();
  return { items: Number(items) };
}

type SluggedTable = "test_categories" | "test_subcategories";

/**
 * The slug for `name` (spec §5: lowercase, spaces to hyphens; see slugify), made unique in its
 * table with a numeric suffix. `exceptId` leaves the row being renamed out of the comparison.
 */
async function freeSlug(trx: Transaction<Database>, table: SluggedTable, name: string, exceptId?: number) {
  const root = uniqueSlug(name, []);
  let query = trx
    .selectFrom(table)
    .select("slug")
    .where((eb) => eb.or([eb("slug", "=", root), eb("slug", "like", `${root}-%`)]));
  if (exceptId !== undefined) query = query.where("id", "!=", exceptId);
  const taken = await query.execute();
  return uniqueSlug(
    name,
    taken.map((row) => row.slug),
  );
}

/**
 * Inserts a category or subcategory with a slug derived from its name and free in its table.
 * Returns the new id and the slug.
 */
function createSlugged(
  db: DB,
  actor: AdminActor,
  table: SluggedTable,
  input: TestCategoryInput | TestSubcategoryInput,
  now: Date,
) {
  const stamp = now.toISOString();
  return db.transaction().execute(async (trx) => {
    await claimSubmissionOnce(trx, actor, "create", stamp);
    const slug = await freeSlug(trx, table, input.name);
    const { id } = await trx
      .insertInto(table)
      .values({ ...input, slug, created_at: stamp, updated_at: stamp })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordAudit(
      trx,
      actor,
      { action: "create", entity: table, entityId: id, details: { name: input.name } },
      stamp,
    );
    return { id, slug };
  });
}

/** Updates a category or subcategory: a new name gets a new slug, an unchanged one keeps it. */
function updateSlugged(
  db: DB,
  actor: AdminActor,
  table: SluggedTable,
  id: number,
  input: TestCategoryInput | TestSubcategoryInput,
  now: Date,
) {
  const stamp = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom(table).select(["name", "slug"]).where("id", "=", id).executeTakeFirst();
    if (!current) return false;
    const slug = current.name === input.name ? current.slug : await freeSlug(trx, table, input.name, id);
    await trx
      .updateTable(table)
      .set({ ...input, slug, updated_at: stamp })
      .where("id", "=", id)
      .execute();
    await recordAudit(
      trx,
      actor,
      { action: "update", entity: table, entityId: id, details: { name: input.name } },
      stamp,
    );
    return true;
  });
}

// --- categories ------------------------------------------------------------------------------

/** Returns the new id and the slug derived from the name. */
export function createTestCategory(db: DB, actor: AdminActor, input: TestCategoryInput, now = new Date()) {
  return createSlugged(db, actor, "test_categories", input, now);
}

/** A renamed category gets a new slug; an unchanged name keeps it. False for an unknown id. */
export function updateTestCategory(db: DB, actor: AdminActor, id: number, input: TestCategoryInput, now = new Date()) {
  return updateSlugged(db, actor, "test_categories", id, input, now);
}

/** Deletes the category with its subcategories and their test items. False for an unknown id. */
export function deleteTestCategory(db: DB, actor: AdminActor, id: number, now = new Date()) {
  const stamp = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const category = await trx.selectFrom("test_categories").select("name").where("id", "=", id).executeTakeFirst();
    if (!category) return false;
    const subcategoryIds = trx.selectFrom("test_subcategories").select("id").where("category_id", "=", id);
    const items = await trx.deleteFrom("test_items").where("subcategory_id", "in", subcategoryIds).executeTakeFirst();
    const subcategories = await trx.deleteFrom("test_subcategories").where("category_id", "=", id).executeTakeFirst();
    await trx.deleteFrom("test_categories").where("id", "=", id).execute();
    await recordAudit(
      trx,
      actor,
      {
        action: "delete",
        entity: "test_categories",
        entityId: id,
        details: {
          name: category.name,
          subcategories: Number(subcategories.numDeletedRows),
          items: Number(items.numDeletedRows),
        },
      },
      stamp,
    );
    return true;
  });
}

// --- subcategories ---------------------------------------------------------------------------

/** Returns the new id and slug. Throws (nothing written) when the parent category is unknown. */
export function createTestSubcategory(db: DB, actor: AdminActor, input: TestSubcategoryInput, now = new Date()) {
  return createSlugged(db, actor, "test_subcategories", input, now);
}

/** A renamed subcategory gets a new slug. False for an unknown id. */
export function updateTestSubcategory(
  db: DB,
  actor: AdminActor,
  id: number,
  input: TestSubcategoryInput,
  now = new Date(),
) {
  return updateSlugged(db, actor, "test_subcategories", id, input, now);
}

/** Deletes the subcategory with its test items. False for an unknown id. */
export function deleteTestSubcategory(db: DB, actor: AdminActor, id: number, now = new Date()) {
  const stamp = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const subcategory = await trx
      .selectFrom("test_subcategories")
      .select("name")
      .where("id", "=", id)
      .executeTakeFirst();
    if (!subcategory) return false;
    const items = await trx.deleteFrom("test_items").where("subcategory_id", "=", id).executeTakeFirst();
    await trx.deleteFrom("test_subcategories").where("id", "=", id).execute();
    await recordAudit(
      trx,
      actor,
      {
        action: "delete",
        entity: "test_subcategories",
        entityId: id,
        details: { name: subcategory.name, items: Number(items.numDeletedRows) },
      },
      stamp,
    );
    return true;
  });
}

// --- test items ------------------------------------------------------------------------------

/** Returns the new id. Throws (nothing written) when the subcategory is unknown. */
export function createTestItem(db: DB, actor: AdminActor, input: TestItemInput, now = new Date()) {
  const stamp = now.toISOString();
  return db.transaction().execute(async (trx) => {
    await claimSubmissionOnce(trx, actor, "create", stamp);
    const { id } = await trx
      .insertInto("test_items")
      .values({ ...input, created_at: stamp, updated_at: stamp })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordAudit(
      trx,
      actor,
      { action: "create", entity: "test_items", entityId: id, details: { title: input.title } },
      stamp,
    );
    return id;
  });
}

/** False for an unknown id. */
export function updateTestItem(db: DB, actor: AdminActor, id: number, input: TestItemInput, now = new Date()) {
  const stamp = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("test_items")
      .set({ ...input, updated_at: stamp })
      .where("id", "=", id)
      .returning("id")
      .executeTakeFirst();
    if (!row) return false;
    await recordAudit(
      trx,
      actor,
      { action: "update", entity: "test_items", entityId: id, details: { title: input.title } },
      stamp,
    );
    return true;
  });
}

/** False for an unknown id. */
export function deleteTestItem(db: DB, actor: AdminActor, id: number, now = new Date()) {
  const stamp = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const row = await trx.deleteFrom("test_items").where("id", "=", id).returning(["id", "title"]).executeTakeFirst();
    if (!row) return false;
    await recordAudit(
      trx,
      actor,
      { action: "delete", entity: "test_items", entityId: id, details: { title: row.title } },
      stamp,
    );
    return true;
  });
}
