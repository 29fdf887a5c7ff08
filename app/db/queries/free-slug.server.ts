import type { Transaction } from "kysely";
import { uniqueSlug } from "~/core/slug";
import type { Database } from "../schema";

// A slug free in its table, shared by the tables whose rows are addressed by one: the free tests'
// categories and subcategories, the question bank's questions, the timed tests and the FAQs.

export type SluggedTable = "test_categories" | "test_subcategories" | "questions" | "practice_tests" | "faqs";

/** The slug of `base` (~/core/slug.ts), cut at a word within `maxLength` when one is given. */
export function slugRoot(base: string, maxLength?: number) {
  const slug = uniqueSlug(base, []);
  if (maxLength === undefined || slug.length <= maxLength) return slug;
  const cut = slug.slice(0, maxLength);
  return cut.slice(0, cut.lastIndexOf("-")) || cut;
}

/**
 * The slug of `base` made unique in its table with a numeric suffix. `exceptId` leaves the row
 * being renamed out of the comparison.
 */
export async function freeSlug(
  trx: Transaction<Database>,
  table: SluggedTable,
  base: string,
  { exceptId, maxLength }: { exceptId?: number; maxLength?: number } = {},
) {
  const root = slugRoot(base, maxLength);
  let query = trx
    .selectFrom(table)
    .select("slug")
    .where((eb) => eb.or([eb("slug", "=", root), eb("slug", "like", `${root}-%`)]));
  if (exceptId !== undefined) query = query.where("id", "!=", exceptId);
  const taken = await query.execute();
  return uniqueSlug(
    root,
    taken.map((row) => row.slug),
  );
}
