import { Form, Link, redirect, useLoaderData, type MetaFunction } from "react-router";
import type { Route } from "./+types/subscribers";
import { IstTime } from "~/components/admin/ist-time";
import { LoadFailure } from "~/components/admin/manager-page";
import { EmptyRow, HeaderRow, TableRegion, td } from "~/components/admin/manager-table";
import { Notice } from "~/components/admin/notice";
import { SectionHeader } from "~/components/admin/section-header";
import { dangerButton, secondaryButton, smallDanger, textLink } from "~/components/admin/styles";
import { inputClass } from "~/components/forms/fields";
import { istDate } from "~/core/ist";
import { openAlert, listBroadcasts, requestBroadcast } from "~/db/queries/alert-mailings.server";
import {
  countAlertMail,
  countSubscribers,
  getSubscriberForAdmin,
  listSubscribersForAdmin,
  removeSubscriber,
} from "~/db/queries/alert-subscribers.server";
import type { SubscriberRow } from "~/db/queries/alert-subscribers.server";
import { pokeAlertMail } from "~/lib/alert-mail/compose.server";
import { subscriptionTabs } from "~/lib/alert-mail/messages";
import { attempt, done, loadPage, postedForm, withPostedForm } from "~/lib/admin/manager-actions.server";
import { adminSection } from "~/lib/admin/sections";
import { subscriberMessages as t } from "~/lib/admin/messages/subscribers";
import { flashCookie } from "~/lib/auth/flash.server";
import { requireAdmin } from "~/lib/auth/guard.server";
import { formFailure, parseForm } from "~/lib/forms/read-form.server";
import { RemoveSubscriberSchema, SendAlertSchema, SubscriberListSchema } from "~/lib/schemas/admin/subscribers";
import { dbContext } from "~/lib/request-context";
import { HeadedSection } from "~/components/ui/headed-section";

// Subscribers (issue 49, job alerts by e-mail): how many subscribe and to what, the subscription
// e-mails sent, waiting and failed, the alerts sent at once, and the list (search, status, pages,
// CSV export), where staff remove a subscriber (a confirmation step at ?remove=<id>, audited).
// The job alerts manager's "send now to subscribers" posts here too. Plain forms and links: all of
// it works without JavaScript. Loader and action start with the guard.

const section = adminSection("subscribers");

export const meta: MetaFunction = () => [{ title: `${section.title} · Admin` }];

function listQuery(url: URL) {
  const parsed = SubscriberListSchema.safeParse(Object.fromEntries(url.searchParams));
  return parsed.success ? parsed.data : { q: null, status: null, page: undefined, remove: undefined };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  await requireAdmin(db, request);
  const query = listQuery(new URL(request.url));
  const empty = { rows: [] as SubscriberRow[], page: 1, hasNext: false };
  const data = await loadPage(
    db,
    "subscribers",
    t,
    {
      counts: countSubscribers,
      mail: countAlertMail,
      list: () => listSubscribersForAdmin(db, query),
      broadcasts: () => listBroadcasts(db),
      removing: async () => (query.remove ? ((await getSubscriberForAdmin(db, query.remove)) ?? null) : null),
    },
    { counts: null, mail: null, list: empty, broadcasts: [], removing: null },
  );
  return { ...data, query: { q: query.q ?? "", status: query.status ?? "" } };
}

