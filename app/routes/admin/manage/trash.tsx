import { useLoaderData, type MetaFunction } from "react-router";
import type { Route } from "./+types/trash";
import { LoadFailure } from "~/components/admin/manager-page";
import { useManager } from "~/components/admin/manager-state";
import { SectionHeader } from "~/components/admin/section-header";
import { TrashTable } from "~/components/admin/trash-table";
import { answerTrash, loadTrash } from "~/lib/admin/history-actions.server";
import { adminSection } from "~/lib/admin/sections";
import { requireAdmin } from "~/lib/auth/guard.server";
import { dbContext } from "~/lib/request-context";

// The trash (issue 48, decision 018): what staff deleted in the last 30 days, each with Restore (a
// form post, so it works without JavaScript). Loader and action start with the guard.

const section = adminSection("trash");

export const meta: MetaFunction = () => [{ title: `${section.title} · Admin` }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  await requireAdmin(db, request);
  return loadTrash(db);
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const admin = await requireAdmin(db, request);
  return answerTrash(db, request, admin);
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
