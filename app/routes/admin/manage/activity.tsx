import { useLoaderData, type LoaderFunctionArgs, type MetaFunction } from "react-router";
import { managerMessages } from "~/components/admin/manager-messages";
import { EmptyRow, LoadFailure, TableRegion, td, th } from "~/components/admin/manager-ui";
import { getDb } from "~/db/client.server";
import { listRecentActivity, type ActivityEntry } from "~/lib/admin/audit.server";
import { loadOr } from "~/lib/admin/manager-actions.server";
import { adminMessages } from "~/lib/admin/messages";
import { requireAdmin } from "~/lib/auth/guard.server";

// The Activity view (issue 5 "Activity log"): the latest admin changes from audit_log, read-only.
// Its loader starts with the guard.

const t = managerMessages.activity;

/** How many entries the view lists. */
const ACTIVITY_LIMIT = 100;

export const meta: MetaFunction = () => [{ title: `${t.title} · Admin` }];

export async function loader({ request }: LoaderFunctionArgs) {
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
  const entity = adminMessages.entities[entry.entity as keyof typeof adminMessages.entities] ?? entry.entity;
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
        <h1 className="text-2xl font-bold text-slate-900">{t.title}</h1>
        <p className="mt-1 max-w-2xl text-slate-600">{t.description}</p>
      </header>
      <LoadFailure message={loadError} />
      <TableRegion label={managerMessages.tableRegion(t.table)}>
        <thead>
          <tr>
            <th scope="col" className={th}>
              {t.when}
            </th>
            <th scope="col" className={th}>
              {t.who}
            </th>
            <th scope="col" className={th}>
              {t.action}
            </th>
            <th scope="col" className={th}>
              {t.item}
            </th>
          </tr>
        </thead>
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
