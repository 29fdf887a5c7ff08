import { useLoaderData, type MetaFunction } from "react-router";
import type { Route } from "./+types/free-materials";
import { LinkListManager } from "~/components/admin/link-list-manager";
import { adminSection } from "~/lib/admin/sections";
import { getDb } from "~/db/client.server";
import {
  createFreeMaterial,
  deleteFreeMaterial,
  listFreeMaterialsForAdmin,
  updateFreeMaterial,
} from "~/db/queries/free-materials.server";
import { handleCrud, loadOr, unreadable } from "~/lib/admin/manager-actions.server";
import { adminMessages } from "~/lib/admin/messages";
import { requireAdmin } from "~/lib/auth/guard.server";
import { readForm } from "~/lib/forms/read-form.server";
import { freeMaterialDefaults, FreeMaterialSchema } from "~/lib/schemas/admin/free-material";

// Free Materials manager (spec §2, §5, §7, §8): the E-Books manager with a Material Link; its table
// has 'View Material' opening in a new tab. Every loader and action starts with the guard.

const section = adminSection("free-materials");
const m = adminMessages.freeMaterials;

export const meta: MetaFunction = () => [{ title: `${section.title} · Admin` }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { value, loadError } = await loadOr("free materials", () => listFreeMaterialsForAdmin(getDb()), []);
  return {
    rows: value.map((row) => ({ ...row, link: row.material_link })),
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
    schema: FreeMaterialSchema,
    messages: m,
    home: section.path,
    what: "free material",
    actor: admin,
    create: (input, actor) => createFreeMaterial(db, actor, input),
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
      texts={m}
      defaults={freeMaterialDefaults}
    />
  );
}
