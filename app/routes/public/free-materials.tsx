import { href } from "react-router";
import type { Route } from "./+types/free-materials";
import { FreeMaterialGrid, materialImage } from "~/components/content/free-material-grid";
import { ContentPage } from "~/components/content/page-header";
import { ListPagination } from "~/components/content/pagination";
import { staticPageMeta } from "~/components/static/page-meta";
import { listActiveFreeMaterials, MATERIALS_PER_PAGE } from "~/db/queries/free-materials.server";
import { inlineSmallImage } from "~/lib/document/inline-image.server";
import { withLibraryPictures } from "~/lib/media/page-media.server";
import { loadListPage, requestedPage } from "~/lib/pagination.server";
import { noScripts } from "~/lib/route-handle";
import { dbContext } from "~/lib/request-context";

const messages = {
  title: "Free Materials",
  description:
    "Free GATE Chemical Engineering study materials: revision sheets, formula sheets, important questions, topic-wise analysis and a 100-day study plan.",
  intro: "Revision sheets, formula sheets and study plans, free to view and download.",
  pages: "Free material pages",
} as const;

export const meta: Route.MetaFunction = ({ matches }) => staticPageMeta(matches, messages);

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const page = requestedPage(request);
  const materials = await loadListPage("free materials", page, MATERIALS_PER_PAGE, (range) =>
    listActiveFreeMaterials(db, range),
  );
  // Covers from the media library (issue 45), the first one inside the document when small.
  return {
    materials: { ...materials, items: await withLibraryPictures(db, materials.items, "cover_url") },
    firstWebp: inlineSmallImage(materialImage.webp),
  };
}

// Nothing on this page needs a script (issue 28): it ships no JavaScript.
export const handle = noScripts;

export default function FreeMaterials({ loaderData: { materials, firstWebp } }: Route.ComponentProps) {
  return (
    <ContentPage title={messages.title} intro={messages.intro}>
      <FreeMaterialGrid materials={materials.items} firstWebp={firstWebp} />
      <ListPagination label={messages.pages} list={materials} pathname={href("/free-materials")} />
    </ContentPage>
  );
}
