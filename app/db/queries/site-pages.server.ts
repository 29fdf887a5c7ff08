import { auditedWrite, type AdminActor } from "../audited-write.server";
import type { DB } from "../client.server";

// Pages staff write in Markdown (issue 48 item 7), by slug ("terms"): the Markdown as written and
// the HTML it was rendered to when saved, so that a visit renders nothing. No row: the page shows
// its placeholder (~/lib/site/terms-page.ts).

export function getSitePage(db: DB, slug: string) {
  return db
    .selectFrom("site_pages")
    .select(["id", "slug", "body_md", "body_html", "updated_at"])
    .where("slug", "=", slug)
    .executeTakeFirst();
}

export type SitePage = NonNullable<Awaited<ReturnType<typeof getSitePage>>>;

/** Writes the page (the first save creates its row) with its audit row, in one transaction. */
export function saveSitePage(
  db: DB,
  actor: AdminActor,
  page: { slug: string; body_md: string; body_html: string },
  now = new Date(),
) {
  return auditedWrite(db, actor, "site_pages", now, async ({ trx, stamp }) => {
    const { id } = await trx
      .insertInto("site_pages")
      .values({ ...page, created_at: stamp, updated_at: stamp })
      .onConflict((oc) =>
        oc.column("slug").doUpdateSet((eb) => ({
          body_md: eb.ref("excluded.body_md"),
          body_html: eb.ref("excluded.body_html"),
          updated_at: eb.ref("excluded.updated_at"),
        })),
      )
      .returning("id")
      .executeTakeFirstOrThrow();
    const details = { slug: page.slug, characters: page.body_md.length };
    return { result: id, audit: { action: "update", entityId: id, details } };
  });
}
