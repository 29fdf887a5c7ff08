import type { Route } from "./+types/free-materials";
import { FreeMaterialGrid } from "~/components/content/free-material-grid";
import { ContentPageHeader } from "~/components/content/page-header";
import { staticPageMeta } from "~/components/static/page-meta";
import { getDb } from "~/db/client.server";
import { listActiveFreeMaterials } from "~/db/queries/free-materials.server";
import { loadOrEmpty } from "~/lib/load-or-empty.server";

const messages = {
  title: "Free Materials",
  description:
    "Free GATE Chemical Engineering study materials: revision sheets, formula sheets, important questions, topic-wise analysis and a 100-day study plan.",
  intro: "Revision sheets, formula sheets and study plans, free to view and download.",
} as const;

export const meta: Route.MetaFunction = ({ matches }) => staticPageMeta(matches, messages);

export async function loader() {
  return { materials: await loadOrEmpty("free materials", () => listActiveFreeMaterials(getDb())) };
}

export default function FreeMaterials({ loaderData: { materials } }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <ContentPageHeader title={messages.title} intro={messages.intro} />
      <FreeMaterialGrid materials={materials} />
    </div>
  );
}
