import { useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "react-router";
import { LinkListManager } from "~/components/admin/link-list-manager";
import { managerMessages } from "~/components/admin/manager-messages";
import { adminSections } from "~/components/admin/sections";
import { getDb } from "~/db/client.server";
import {
  createFreeMaterial,
  deleteFreeMaterial,
  listFreeMaterialsForAdmin,
  updateFreeMaterial,
} from "~/lib/admin/free-materials.server";
import { handleCrud, loadOr, readAdminForm, unreadable } from "~/lib/admin/manager-actions.server";
import { adminMessages } from "~/lib/admin/messages";
import { requireAdmin } from "~/lib/auth/guard.server";
import { freeMaterialDefaults, FreeMaterialSchema } from "~/lib/schemas/admin/free-material";

// Free Materials manager (spec §2, §5, §7, §8): the E-Books manager with a Material Link; its table
// has 'View Material' opening in a new tab. Every loader and action starts with the guard.

const section = adminSections[5];
const m = adminMessages.freeMaterials;

export const meta: MetaFunction = () => [{ title: `${section.title} · Admin` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { value, loadError } = await loadOr("free materials", () => listFreeMaterialsForAdmin(getDb()), []);
  return {
    rows: value.map((row) => ({ ...row, link: row.material_link })),
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
    schema: FreeMaterialSchema,
    messages: m,
    home: section.path,
    what: "free material",
    create: (input) => createFreeMaterial(db, admin, input),
    update: (id, input) => updateFreeMaterial(db, admin, id, input),
    remove: (id) => deleteFreeMaterial(db, admin, id),
  });
}

export default function FreeMaterialsManager() {
  const { rows, loadError } = useLoaderData<typeof loader>();
  return (
    <LinkListManager
      section={section}
      rows={rows}
      loadError={loadError}
      linkField="material_link"
      texts={managerMessages.freeMaterials}
      viewLabel={m.viewLink}
      confirmDelete={m.confirmDelete}
      defaults={freeMaterialDefaults}
    />
  );
}