/** Back to the job alerts manager with a toast (the send form is there). */
const back = (location: string, type: "success" | "error", message: string) =>
  redirect(location, { headers: { "Set-Cookie": flashCookie({ type, message }) } });

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const admin = await requireAdmin(db, request);
  // Back to the list as it was viewed: its search, status and page (the request's own path may be
  // React Router's data address).
  const { searchParams } = new URL(request.url);
  const kept = new URLSearchParams();
  for (const name of ["q", "status", "page"]) {
    const value = searchParams.get(name);
    if (value) kept.set(name, value);
  }
  const home = kept.size ? `${section.path}?${kept}` : section.path;
  return withPostedForm(request, async (values) => {
    const which = postedForm(values);
    if (values.intent === "send-alert") {
      const parsed = parseForm(SendAlertSchema, values);
      if (!parsed.ok) return formFailure(400, { formError: t.chooseAlert, fieldErrors: parsed.errors, values: which });
      const { alert_id: id, back: location } = parsed.data;
      const alert = await openAlert(db, id, istDate()).catch(() => null);
      if (!alert) return back(location, "error", t.notOpen);
      const result = await attempt("send job alert", () => requestBroadcast(db, admin, { id, title: alert.title }));
      if (!result.ok) return back(location, "error", t.sendFailed);
      if (result.value.kind === "already") return back(location, "error", t.alreadySent(alert.title));
      // This process's worker, if it runs one, composes it now rather than at its next tick.
      pokeAlertMail();
      return back(location, "success", t.sent(alert.title));
    }
    const parsed = parseForm(RemoveSubscriberSchema, values);
    if (!parsed.ok) return formFailure(400, { formError: t.removeFailed, values: which });
    const result = await attempt("remove subscriber", () => removeSubscriber(db, admin, parsed.data.id));
    if (!result.ok) return formFailure(503, { formError: t.removeFailed, values: which });
    if (!result.value) return formFailure(404, { formError: t.notFound, values: which });
    return done(home, t.removed);
  });
}

/** Each tab's column, as the row reads (the query module's TAB_COLUMNS, which is server code). */
const tabChosen = (row: SubscriberRow, slug: string) =>
  ({
    jobs: row.is_tab_jobs,
    vacancy: row.is_tab_vacancy,
    results: row.is_tab_results,
    "admit-cards": row.is_tab_admit_cards,
  })[slug] === true;

function choicesText(row: SubscriberRow) {
  return [
    subscriptionTabs
      .filter((tab) => tabChosen(row, tab.slug))
      .map((tab) => tab.label)
      .join(", "),
    row.is_reminders_on ? t.reminders : null,
    row.is_tests_on ? t.tests : null,
    t.frequencies[row.frequency],
  ]
    .filter(Boolean)
    .join(" · ");
}

const statusOf = (row: SubscriberRow) => (row.delivery_failed_at ? "failed" : row.status);

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-4 py-3">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-2xl font-bold text-slate-900">{value.toLocaleString("en-IN")}</dd>
    </div>
  );
}

