import { href } from "react-router";
import type { Route } from "./+types/free-tests";
import { FreeTestAccordions } from "~/components/content/free-test-accordions";
import { ContentPage } from "~/components/content/page-header";
import { ListPagination } from "~/components/content/pagination";
import { staticPageMeta } from "~/components/static/page-meta";
import { CATEGORIES_PER_PAGE, listFreeTestGroups } from "~/db/queries/free-tests.server";
import { loadListPage, requestedPage } from "~/lib/pagination.server";
import { noScripts } from "~/lib/route-handle";
import { dbContext } from "~/lib/request-context";

const messages = {
  title: "Free Tests",
  description:
    "Free GATE Chemical Engineering and PSU practice tests by subject: fluid mechanics, heat and mass transfer, reaction engineering, mathematics and aptitude.",
  intro: "Practise for free: open a subject, pick a test and start it.",
  pages: "Free test pages",
} as const;

export const meta: Route.MetaFunction = ({ matches }) => staticPageMeta(matches, messages);

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const page = requestedPage(request);
  return {
    categories: await loadListPage("free tests", page, CATEGORIES_PER_PAGE, (range) => listFreeTestGroups(db, range)),
  };
}

// Nothing on this page needs a script (issue 28): it ships no JavaScript.
export const handle = noScripts;

export default function FreeTests({ loaderData: { categories } }: Route.ComponentProps) {
  return (
    <ContentPage title={messages.title} intro={messages.intro}>
      <FreeTestAccordions categories={categories.items} />
      <ListPagination label={messages.pages} list={categories} pathname={href("/free-tests")} />
    </ContentPage>
  );
}
