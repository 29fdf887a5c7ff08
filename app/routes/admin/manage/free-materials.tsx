import { useLoaderData, type MetaFunction } from "react-router";
import type { Route } from "./+types/free-materials";
import { asLinkRows, LinkListManager } from "~/components/admin/link-list-manager";
import { adminSection } from "~/lib/admin/sections";
import type { DB } from "~/db/client.server";
import {
  createFreeMaterial,
  deleteFreeMaterial,
  listFreeMaterialsForAdmin,
  updateFreeMaterial,
} from "~/db/queries/free-materials.server";
import { handleCrud, loadPage } from "~/lib/admin/manager-actions.server";
import { adminMessages } from "~/lib/admin/messages";
import { requireAdmin } from "~/lib/auth/guard.server";
import { freeMaterialDefaults, FreeMaterialSchema } from "~/lib/schemas/admin/free-material";

// Free Materials manager (spec §2, §5, §7, §8): the E-Books manager with a Material Link; its table
// has 'View Material' opening in a new tab. Every loader and action starts with the guard.

const section = adminSection("free-materials");
const m = adminMessages.freeMaterials;

export const meta: MetaFunction = () => [{ title: `${section.title} · Admin` }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const reads = { rows: async (db: DB) => asLinkRows(await listFreeMaterialsForAdmin(db), "material_link") };
  return loadPage("free materials", m, reads, { rows: [] });
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  return handleCrud(request, admin, {
    schema: FreeMaterialSchema,
    messages: m,
    home: section.path,
    what: "free material",
    writes: { create: createFreeMaterial, update: updateFreeMaterial, remove: deleteFreeMaterial },
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
