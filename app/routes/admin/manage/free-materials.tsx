import { useLoaderData, type MetaFunction } from "react-router";
import type { Route } from "./+types/free-materials";
import { LinkListManager } from "~/components/admin/link-list-manager";
import { adminSection } from "~/lib/admin/sections";
import {
  createFreeMaterial,
  deleteFreeMaterial,
  pageFreeMaterialsForAdmin,
  setFreeMaterialActive,
  updateFreeMaterial,
} from "~/db/queries/free-materials.server";
import { freeMaterialList } from "~/lib/admin/admin-lists";
import { answerLinkList, linkMediaFields, loadLinkList } from "~/lib/admin/link-list-actions.server";
import { freeMaterialMessages } from "~/lib/admin/messages/free-materials";
import { requireAdmin } from "~/lib/auth/guard.server";
import { freeMaterialDefaults, FreeMaterialSchema } from "~/lib/schemas/admin/free-material";
import { dbContext } from "~/lib/request-context";

// Free Materials manager (spec §2, §5, §7, §8): the E-Books manager with a Material Link; its table
// has 'View Material' opening in a new tab. Issue 45: a PDF and the card's cover are picked from
// the media library or uploaded in place. Every loader and action starts with the guard.

const section = adminSection("free-materials");
const m = freeMaterialMessages;

export const meta: MetaFunction = () => [{ title: `${section.title} · Admin` }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  await requireAdmin(db, request);
  return loadLinkList(db, new URL(request.url), {
    list: freeMaterialList,
    what: "free materials",
    messages: m,
    linkField: "material_link",
    read: pageFreeMaterialsForAdmin,
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const admin = await requireAdmin(db, request);
  return answerLinkList(db, request, admin, {
    mediaFields: linkMediaFields("material_link", "Material link"),
    list: freeMaterialList,
    setActive: setFreeMaterialActive,
    schema: FreeMaterialSchema,
    messages: m,
    home: section.path,
    what: "free material",
    anchor: true,
    writes: { create: createFreeMaterial, update: updateFreeMaterial, remove: deleteFreeMaterial },
  });
}

export default function FreeMaterialsManager() {
  const { rows, media, loadError } = useLoaderData<typeof loader>();
  return (
    <LinkListManager
      section={section}
      list={freeMaterialList}
      data={rows}
      loadError={loadError}
      linkField="material_link"
      texts={m}
      media={media}
      defaults={freeMaterialDefaults}
    />
  );
}
