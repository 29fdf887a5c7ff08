import { useLoaderData, type MetaFunction } from "react-router";
import type { Route } from "./+types/ebooks";
import { asLinkRows, LinkListManager, type LinkRow } from "~/components/admin/link-list-manager";
import { listBack } from "~/core/list-query";
import { adminSection } from "~/lib/admin/sections";
import type { DB } from "~/db/client.server";
import { createEbook, deleteEbook, pageEbooksForAdmin, setEbookActive, updateEbook } from "~/db/queries/ebooks.server";
import { ebookList } from "~/lib/admin/admin-lists";
import { answerBulk, emptyList, readList } from "~/lib/admin/list-actions.server";
import { answerCrud, loadPage } from "~/lib/admin/manager-actions.server";
import { mediaChoices, withMediaFields, type MediaFieldSpec } from "~/lib/admin/media-fields.server";
import { adminMessages } from "~/lib/admin/messages";
import { requireAdmin } from "~/lib/auth/guard.server";
import { ebookDefaults, EbookSchema } from "~/lib/schemas/admin/ebook";

// E-Books manager (spec §2, §5, §7, §8): Title, Description, PDF Link and Active; a table with
// 'View PDF' opening in a new tab. Issue 45: the PDF and the card's cover are picked from the
// media library or uploaded in place. Every loader and action starts with the guard.

const section = adminSection("ebooks");
const m = adminMessages.ebooks;

/** The e-book's PDF (titled after it in the library) and its card's cover (decorative). */
const mediaFields: MediaFieldSpec[] = [
  { name: "pdf_link", kind: "document", label: "PDF link", title: (values) => values.title },
  { name: "cover_url", kind: "image", label: "Cover image URL", decorative: true },
];

export const meta: MetaFunction = () => [{ title: `${section.title} · Admin` }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const reads = {
    rows: (db: DB) =>
      readList(db, ebookList, url, async (d, query) => {
        const page = await pageEbooksForAdmin(d, query);
        return { ...page, items: asLinkRows(page.items, "pdf_link") };
      }),
    media: (db: DB) => mediaChoices(db, ["document", "image"]),
  };
  return loadPage("ebooks", m, reads, { rows: emptyList<LinkRow>(ebookList, url), media: undefined });
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  return withMediaFields(
    request,
    admin,
    mediaFields,
    (values) =>
      values.intent === "bulk"
        ? answerBulk(request, values, {
            admin,
            list: ebookList,
            home: section.path,
            writes: {
              activate: (db, actor, id) => setEbookActive(db, actor, id, true),
              deactivate: (db, actor, id) => setEbookActive(db, actor, id, false),
              delete: deleteEbook,
            },
          })
        : answerCrud(values, admin, {
            schema: EbookSchema,
            messages: m,
            home: listBack(section.path, request.url),
            what: "ebook",
            anchor: true,
            writes: { create: createEbook, update: updateEbook, remove: deleteEbook },
          }),
    () => EbookSchema,
  );
}

export default function EbooksManager() {
  const { rows, media, loadError } = useLoaderData<typeof loader>();
  return (
    <LinkListManager
      section={section}
      list={ebookList}
      data={rows}
      loadError={loadError}
      linkField="pdf_link"
      texts={m}
      media={media}
      defaults={ebookDefaults}
    />
  );
}
