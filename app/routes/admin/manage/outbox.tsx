import { useLoaderData, type MetaFunction } from "react-router";
import type { Route } from "./+types/outbox";
import { IstTime } from "~/components/admin/ist-time";
import { LoadFailure } from "~/components/admin/manager-page";
import { useManager } from "~/components/admin/manager-state";
import { ListTable } from "~/components/admin/list-controls";
import { td } from "~/components/admin/manager-table";
import { Notice } from "~/components/admin/notice";
import { smallSecondary } from "~/components/admin/styles";
import { SectionHeader } from "~/components/admin/section-header";
import { labelled } from "~/components/forms/select-field";
import { adminSection } from "~/lib/admin/sections";
import { listBack, withRow } from "~/core/list-query";
import { countOutbox, pageUndeliveredEmails, retryDeadEmail, type UndeliveredEmail } from "~/db/queries/outbox.server";
import { outboxList } from "~/lib/admin/admin-lists";
import { answerBulk, emptyList, readList } from "~/lib/admin/list-actions.server";
import { outboxListMessages as lm } from "~/lib/admin/messages/lists";
import { attempt, done, loadPage, postedForm, withPostedForm } from "~/lib/admin/manager-actions.server";
import { outboxMessages } from "~/lib/admin/messages/outbox";
import { requireAdmin } from "~/lib/auth/guard.server";
import { formFailure, parseForm } from "~/lib/forms/read-form.server";
import { RetryEmailSchema } from "~/lib/schemas/admin/outbox";
import { pokeOutbox } from "~/lib/mail/outbox.server";
import { dbContext } from "~/lib/request-context";

// Mail Delivery (issue 7 "Mail outage"): the e-mails that are not getting through, dead or still
// being retried, with the last error, read from the outbox; Retry queues a dead one again. A form
// post per row, so it works without JavaScript. Loader and action start with the guard.

const section = adminSection("outbox");
const t = outboxMessages;

export const meta: MetaFunction = () => [{ title: `${section.title} · Admin` }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  await requireAdmin(db, request);
  const url = new URL(request.url);
  return loadPage(
    db,
    "outbox",
    t,
    { emails: () => readList(db, outboxList, url, pageUndeliveredEmails), counts: countOutbox },
    { emails: emptyList<UndeliveredEmail>(outboxList, url), counts: null },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const admin = await requireAdmin(db, request);
  return withPostedForm(request, async (values) => {
    if (values.intent === "bulk") {
      const answer = await answerBulk(db, request, values, {
        admin,
        list: outboxList,
        home: section.path,
        writes: {
          retry: async (_db, actor, id) => {
            const outcome = await retryDeadEmail(db, actor, id);
            return outcome === "queued" ? true : outcome === "missing" ? false : "refused";
          },
        },
      });
      pokeOutbox();
      return answer;
    }
    const parsed = parseForm(RetryEmailSchema, values);
    const which = postedForm(values);
    if (!parsed.ok) return formFailure(400, { formError: t.invalid, values: which });
    const result = await attempt("retry e-mail", () => retryDeadEmail(db, admin, parsed.data.id));
    if (!result.ok) return formFailure(503, { formError: t.retryFailed, values: which });
    if (result.value === "missing") return formFailure(404, { formError: t.notFound, values: which });
    if (result.value === "not-dead") return formFailure(409, { formError: t.notDead, values: which });
    // This process's worker, if it runs one, tries it now rather than at its next poll.
    pokeOutbox();
    return done(withRow(listBack(section.path, request.url), parsed.data.id), t.retried);
  });
}

export default function MailDelivery() {
  const { emails: list, counts, loadError } = useLoaderData<typeof loader>();
  const manager = useManager();
  const { fetcher, failure } = manager;
  const c = t.columns;

  return (
    <div className="space-y-6">
      <SectionHeader section={section} />
      <LoadFailure message={loadError} />
      {failure?.formError && manager.inline ? <Notice tone="error">{failure.formError}</Notice> : null}
      {counts ? <p className="text-slate-700">{t.summary(counts)}</p> : null}
      <ListTable<UndeliveredEmail>
        home={section.path}
        manager={manager}
        listing={{
          list: outboxList,
          data: list,
          what: "e-mails",
          sorts: { problem: lm.problemFirst, created: c.created, attempts: c.attempts },
          dateLabel: c.created,
          controls: [
            {
              name: "status",
              label: c.status,
              options: labelled(["dead", "pending"], t.status),
            },
          ],
        }}
        label={t.table}
        columns={[
          c.recipient,
          c.subject,
          c.status,
          { label: c.attempts, sort: "attempts" },
          c.lastError,
          { label: c.created, sort: "created" },
          c.nextAttempt,
          c.actions,
        ]}
        empty={t.empty}
        loadError={loadError}
        name={(email) => email.subject}
        renderRow={(email) => (
          <>
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
              <IstTime iso={email.createdAt} />
            </td>
            <td className={`${td} whitespace-nowrap`}>
              {email.nextAttemptAt ? <IstTime iso={email.nextAttemptAt} /> : t.noNextAttempt}
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
          </>
        )}
      />
    </div>
  );
}
