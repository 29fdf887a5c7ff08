import { useLoaderData, type MetaFunction } from "react-router";
import type { Route } from "./+types/free-materials";
import { asLinkRows, LinkListManager, type LinkRow } from "~/components/admin/link-list-manager";
import { listBack } from "~/core/list-query";
import { adminSection } from "~/lib/admin/sections";
import {
  createFreeMaterial,
  deleteFreeMaterial,
  pageFreeMaterialsForAdmin,
  setFreeMaterialActive,
  updateFreeMaterial,
} from "~/db/queries/free-materials.server";
import { freeMaterialList } from "~/lib/admin/admin-lists";
import { answerBulk, emptyList, readList } from "~/lib/admin/list-actions.server";
import { answerCrud, loadPage } from "~/lib/admin/manager-actions.server";
import { mediaChoices, withMediaFields, type MediaFieldSpec } from "~/lib/admin/media-fields.server";
import { freeMaterialMessages } from "~/lib/admin/messages/free-materials";
import { requireAdmin } from "~/lib/auth/guard.server";
import { freeMaterialDefaults, FreeMaterialSchema } from "~/lib/schemas/admin/free-material";
import { dbContext } from "~/lib/request-context";

// Free Materials manager (spec §2, §5, §7, §8): the E-Books manager with a Material Link; its table
// has 'View Material' opening in a new tab. Issue 45: a PDF and the card's cover are picked from
// the media library or uploaded in place. Every loader and action starts with the guard.

const section = adminSection("free-materials");
const m = freeMaterialMessages;

/** The material's PDF (titled after it in the library) and its card's cover (decorative). */
const mediaFields: MediaFieldSpec[] = [
  { name: "material_link", kind: "document", label: "Material link", title: (values) => values.title },
  { name: "cover_url", kind: "image", label: "Cover image URL", decorative: true },
];

export const meta: MetaFunction = () => [{ title: `${section.title} · Admin` }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  await requireAdmin(db, request);
  const url = new URL(request.url);
  const reads = {
    rows: () =>
      readList(db, freeMaterialList, url, async (d, query) => {
        const page = await pageFreeMaterialsForAdmin(d, query);
        return { ...page, items: asLinkRows(page.items, "material_link") };
      }),
    media: () => mediaChoices(db, ["document", "image"]),
  };
  return loadPage(db, "free materials", m, reads, {
    rows: emptyList<LinkRow>(freeMaterialList, url),
    media: undefined,
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const admin = await requireAdmin(db, request);
  return withMediaFields(
    db,
    request,
    admin,
    mediaFields,
    (values) =>
      values.intent === "bulk"
        ? answerBulk(db, request, values, {
            admin,
            list: freeMaterialList,
            home: section.path,
            writes: {
              activate: (_db, actor, id) => setFreeMaterialActive(db, actor, id, true),
              deactivate: (_db, actor, id) => setFreeMaterialActive(db, actor, id, false),
              delete: deleteFreeMaterial,
            },
          })
        : answerCrud(db, values, admin, {
            schema: FreeMaterialSchema,
            messages: m,
            home: listBack(section.path, request.url),
            what: "free material",
            anchor: true,
            writes: { create: createFreeMaterial, update: updateFreeMaterial, remove: deleteFreeMaterial },
          }),
    () => FreeMaterialSchema,
  );
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
