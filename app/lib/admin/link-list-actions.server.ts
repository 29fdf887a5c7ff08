import type { z } from "zod";
import type { AdminActor } from "~/db/audited-write.server";
import type { DB } from "~/db/client.server";
import type { AdminList } from "./admin-lists";
import { answerBulkOrCrud, emptyList, readList, type ListReader, type SetActive } from "./list-actions.server";
import { loadPage, type CrudOptions } from "./manager-actions.server";
import { mediaChoices, withMediaFields, type MediaFieldSpec } from "./media-fields.server";

// The server side of the E-Books and Free Materials managers (spec §2), which differ only in their
// table and link field (pdf_link, material_link); ~/components/admin/link-list-manager draws them.
// The routes run requireAdmin before any of this, and pass the admin it returns.

export interface LinkRow {
  id: number;
  title: string;
  description: string | null;
  is_active: boolean;
  /** The row's link, whichever its column (pdf_link, material_link). */
  link: string;
}

/** The loader's rows as the manager lists them: each with its link column as `link` too. */
export function asLinkRows<Link extends string, Row extends Record<Link, string>>(rows: Row[], linkField: Link) {
  return rows.map((row) => ({ ...row, link: row[linkField] }));
}

/** The row's PDF (titled after it in the library) and its card's cover (decorative), issue 45. */
export function linkMediaFields(linkField: string, label: string): MediaFieldSpec[] {
  return [
    { name: linkField, kind: "document", label, title: (values) => values.title },
    { name: "cover_url", kind: "image", label: "Cover image URL", decorative: true },
  ];
}

/** The manager's page: one page of its list, each row with its link as `link`, and the pickers' files. */
export function loadLinkList<Link extends string, Row extends { id: number } & Record<Link, string>>(
  db: DB,
  url: URL,
  options: { list: AdminList; what: string; messages: { loadFailed: string }; linkField: Link; read: ListReader<Row> },
) {
  const { list, linkField, read } = options;
  const reads = {
    rows: () =>
      readList(db, list, url, async (d, query) => {
        const page = await read(d, query);
        return { ...page, items: asLinkRows(page.items, linkField) };
      }),
    media: () => mediaChoices(db, ["document", "image"]),
  };
  return loadPage(db, options.what, options.messages, reads, { rows: emptyList<LinkRow>(list, url), media: undefined });
}

/** The manager's action: its media fields resolved, then a bulk action or a create, update or delete. */
export function answerLinkList<S extends z.ZodType>(
  db: DB,
  request: Request,
  admin: AdminActor,
  options: CrudOptions<S> & { list: AdminList; setActive: SetActive; mediaFields: MediaFieldSpec[] },
) {
  const { mediaFields, ...crud } = options;
  return withMediaFields(
    db,
    request,
    admin,
    mediaFields,
    (values) => answerBulkOrCrud(db, request, values, admin, crud),
    () => crud.schema,
  );
}
