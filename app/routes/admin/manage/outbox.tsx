import { useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "react-router";
import { Notice } from "~/components/admin/auth-ui";
import { managerMessages } from "~/components/admin/manager-messages";
import { EmptyRow, LoadFailure, smallSecondary, TableRegion, td, th, useManager } from "~/components/admin/manager-ui";
import { SectionHeader } from "~/components/admin/section-header";
import { adminSections } from "~/components/admin/sections";
import { getDb } from "~/db/client.server";
import {
  attempt,
  done,
  loadOr,
  parseForm,
  readAdminForm,
  refuse,
  unreadable,
} from "~/lib/admin/manager-actions.server";
import { outboxMessages as t } from "~/lib/admin/outbox-messages";
import {
  countOutbox,
  listUndeliveredEmails,
  retryDeadEmail,
  RetryEmailSchema,
  type OutboxCounts,
  type UndeliveredEmail,
} from "~/lib/admin/outbox.server";
import { requireAdmin } from "~/lib/auth/guard.server";
import { pokeOutbox } from "~/lib/outbox.server";

// Mail Delivery (issue 7 "Mail outage"): the e-mails that are not getting through, dead or still
// being retried, with the last error, read from the outbox; Retry queues a dead one again. A form
// post per row, so it works without JavaScript. Loader and action start with the guard.

const section = adminSections[6];

export const meta: MetaFunction = () => [{ title: `${section.title} · Admin` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const db = getDb();
  const { value, loadError } = await loadOr(
    "outbox",
    async () => {
      const [emails, counts] = await Promise.all([listUndeliveredEmails(db), countOutbox(db)]);
      return { emails, counts };
    },
    { emails: [] as UndeliveredEmail[], counts: null as OutboxCounts | null },
  );
  return { ...value, loadError: loadError ? t.loadFailed : null };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const values = await readAdminForm(request);
  if (!values) return unreadable();
  const parsed = parseForm(RetryEmailSchema, values);
  if (!parsed.ok) return refuse(400, { intent: values.intent ?? "", message: t.invalid });
  const result = await attempt("retry e-mail", () => retryDeadEmail(getDb(), admin, parsed.data.id));
  if (!result.ok) return refuse(503, { intent: "retry", message: t.retryFailed });
  if (result.value === "missing") return refuse(404, { intent: "retry", message: t.notFound });
  if (result.value === "not-dead") return refuse(409, { intent: "retry", message: t.notDead });
  // This process's worker, if it runs one, tries it now rather than at its next poll.
  pokeOutbox();
  return done(section.path, t.retried);
}

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const pad = (n: number) => String(n).padStart(2, "0");

/** "12 Nov 2026, 14:05 IST", built by hand so server and browser print the same text. */
function formatTime(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  const d = new Date(time + IST_OFFSET_MS);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}, ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} IST`;
}

function Time({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatTime(iso)}</time>;
}

export default function MailDelivery() {
  const { emails, counts, loadError } = useLoaderData<typeof loader>();
  const manager = useManager();
  const { fetcher, failure } = manager;
  const columns = Object.values(t.columns);

  return (
    <div className="space-y-6">
      <SectionHeader section={section} />
      <LoadFailure message={loadError} />
      {failure && manager.inline ? <Notice tone="error">{failure.message}</Notice> : null}
      {counts ? <p className="text-slate-700">{t.summary(counts)}</p> : null}
      <TableRegion label={managerMessages.tableRegion(t.table)}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className={th}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {emails.length === 0 ? <EmptyRow colSpan={columns.length} text={loadError ?? t.empty} /> : null}
          {emails.map((email) => (
            <tr key={email.id}>
              <td className={`${td} break-all`}>{email.to}</td>
              <th scope="row" className={`${td} font-medium break-words`}>
                {email.subject}
              </th>
              <td className={td}>
                <span
                  className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${email.status === "dead" ? "bg-red-100 text-red-800" : "bg-amber-100 text-amber-900"}`}
                >
                  {t.status[email.status] ?? email.status}
                </span>
              </td>
              <td className={td}>{email.attempts}</td>
              <td className={`${td} break-words`}>{email.lastError ?? t.noError}</td>
              <td className={`${td} whitespace-nowrap`}>
                <Time iso={email.createdAt} />
              </td>
              <td className={`${td} whitespace-nowrap`}>
                {email.nextAttemptAt ? <Time iso={email.nextAttemptAt} /> : t.noNextAttempt}
              </td>
              <td className={td}>
                {email.status === "dead" ? (
                  <fetcher.Form method="post">
                    <input type="hidden" name="intent" value="retry" />
                    <input type="hidden" name="id" value={email.id} />
                    <button type="submit" disabled={manager.busyIntent === "retry"} className={smallSecondary}>
                      {t.retry}
                      <span className="sr-only"> {email.subject}</span>
                    </button>
                  </fetcher.Form>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </TableRegion>
    </div>
  );
}
