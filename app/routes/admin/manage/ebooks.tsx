import { useLoaderData, type MetaFunction } from "react-router";
import type { Route } from "./+types/ebooks";
import { asLinkRows, LinkListManager } from "~/components/admin/link-list-manager";
import { adminSection } from "~/lib/admin/sections";
import type { DB } from "~/db/client.server";
import { createEbook, deleteEbook, listEbooksForAdmin, updateEbook } from "~/db/queries/ebooks.server";
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
  const reads = {
    rows: async (db: DB) => asLinkRows(await listEbooksForAdmin(db), "pdf_link"),
    media: (db: DB) => mediaChoices(db, ["document", "image"]),
  };
  return loadPage("ebooks", m, reads, { rows: [], media: undefined });
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  return withMediaFields(
    request,
    admin,
    mediaFields,
    (values) =>
      answerCrud(values, admin, {
        schema: EbookSchema,
        messages: m,
        home: section.path,
        what: "ebook",
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
      rows={rows}
      loadError={loadError}
      linkField="pdf_link"
      texts={m}
      media={media}
      defaults={ebookDefaults}
    />
  );
}
