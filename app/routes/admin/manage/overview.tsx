import { useLoaderData, type MetaFunction } from "react-router";
import type { Route } from "./+types/overview";
import { AttentionCards } from "~/components/admin/attention-cards";
import { LoadFailure } from "~/components/admin/manager-page";
import { SectionHeader } from "~/components/admin/section-header";
import { attentionMessages } from "~/lib/admin/messages/attention";
import { countAttention } from "~/lib/admin/attention.server";
import { loadPage } from "~/lib/admin/manager-actions.server";
import { adminSection } from "~/lib/admin/sections";
import { requireAdmin } from "~/lib/auth/guard.server";
import { dbContext } from "~/lib/request-context";

// The Overview (issue 48 "What needs attention, at a glance"): what waits for staff in every
// section, counted afresh on each visit, each card opening its list filtered. Read-only; the
// loader starts with the guard. Job Alerts stays the panel's home (/admin, spec §2).

const section = adminSection("overview");

export const meta: MetaFunction = () => [{ title: `${section.title} · Admin` }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  await requireAdmin(db, request);
  return loadPage(db, "overview", attentionMessages.overview, { counts: () => countAttention(db) }, { counts: null });
}

export default function Overview() {
  const { counts, loadError } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <SectionHeader section={section} />
      <LoadFailure message={loadError} />
      <AttentionCards counts={counts} />
    </div>
  );
}