export default function Subscribers({ actionData }: Route.ComponentProps) {
  const { counts, mail, list, broadcasts, removing, loadError, query } = useLoaderData<typeof loader>();
  const columns = Object.values(t.columns);
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.status) params.set("status", query.status);
  const pageHref = (page: number) => {
    const next = new URLSearchParams(params);
    if (page > 1) next.set("page", String(page));
    return `${section.path}${next.size ? `?${next}` : ""}`;
  };
  const here = pageHref(list.page);
  const removeHref = (id: number) => `${here}${here.includes("?") ? "&" : "?"}remove=${id}`;
  const exportHref = `/admin/subscribers.csv${params.size ? `?${params}` : ""}`;
  const failure = actionData && "ok" in actionData && actionData.ok === false ? actionData : null;

  return (
    <div className="space-y-6">
      <SectionHeader section={section}>
        <a href={exportHref} className={secondaryButton} download>
          {t.export}
        </a>
      </SectionHeader>
      <LoadFailure message={loadError} />
      {failure?.formError ? <Notice tone="error">{failure.formError}</Notice> : null}

      {counts ? (
        <HeadedSection heading={t.counts} headingClassName="text-lg font-semibold text-slate-900" className="space-y-3">
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            <Figure label={t.confirmed} value={counts.confirmed} />
            <Figure label={t.pending} value={counts.pending} />
            <Figure label={t.failed} value={counts.failed} />
          </dl>
          <h3 className="font-medium text-slate-800">{t.perChoice}</h3>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
            {subscriptionTabs.map((tab) => (
              <Figure key={tab.slug} label={tab.label} value={counts.tabs[tab.slug]} />
            ))}
            <Figure label={t.reminders} value={counts.reminders} />
            <Figure label={t.tests} value={counts.tests} />
            {(["instant", "daily", "weekly"] as const).map((f) => (
              <Figure key={f} label={t.frequencies[f]!} value={counts.frequency[f]} />
            ))}
          </dl>
        </HeadedSection>
      ) : null}

      {mail ? (
        <HeadedSection heading={t.mail} headingClassName="text-lg font-semibold text-slate-900" className="space-y-3">
          <dl className="grid grid-cols-3 gap-3">
            <Figure label={t.mailSent} value={mail.sent} />
            <Figure label={t.mailPending} value={mail.pending} />
            <Figure label={t.mailFailed} value={mail.failed} />
          </dl>
        </HeadedSection>
      ) : null}

      {removing ? (
        <HeadedSection
          heading={t.removeTitle}
          headingClassName="text-lg font-semibold"
          intro={t.removePrompt(removing.email)}
          introClassName="mt-1 break-words"
          className="rounded-xl border border-red-200 bg-red-50 p-4 text-slate-900"
        >
          <Form method="post" action={here} className="mt-3 flex flex-wrap gap-3">
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="id" value={removing.id} />
            <button type="submit" className={dangerButton}>
              {t.remove}
            </button>
            <Link to={here} className={secondaryButton}>
              {t.cancel}
            </Link>
          </Form>
        </HeadedSection>
      ) : null}

      <Form method="get" action={section.path} className="grid gap-3 sm:grid-cols-[2fr_1fr_auto] sm:items-end">
        <div>
          <label htmlFor="subscriber-search" className="font-medium text-slate-900">
            {t.search}
          </label>
          <input
            id="subscriber-search"
            name="q"
            type="search"
            defaultValue={query.q}
            maxLength={100}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor="subscriber-status" className="font-medium text-slate-900">
            {t.status}
          </label>
          <select id="subscriber-status" name="status" defaultValue={query.status} className={inputClass}>
            <option value="">{t.anyStatus}</option>
            {(["confirmed", "pending", "failed"] as const).map((status) => (
              <option key={status} value={status}>
                {t.statusNames[status]}
              </option>
            ))}
          </select>
        </div>
        <div className="flex gap-3">
          <button type="submit" className={secondaryButton}>
            {t.filter}
          </button>
          {params.size ? (
            <Link to={section.path} className={`${textLink} self-center`}>
              {t.clear}
            </Link>
          ) : null}
        </div>
      </Form>

      <TableRegion label={t.table} actions>
        <HeaderRow columns={columns} />
        <tbody>
          {list.rows.length === 0 ? (
            <EmptyRow colSpan={columns.length} text={loadError ?? (params.size ? t.noMatch : t.empty)} />
          ) : null}
          {list.rows.map((row) => (
            <tr key={row.id}>
              <th scope="row" className={`${td} font-medium break-all`}>
                {row.email}
              </th>
              <td className={td}>{t.statusNames[statusOf(row)]}</td>
              <td className={`${td} break-words`}>{choicesText(row)}</td>
              <td className={`${td} whitespace-nowrap`}>
                <IstTime iso={row.created_at} />
              </td>
              <td className={td}>
                <Link to={removeHref(row.id)} className={smallDanger}>
                  {t.remove}
                  <span className="sr-only"> {row.email}</span>
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </TableRegion>
      {list.page > 1 || list.hasNext ? (
        <nav aria-label={t.table} className="flex items-center gap-4">
          {list.page > 1 ? (
            <Link to={pageHref(list.page - 1)} className={textLink}>
              {t.previous}
            </Link>
          ) : null}
          <span className="text-slate-700">{t.page(list.page)}</span>
          {list.hasNext ? (
            <Link to={pageHref(list.page + 1)} className={textLink}>
              {t.next}
            </Link>
          ) : null}
        </nav>
      ) : null}

      <HeadedSection
        heading={t.broadcasts}
        headingClassName="text-lg font-semibold text-slate-900"
        className="space-y-2"
      >
        {broadcasts.length === 0 ? (
          <p className="text-slate-700">{t.broadcastsEmpty}</p>
        ) : (
          <ul className="space-y-1 text-slate-800">
            {broadcasts.map((b) => (
              <li key={b.alert_id}>
                <span className="font-medium">{b.title}</span> · <IstTime iso={b.requested_at} />
                {b.requested_by ? ` · ${b.requested_by}` : ""} · {t.broadcastQueued(b.done_at ? b.queued : null)}
              </li>
            ))}
          </ul>
        )}
      </HeadedSection>
    </div>
  );
}
