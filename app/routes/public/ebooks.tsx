import { Suspense } from "react";
import { Await, href, useLocation } from "react-router";
import type { Route } from "./+types/ebooks";
import { EbookGrid, EbookGridSkeleton } from "~/components/content/ebook-grid";
import { ContentPage } from "~/components/content/page-header";
import { ListPagination } from "~/components/content/pagination";
import { staticPageMeta } from "~/components/static/page-meta";
import { EBOOKS_PER_PAGE, listActiveEbooks, type PublicEbook } from "~/db/queries/ebooks.server";
import type { ListPage } from "~/core/pagination";
import { loadListPage, requestedPage } from "~/lib/pagination.server";
import { withLibraryPictures, type PagePicture } from "~/lib/media/page-media.server";
import { noScripts } from "~/lib/route-handle";
import { dbContext } from "~/lib/request-context";

const messages = {
  title: "E-Books",
  description:
    "Free e-books for GATE Chemical Engineering and PSU preparation: formula handbooks, short notes, solved problems and interview guides as PDFs.",
  intro: "Formula handbooks, short notes and solved problems to read online or download as PDF.",
  pages: "E-book pages",
} as const;

export const meta: Route.MetaFunction = ({ matches }) => staticPageMeta(matches, messages);

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const page = requestedPage(request);
  const ebooks = await loadListPage("ebooks", page, EBOOKS_PER_PAGE, (range) => listActiveEbooks(db, range));
  // Covers from the media library (issue 45), the first one inside the document when small.
  return { ebooks: { ...ebooks, items: await withLibraryPictures(db, ebooks.items, "cover_url") } };
}

// In the browser the page appears at once and shows skeleton cards until the list arrives (spec
// §2 "It shows a loading state"). The first document still comes whole from the server loader,
// so the list is there without JavaScript.
export function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return { ebooks: serverLoader().then((data) => data.ebooks) };
}

// Nothing on this page needs a script (issue 28): it ships no JavaScript.
export const handle = noScripts;

export default function Ebooks({ loaderData: { ebooks } }: Route.ComponentProps) {
  // A fresh boundary per visit, so revisiting /ebooks shows the skeleton rather than the old list.
  const { key } = useLocation();
  return (
    <ContentPage title={messages.title} intro={messages.intro}>
      {/* The server's list renders without a Suspense boundary: React outlines large completed
          boundaries behind a script (progressiveChunkSize), which would hide it without JavaScript. */}
      {"items" in ebooks ? (
        <EbookPage list={ebooks} />
      ) : (
        <Suspense key={key} fallback={<EbookGridSkeleton />}>
          <Await resolve={ebooks}>{(list) => <EbookPage list={list} />}</Await>
        </Suspense>
      )}
    </ContentPage>
  );
}

function EbookPage({ list }: { list: ListPage<PublicEbook & { picture: PagePicture | null }> }) {
  return (
    <>
      <EbookGrid ebooks={list.items} />
      <ListPagination label={messages.pages} list={list} pathname={href("/ebooks")} />
    </>
  );
}
