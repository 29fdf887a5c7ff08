import { useLoaderData, type MetaFunction } from "react-router";
import type { Route } from "./+types/job-alerts";
import { useTableManager } from "~/components/admin/manager-state";
import { td } from "~/components/admin/manager-table";
import { TableManager } from "~/components/admin/table-manager";
import { SendAlertNow } from "~/components/admin/send-alert-now";
import { TextAreaField, TextField } from "~/components/forms/fields";
import { DateField } from "~/components/forms/date-field";
import { SelectField } from "~/components/forms/select-field";
import { adminSection } from "~/lib/admin/sections";
import { formatIstDate, istDate } from "~/core/ist";
import { DeadlineBadge } from "~/components/content/deadline-badge";
import { selectionModes } from "~/lib/job-alerts/job-deadline";
import {
  createJobAlert,
  deleteJobAlert,
  listJobCategories,
  pageJobAlertsForAdmin,
  setJobAlertActive,
  updateJobAlert,
  type AdminJobAlert,
} from "~/db/queries/job-alerts.server";
import { jobAlertList } from "~/lib/admin/admin-lists";
import { answerBulkOrCrud, emptyList, readList } from "~/lib/admin/list-actions.server";
import { jobAlertListMessages as lm } from "~/lib/admin/messages/lists";
import { loadPage, withPostedForm } from "~/lib/admin/manager-actions.server";
import { jobAlertMessages } from "~/lib/admin/messages/job-alerts";
import { requireAdmin } from "~/lib/auth/guard.server";
import { jobAlertDefaults, JobAlertSchema } from "~/lib/schemas/admin/job-alert";
import { dbContext } from "~/lib/request-context";
import { broadcastPreview } from "~/db/queries/alert-mailings.server";

// Job Alerts manager, the dashboard's default section at /admin (spec §2, §4, §5, §7, §8; issue 26
// deadlines): a table of every alert with its last date and badge, and an add/edit form. Every
// loader and action starts with the guard. Dates are days in India, today's as of the loader.

const section = adminSection("job-alerts");
const m = jobAlertMessages;

export const meta: MetaFunction = () => [{ title: `${section.title} · Admin` }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  await requireAdmin(db, request);
  const url = new URL(request.url);
  const today = istDate();
  // "Send now" asks first (?send=12): the alert, and how many it would go to.
  const sendId = Number(url.searchParams.get("send"));
  const sending =
    Number.isSafeInteger(sendId) && sendId > 0 ? await broadcastPreview(db, sendId, today).catch(() => null) : null;
  return {
    ...(await loadPage(
      db,
      "job alerts",
      m,
      {
        alerts: () => readList(db, jobAlertList, url, (d, query) => pageJobAlertsForAdmin(d, query, today)),
        categories: listJobCategories,
      },
      { alerts: emptyList<AdminJobAlert>(jobAlertList, url), categories: [] },
    )),
    today,
    sending,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const admin = await requireAdmin(db, request);
  return withPostedForm(request, (values) =>
    answerBulkOrCrud(db, request, values, admin, {
      list: jobAlertList,
      setActive: setJobAlertActive,
      schema: JobAlertSchema,
      messages: m,
      home: section.path,
      what: "job alert",
      anchor: true,
      // The category must be one of the fixed job categories, not just any number.
      async check(input) {
        const categories = await listJobCategories(db);
        return categories.some((c) => c.id === input.category_id) ? null : { category_id: m.chooseCategory };
      },
      writes: { create: createJobAlert, update: updateJobAlert, remove: deleteJobAlert },
    }),
  );
}

export default function JobAlertsManager() {
  const { alerts: list, categories, loadError, today, sending } = useLoaderData<typeof loader>();
  const alerts = list.rows;
  const state = useTableManager([...alerts, ...list.others], jobAlertDefaults(today));
  const { field } = state;

  return (
    <TableManager
      section={section}
      state={state}
      texts={m}
      loadError={loadError}
      // Issue 49: an open alert sent to its subscribers at once, or left for the digest.
      before={<SendAlertNow alerts={alerts} today={today} sending={sending} categories={categories} />}
      listing={{
        list: jobAlertList,
        data: list,
        what: "job alerts",
        sorts: { posted: m.posted, title: m.title, category: m.category, last_date: m.lastDateColumn },
        dateLabel: m.posted,
        controls: [
          {
            name: "category",
            label: m.category,
            options: categories.map((c) => ({ value: String(c.id), label: c.name })),
          },
          {
            name: "closing",
            label: lm.closing,
            options: [7, 14, 30].map((days) => ({ value: String(days), label: lm.closingIn(days) })),
          },
          { name: "lastDate", label: m.lastDateColumn, options: [{ value: "none", label: lm.noLastDate }] },
        ],
      }}
      columns={[
        { label: m.title, sort: "title" },
        { label: m.category, sort: "category" },
        { label: m.posted, sort: "posted" },
        { label: m.lastDateColumn, sort: "last_date" },
      ]}
      name={(alert) => alert.title}
      fields={
        <>
          <TextField {...field("title")} label={m.title} />
          <SelectField
            {...field("category_id")}
            label={m.category}
            placeholder={m.chooseCategory}
            options={categories.map((c) => ({ value: String(c.id), label: c.name }))}
          />
          <TextField {...field("view_link")} type="url" label={m.viewLink} />
          <TextAreaField {...field("description")} label={m.description} optional />
          <div className="grid gap-4 sm:grid-cols-2">
            <DateField {...field("posted_on")} label={m.postedOn} hint={m.postedOnHint} notFuture />
            <DateField {...field("last_date")} label={m.lastDate} hint={m.lastDateHint} optional />
            <SelectField
              {...field("selection_mode")}
              label={m.selection}
              placeholder={m.selectionNone}
              options={[...selectionModes]}
              optional
            />
            <TextField
              {...field("gate_year")}
              type="number"
              inputMode="numeric"
              min={1984}
              label={m.gateYear}
              hint={m.gateYearHint}
              optional
            />
            <TextField {...field("posts")} type="number" inputMode="numeric" min={1} label={m.posts} optional />
          </div>
          <TextAreaField {...field("eligibility")} label={m.eligibility} rows={2} optional />
          <TextField {...field("notification_url")} type="url" label={m.notificationUrl} optional />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField {...field("organisation")} label={m.organisation} hint={m.organisationHint} optional />
            <TextField {...field("job_location")} label={m.jobLocation} hint={m.jobLocationHint} optional />
          </div>
        </>
      }
      renderCells={(alert) => (
        <>
          <th scope="row" className={`${td} font-medium break-words`}>
            {alert.title}
          </th>
          <td className={td}>{alert.category_name}</td>
          <td className={`${td} whitespace-nowrap`}>
            <time dateTime={alert.posted_date}>{formatIstDate(alert.posted_date)}</time>
          </td>
          <td className={`${td} whitespace-nowrap`}>
            {alert.last_date ? (
              <>
                <time dateTime={alert.last_date} className="block">
                  {formatIstDate(alert.last_date)}
                </time>
                <DeadlineBadge lastDate={alert.last_date} today={today} className="mt-1" />
              </>
            ) : (
              m.noLastDate
            )}
          </td>
        </>
      )}
    />
  );
}
