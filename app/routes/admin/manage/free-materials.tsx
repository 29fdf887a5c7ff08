import { useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "react-router";
import { LinkListManager } from "~/components/admin/link-list-manager";
import { managerMessages } from "~/components/admin/manager-messages";
import { adminSections } from "~/components/admin/sections";
import { materials } from "~/lib/admin/free-materials.server";
import { linkListRoute } from "~/lib/admin/link-list-route.server";
import { adminMessages } from "~/lib/admin/messages";
import { freeMaterialDefaults, FreeMaterialSchema } from "~/lib/schemas/admin/free-material";

// Free Materials manager (spec §2, §5, §7, §8): the E-Books manager with a Material Link; its table
// has 'View Material' opening in a new tab. Every loader and action starts with the guard
// (linkListRoute).

const section = adminSections[5];
const m = adminMessages.freeMaterials;
const route = linkListRoute({
  section,
  messages: m,
  what: "free material",
  store: materials,
  link: "material_link",
  schema: FreeMaterialSchema,
});

export const meta: MetaFunction = () => [{ title: `${section.title} · Admin` }];

export const loader = (args: LoaderFunctionArgs) => route.loader(args);

export const action = (args: ActionFunctionArgs) => route.action(args);

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
