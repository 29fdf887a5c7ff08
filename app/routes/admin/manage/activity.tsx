import { useLoaderData, type MetaFunction } from "react-router";
import type { Route } from "./+types/activity";
import { LoadFailure } from "~/components/admin/manager-page";
import { EmptyRow, HeaderRow, TableRegion, td } from "~/components/admin/manager-table";
import { getDb } from "~/db/client.server";
import { listRecentActivity, type ActivityEntry } from "~/db/queries/audit-log.server";
import { loadOr } from "~/lib/admin/manager-actions.server";
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
  const { value, loadError } = await loadOr(
    "activity",
    () => listRecentActivity(getDb(), ACTIVITY_LIMIT),
    [] as ActivityEntry[],
  );
  return { entries: value, loadError: loadError ? t.loadFailed : null };
}

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const pad = (n: number) => String(n).padStart(2, "0");

/** "12 Nov 2026, 14:05 IST", built by hand so server and browser print the same text. */
function formatActivityTime(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  const d = new Date(time + IST_OFFSET_MS);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}, ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} IST`;
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
      <header className="border-b border-slate-200 pb-4">
        <h1 className="text-2xl font-bold text-slate-900">{section.title}</h1>
        <p className="mt-1 max-w-2xl text-slate-600">{section.description}</p>
      </header>
      <LoadFailure message={loadError} />
      <TableRegion label={adminMessages.common.tableRegion(t.table)}>
        <HeaderRow columns={[t.when, t.who, t.action, t.item]} />
        <tbody>
          {entries.length === 0 ? <EmptyRow colSpan={4} text={loadError ?? t.empty} /> : null}
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td className={`${td} whitespace-nowrap`}>
                <time dateTime={entry.createdAt}>{formatActivityTime(entry.createdAt)}</time>
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
