import { useLoaderData, type MetaFunction } from "react-router";
import type { Route } from "./+types/ebooks";
import { LinkListManager } from "~/components/admin/link-list-manager";
import { adminSection } from "~/lib/admin/sections";
import { getDb } from "~/db/client.server";
import { createEbook, deleteEbook, listEbooksForAdmin, updateEbook } from "~/db/queries/ebooks.server";
import { handleCrud, loadOr, unreadable } from "~/lib/admin/manager-actions.server";
import { adminMessages } from "~/lib/admin/messages";
import { requireAdmin } from "~/lib/auth/guard.server";
import { readForm } from "~/lib/forms/read-form.server";
import { ebookDefaults, EbookSchema } from "~/lib/schemas/admin/ebook";

// E-Books manager (spec §2, §5, §7, §8): Title, Description, PDF Link and Active; a table with
// 'View PDF' opening in a new tab. Every loader and action starts with the guard.

const section = adminSection("ebooks");
const m = adminMessages.ebooks;

export const meta: MetaFunction = () => [{ title: `${section.title} · Admin` }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { value, loadError } = await loadOr("ebooks", () => listEbooksForAdmin(getDb()), []);
  return {
    rows: value.map((row) => ({ ...row, link: row.pdf_link })),
    loadError: loadError ? m.loadFailed : null,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readForm(request);
  if (!form.ok) return unreadable();
  const { values } = form;
  const db = getDb();
  return handleCrud({
    values,
    schema: EbookSchema,
    messages: m,
    home: section.path,
    what: "ebook",
    actor: admin,
    create: (input, actor) => createEbook(db, actor, input),
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
      texts={m}
      defaults={ebookDefaults}
    />
  );
}
