import { useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "react-router";
import { LinkListManager } from "~/components/admin/link-list-manager";
import { managerMessages } from "~/components/admin/manager-messages";
import { adminSections } from "~/components/admin/sections";
import { getDb } from "~/db/client.server";
import { createEbook, deleteEbook, listEbooksForAdmin, updateEbook } from "~/lib/admin/ebooks.server";
import { handleCrud, loadOr, readAdminForm, unreadable } from "~/lib/admin/manager-actions.server";
import { adminMessages } from "~/lib/admin/messages";
import { requireAdmin } from "~/lib/auth/guard.server";
import { ebookDefaults, EbookSchema } from "~/lib/schemas/admin/ebook";

// E-Books manager (spec §2, §5, §7, §8): Title, Description, PDF Link and Active; a table with
// 'View PDF' opening in a new tab. Every loader and action starts with the guard.

const section = adminSections[4];
const m = adminMessages.ebooks;

export const meta: MetaFunction = () => [{ title: `${section.title} · Admin` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { value, loadError } = await loadOr("ebooks", () => listEbooksForAdmin(getDb()), []);
  return {
    rows: value.map((row) => ({ ...row, link: row.pdf_link })),
    loadError: loadError ? m.loadFailed : null,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const values = await readAdminForm(request);
  if (!values) return unreadable();
  const db = getDb();
  return handleCrud({
    values,
    schema: EbookSchema,
    messages: m,
    home: section.path,
    what: "ebook",
    create: (input) => createEbook(db, admin, input),
    update: (id, input) => updateEbook(db, admin, id, input),
    remove: (id) => deleteEbook(db, admin, id),
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
      texts={managerMessages.ebooks}
      viewLabel={m.viewLink}
      confirmDelete={m.confirmDelete}
      defaults={ebookDefaults}
    />
  );
}
