import { useLoaderData, type MetaFunction } from "react-router";
import type { Route } from "./+types/trash";
import { LoadFailure } from "~/components/admin/manager-page";
import { useManager } from "~/components/admin/manager-state";
import { SectionHeader } from "~/components/admin/section-header";
import { TrashTable } from "~/components/admin/trash-table";
import { answerTrash, loadTrash } from "~/lib/admin/history-actions.server";
import { adminSection } from "~/lib/admin/sections";
import { requireAdmin } from "~/lib/auth/guard.server";

// The trash (issue 48, decision 018): what staff deleted in the last 30 days, each with Restore (a
// form post, so it works without JavaScript). Loader and action start with the guard.

const section = adminSection("trash");

export const meta: MetaFunction = () => [{ title: `${section.title} · Admin` }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return loadTrash();
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  return answerTrash(request, admin);
}

export default function Trash() {
  const { items, loadError } = useLoaderData<typeof loader>();
  const manager = useManager();
  return (
    <div className="space-y-6">
      <SectionHeader section={section} />
      <LoadFailure message={loadError} />
      <TrashTable items={items} manager={manager} loadError={loadError} />
    </div>
  );
}
