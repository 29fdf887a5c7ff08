import { useLoaderData, type MetaFunction } from "react-router";
import type { Route } from "./+types/ebooks";
import { asLinkRows, LinkListManager } from "~/components/admin/link-list-manager";
import { adminSection } from "~/lib/admin/sections";
import type { DB } from "~/db/client.server";
import { createEbook, deleteEbook, listEbooksForAdmin, updateEbook } from "~/db/queries/ebooks.server";
import { handleCrud, loadPage } from "~/lib/admin/manager-actions.server";
import { adminMessages } from "~/lib/admin/messages";
import { requireAdmin } from "~/lib/auth/guard.server";
import { ebookDefaults, EbookSchema } from "~/lib/schemas/admin/ebook";

// E-Books manager (spec §2, §5, §7, §8): Title, Description, PDF Link and Active; a table with
// 'View PDF' opening in a new tab. Every loader and action starts with the guard.

const section = adminSection("ebooks");
const m = adminMessages.ebooks;

export const meta: MetaFunction = () => [{ title: `${section.title} · Admin` }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const reads = { rows: async (db: DB) => asLinkRows(await listEbooksForAdmin(db), "pdf_link") };
  return loadPage("ebooks", m, reads, { rows: [] });
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  return handleCrud(request, admin, {
    schema: EbookSchema,
    messages: m,
    home: section.path,
    what: "ebook",
    writes: { create: createEbook, update: updateEbook, remove: deleteEbook },
  });
}

export default function EbooksManager() {
  const { rows, loadError } = useLoaderData<typeof loader>();
  return (
    <LinkListManager
      section={section}
      rows={rows}
      loadError={loadError}
      linkField="pdf_link"
      texts={m}
      defaults={ebookDefaults}
    />
  );
}
