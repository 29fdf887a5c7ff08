import { useLoaderData, type MetaFunction } from "react-router";
import type { Route } from "./+types/ebooks";
import { asLinkRows, LinkListManager, type LinkRow } from "~/components/admin/link-list-manager";
import { listBack } from "~/core/list-query";
import { adminSection } from "~/lib/admin/sections";
import { createEbook, deleteEbook, pageEbooksForAdmin, setEbookActive, updateEbook } from "~/db/queries/ebooks.server";
import { ebookList } from "~/lib/admin/admin-lists";
import { answerBulk, emptyList, readList } from "~/lib/admin/list-actions.server";
import { answerCrud, loadPage } from "~/lib/admin/manager-actions.server";
import { mediaChoices, withMediaFields, type MediaFieldSpec } from "~/lib/admin/media-fields.server";
import { ebookMessages } from "~/lib/admin/messages/ebooks";
import { requireAdmin } from "~/lib/auth/guard.server";
import { ebookDefaults, EbookSchema } from "~/lib/schemas/admin/ebook";
import { dbContext } from "~/lib/request-context";

// E-Books manager (spec §2, §5, §7, §8): Title, Description, PDF Link and Active; a table with
// 'View PDF' opening in a new tab. Issue 45: the PDF and the card's cover are picked from the
// media library or uploaded in place. Every loader and action starts with the guard.

const section = adminSection("ebooks");
const m = ebookMessages;

/** The e-book's PDF (titled after it in the library) and its card's cover (decorative). */
const mediaFields: MediaFieldSpec[] = [
  { name: "pdf_link", kind: "document", label: "PDF link", title: (values) => values.title },
  { name: "cover_url", kind: "image", label: "Cover image URL", decorative: true },
];

export const meta: MetaFunction = () => [{ title: `${section.title} · Admin` }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  await requireAdmin(db, request);
  const url = new URL(request.url);
  const reads = {
    rows: () =>
      readList(db, ebookList, url, async (d, query) => {
        const page = await pageEbooksForAdmin(d, query);
        return { ...page, items: asLinkRows(page.items, "pdf_link") };
      }),
    media: () => mediaChoices(db, ["document", "image"]),
  };
  return loadPage(db, "ebooks", m, reads, { rows: emptyList<LinkRow>(ebookList, url), media: undefined });
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const admin = await requireAdmin(db, request);
  return withMediaFields(
    db,
    request,
    admin,
    mediaFields,
    (values) =>
      values.intent === "bulk"
        ? answerBulk(db, request, values, {
            admin,
            list: ebookList,
            home: section.path,
            writes: {
              activate: (_db, actor, id) => setEbookActive(db, actor, id, true),
              deactivate: (_db, actor, id) => setEbookActive(db, actor, id, false),
              delete: deleteEbook,
            },
          })
        : answerCrud(db, values, admin, {
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
