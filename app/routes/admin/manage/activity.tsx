import { useLoaderData, type MetaFunction } from "react-router";
import type { Route } from "./+types/activity";
import { IstTime } from "~/components/admin/ist-time";
import { LoadFailure } from "~/components/admin/manager-page";
import { EmptyRow, HeaderRow, TableRegion, td } from "~/components/admin/manager-table";
import { SectionHeader } from "~/components/admin/section-header";
import { listRecentActivity, type ActivityEntry } from "~/db/queries/audit-log.server";
import { loadPage } from "~/lib/admin/manager-actions.server";
import { adminSection } from "~/lib/admin/sections";
import { adminMessages } from "~/lib/admin/messages";
import { requireAdmin } from "~/lib/auth/guard.server";

// The Activity view (issue 5 "Activity log"): the latest admin changes from audit_log, read-only.
// Its loader starts with the guard.

const section = adminSection("activity");
const t = adminMessages.activity;

/** How many entries the view lists. */
const ACTIVITY_LIMIT = 100;

export const meta: MetaFunction = () => [{ title: `${section.title} · Admin` }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return loadPage("activity", t, { entries: (db) => listRecentActivity(db, ACTIVITY_LIMIT) }, { entries: [] });
}

/** The entity's name and the row's own name from the details (title or name), if recorded. */
function describe(entry: ActivityEntry): string {
  const entity = t.entities[entry.entity] ?? entry.entity;
  const details = entry.details ?? {};
  const name =
    typeof details.title === "string" ? details.title : typeof details.name === "string" ? details.name : null;
  return `${entity} #${entry.entityId ?? "?"}${name ? `: ${name}` : ""}`;
}

export default function Activity() {
  const { entries, loadError } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <SectionHeader section={section} />
      <LoadFailure message={loadError} />
      <TableRegion label={adminMessages.common.tableRegion(t.table)}>
        <HeaderRow columns={[t.when, t.who, t.action, t.item]} />
        <tbody>
          {entries.length === 0 ? <EmptyRow colSpan={4} text={loadError ?? t.empty} /> : null}
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td className={`${td} whitespace-nowrap`}>
                <IstTime iso={entry.createdAt} />
              </td>
              <td className={`${td} break-all`}>{entry.actorEmail ?? t.unknownActor}</td>
              <td className={td}>{t.actions[entry.action] ?? entry.action}</td>
              <td className={`${td} break-words`}>{describe(entry)}</td>
            </tr>
          ))}
        </tbody>
      </TableRegion>
    </div>
  );
}
