import type { DB } from "../client.server";

/** Bounds the page (DESIGN §9: long lists are bounded). */
const MAX_EBOOKS = 200;

/** Active e-books for /ebooks, newest first (spec §7). */
export function listActiveEbooks(db: DB) {
  return db
    .selectFrom("ebooks")
    .select(["id", "title", "description", "pdf_link"])
    .where("is_active", "=", true)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(MAX_EBOOKS)
    .execute();
}

export type PublicEbook = Awaited<ReturnType<typeof listActiveEbooks>>[number];
