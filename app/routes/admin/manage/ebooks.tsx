import { useLoaderData, type MetaFunction } from "react-router";
import type { Route } from "./+types/ebooks";
import { LinkListManager } from "~/components/admin/link-list-manager";
import { adminSection } from "~/lib/admin/sections";
import { createEbook, deleteEbook, pageEbooksForAdmin, setEbookActive, updateEbook } from "~/db/queries/ebooks.server";
import { ebookList } from "~/lib/admin/admin-lists";
import { answerLinkList, linkMediaFields, loadLinkList } from "~/lib/admin/link-list-actions.server";
import { ebookMessages } from "~/lib/admin/messages/ebooks";
import { requireAdmin } from "~/lib/auth/guard.server";
import { ebookDefaults, EbookSchema } from "~/lib/schemas/admin/ebook";
import { dbContext } from "~/lib/request-context";

// E-Books manager (spec §2, §5, §7, §8): Title, Description, PDF Link and Active; a table with
// 'View PDF' opening in a new tab. Issue 45: the PDF and the card's cover are picked from the
// media library or uploaded in place. Every loader and action starts with the guard.

const section = adminSection("ebooks");
const m = ebookMessages;

export const meta: MetaFunction = () => [{ title: `${section.title} · Admin` }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  await requireAdmin(db, request);
  return loadLinkList(db, new URL(request.url), {
    list: ebookList,
    what: "ebooks",
    messages: m,
    linkField: "pdf_link",
    read: pageEbooksForAdmin,
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const admin = await requireAdmin(db, request);
  return answerLinkList(db, request, admin, {
    mediaFields: linkMediaFields("pdf_link", "PDF link"),
    list: ebookList,
    setActive: setEbookActive,
    schema: EbookSchema,
    messages: m,
    home: section.path,
    what: "ebook",
    anchor: true,
    writes: { create: createEbook, update: updateEbook, remove: deleteEbook },
  });
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
