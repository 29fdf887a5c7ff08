import { useLoaderData, type MetaFunction } from "react-router";
import type { Route } from "./+types/job-alerts";
import { ConfirmDeletePanel, type DeleteRequest } from "~/components/admin/confirm-delete";
import { TableManagerForm } from "~/components/admin/manager-form";
import { ManagerPage } from "~/components/admin/manager-page";
import { useTableManager } from "~/components/admin/manager-state";
import { ManagerTable, StatusAndActionsCells, td } from "~/components/admin/manager-table";
import { CheckboxField } from "~/components/forms/checkbox-field";
import { TextAreaField, TextField } from "~/components/forms/fields";
import { SelectField } from "~/components/forms/select-field";
import { adminSection } from "~/lib/admin/sections";
import { formatPostedDate } from "~/components/content/posted-date";
import { getDb } from "~/db/client.server";
import {
  createJobAlert,
  deleteJobAlert,
  listJobAlertsForAdmin,
  listJobCategories,
  updateJobAlert,
  type AdminJobAlert,
} from "~/db/queries/job-alerts.server";
import { handleCrud, loadOr, unreadable } from "~/lib/admin/manager-actions.server";
import { adminMessages } from "~/lib/admin/messages";
import { requireAdmin } from "~/lib/auth/guard.server";
import { readForm } from "~/lib/forms/read-form.server";
import { jobAlertDefaults, JobAlertSchema } from "~/lib/schemas/admin/job-alert";

// Job Alerts manager, the dashboard's default section at /admin (spec §2, §4, §5, §7, §8): a
// table of every alert and an add/edit form. Every loader and action starts with the guard.

const section = adminSection("job-alerts");
const m = adminMessages.jobAlerts;

export const meta: MetaFunction = () => [{ title: `${section.title} · Admin` }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const db = getDb();
  const { value, loadError } = await loadOr(
    "job alerts",
    async () => {
      const [alerts, categories] = await Promise.all([listJobAlertsForAdmin(db), listJobCategories(db)]);
      return { alerts, categories };
    },
    { alerts: [] as AdminJobAlert[], categories: [] as { id: number; name: string; slug: string }[] },
  );
  return { ...value, loadError: loadError ? m.loadFailed : null };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readForm(request);
  if (!form.ok) return unreadable();
  const { values } = form;
  const db = getDb();
  return handleCrud({
    values,
    schema: JobAlertSchema,
    messages: m,
    home: section.path,
    what: "job alert",
    // The category must be one of the fixed job categories, not just any number.
    async check(input) {
      const categories = await listJobCategories(db);
      return categories.some((c) => c.id === input.category_id) ? null : { category_id: m.chooseCategory };
    },
    actor: admin,
    create: (input, actor) => createJobAlert(db, actor, input),
    update: (id, input) => updateJobAlert(db, admin, id, input),
    remove: (id) => deleteJobAlert(db, admin, id),
  });
}

function deleteRequest(alert: AdminJobAlert): DeleteRequest {
  return {
    fields: { intent: "delete", id: String(alert.id) },
    title: adminMessages.common.deleteTitle(m.what),
    prompt: m.confirmDelete,
    name: alert.title,
  };
}

export default function JobAlertsManager() {
  const { alerts, categories, loadError } = useLoaderData<typeof loader>();
  const state = useTableManager(alerts, jobAlertDefaults);
  const { manager, dialog, field, values, confirming } = state;
  const home = section.path;

  return (
    <ManagerPage
      section={section}
      addLabel={m.add}
      formOpen={state.open}
      loadError={loadError}
      manager={manager}
      dialog={dialog}
    >
      {state.open ? (
        <TableManagerForm state={state} home={home} addTitle={m.addTitle} editTitle={m.editTitle}>
          <TextField {...field("title")} label={m.title} />
          <SelectField
            {...field("category_id")}
            label={m.category}
            placeholder={m.chooseCategory}
            options={categories.map((c) => ({ value: String(c.id), label: c.name }))}
          />
          <TextField {...field("view_link")} type="url" label={m.viewLink} />
          <TextAreaField {...field("description")} label={m.description} optional />
          <CheckboxField name="is_active" label={m.active} defaultChecked={values.is_active === true} />
        </TableManagerForm>
      ) : null}

      {confirming ? <ConfirmDeletePanel manager={manager} request={deleteRequest(confirming)} cancelTo={home} /> : null}

      <ManagerTable
        label={m.table}
        columns={[m.title, m.category, m.posted]}
        empty={alerts.length === 0 ? (loadError ?? m.empty) : null}
      >
        {alerts.map((alert) => (
          <tr key={alert.id}>
            <th scope="row" className={`${td} font-medium break-words`}>
              {alert.title}
            </th>
            <td className={td}>{alert.category_name}</td>
            <td className={`${td} whitespace-nowrap`}>
              <time dateTime={alert.posted_date}>{formatPostedDate(alert.posted_date)}</time>
            </td>
            <StatusAndActionsCells
              active={alert.is_active}
              name={alert.title}
              home={home}
              id={alert.id}
              onDelete={(trigger) => dialog.open(trigger, deleteRequest(alert))}
            />
          </tr>
        ))}
      </ManagerTable>
    </ManagerPage>
  );
}
