import type { Route } from "./+types/free-tests";
import { FreeTestAccordions } from "~/components/content/free-test-accordions";
import { ContentPageHeader } from "~/components/content/page-header";
import { staticPageMeta } from "~/components/static/page-meta";
import { getDb } from "~/db/client.server";
import { listFreeTestGroups } from "~/db/queries/free-tests.server";
import { loadOrEmpty } from "~/lib/load-or-empty.server";

const messages = {
  title: "Free Tests",
  description:
    "Free GATE Chemical Engineering and PSU practice tests by subject: fluid mechanics, heat and mass transfer, reaction engineering, mathematics and aptitude.",
  intro: "Practise topic by topic for free. Open a subject, pick a test and start it in a new tab.",
} as const;

export const meta: Route.MetaFunction = ({ matches }) => staticPageMeta(matches, messages);

export async function loader() {
  return { categories: await loadOrEmpty("free tests", () => listFreeTestGroups(getDb())) };
}

export default function FreeTests({ loaderData: { categories } }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <ContentPageHeader title={messages.title} intro={messages.intro} />
      <FreeTestAccordions categories={categories} />
    </div>
  );
}
