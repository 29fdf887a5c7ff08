import type { RowRange } from "~/lib/pagination";
import type { DB } from "../client.server";

/** E-books per page of /ebooks (DESIGN §9: long lists are bounded): rows of 1, 2 or 3 cards. */
export const EBOOKS_PER_PAGE = 24;

/** Active e-books for /ebooks, newest first (spec §7): the first page unless a range is given. */
export function listActiveEbooks(db: DB, range: RowRange = { limit: EBOOKS_PER_PAGE, offset: 0 }) {
  return db
    .selectFrom("ebooks")
    .select(["id", "title", "description", "pdf_link"])
    .where("is_active", "=", true)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(range.limit)
    .offset(range.offset)
    .execute();
}

export type PublicEbook = Awaited<ReturnType<typeof listActiveEbooks>>[number];
