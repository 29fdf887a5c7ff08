import type { Route } from "./+types/free-tests";
import { FreeTestAccordions } from "~/components/content/free-test-accordions";
import { ContentPageHeader } from "~/components/content/page-header";
import { Pagination } from "~/components/content/pagination";
import { staticPageMeta } from "~/components/static/page-meta";
import { getDb } from "~/db/client.server";
import { CATEGORIES_PER_PAGE, listFreeTestGroups } from "~/db/queries/free-tests.server";
import { pageHref } from "~/lib/pagination";
import { loadListPage, requestedPage } from "~/lib/pagination.server";

const messages = {
  title: "Free Tests",
  description:
    "Free GATE Chemical Engineering and PSU practice tests by subject: fluid mechanics, heat and mass transfer, reaction engineering, mathematics and aptitude.",
  intro: "Practise topic by topic for free. Open a subject, pick a test and start it in a new tab.",
  pages: "Free test pages",
} as const;

export const meta: Route.MetaFunction = ({ matches }) => staticPageMeta(matches, messages);

export async function loader({ request }: Route.LoaderArgs) {
  const page = requestedPage(request);
  return {
    categories: await loadListPage("free tests", page, CATEGORIES_PER_PAGE, (range) =>
      listFreeTestGroups(getDb(), range),
    ),
  };
}

export default function FreeTests({ loaderData: { categories } }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <ContentPageHeader title={messages.title} intro={messages.intro} />
      <FreeTestAccordions categories={categories.items} />
      <Pagination
        label={messages.pages}
        page={categories.page}
        hasNext={categories.hasNext}
        href={(page) => pageHref("/free-tests", {}, page)}
      />
    </div>
  );
}
