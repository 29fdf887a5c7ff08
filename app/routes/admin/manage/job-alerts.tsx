import { useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "react-router";
import { managerMessages } from "~/components/admin/manager-messages";
import {
  CheckboxField,
  ConfirmDeletePanel,
  ManagerPage,
  ManagerTable,
  SelectField,
  StatusAndActionsCells,
  TableManagerForm,
  td,
  TextAreaField,
  TextField,
  useTableManager,
  type DeleteRequest,
} from "~/components/admin/manager-ui";
import { adminSections } from "~/components/admin/sections";
import { formatPostedDate } from "~/components/content/posted-date";
import { getDb } from "~/db/client.server";
import {
  createJobAlert,
  deleteJobAlert,
  listJobAlertsForAdmin,
  listJobCategories,
  updateJobAlert,
  type AdminJobAlert,
} from "~/lib/admin/job-alerts.server";
import { handleCrud, loadOr, readAdminForm, unreadable } from "~/lib/admin/manager-actions.server";
import { adminMessages } from "~/lib/admin/messages";
import { requireAdmin } from "~/lib/auth/guard.server";
import { jobAlertDefaults, JobAlertSchema } from "~/lib/schemas/admin/job-alert";

// Job Alerts manager, the dashboard's default section at /admin (spec §2, §4, §5, §7, §8): a
// table of every alert and an add/edit form. Every loader and action starts with the guard.

const section = adminSections[0];
const m = adminMessages.jobAlerts;
const t = managerMessages.jobAlerts;

export const meta: MetaFunction = () => [{ title: `${section.title} · Admin` }];

export async function loader({ request }: LoaderFunctionArgs) {
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

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const values = await readAdminForm(request);
  if (!values) return unreadable();
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
      return categories.some((c) => c.id === input.category_id) ? null : { category_id: t.chooseCategory };
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
    title: managerMessages.deleteTitle(t.what),
    prompt: m.confirmDelete,
    name: alert.title,
  };
}

export default function JobAlertsManager() {
  const { alerts, categories, loadError } = useLoaderData<typeof loader>();
  const state = useTableManager(alerts, jobAlertDefaults);
  const { manager, dialog, failure, values, confirming } = state;
  const home = section.path;

  return (
    <ManagerPage
      section={section}
      addLabel={t.add}
      formOpen={state.open}
      loadError={loadError}
      manager={manager}
      dialog={dialog}
    >
      {state.open ? (
        <TableManagerForm state={state} home={home} addTitle={t.addTitle} editTitle={t.editTitle}>
          <TextField name="title" label={t.title} values={values} errors={failure?.fieldErrors} />
          <SelectField
            name="category_id"
            label={t.category}
            placeholder={t.chooseCategory}
            options={categories.map((c) => ({ value: String(c.id), label: c.name }))}
            values={values}
            errors={failure?.fieldErrors}
          />
          <TextField name="view_link" type="url" label={t.viewLink} values={values} errors={failure?.fieldErrors} />
          <TextAreaField
            name="description"
            label={t.description}
            optional
            values={values}
            errors={failure?.fieldErrors}
          />
          <CheckboxField name="is_active" label={t.active} values={values} />
        </TableManagerForm>
      ) : null}

      {confirming ? <ConfirmDeletePanel manager={manager} request={deleteRequest(confirming)} cancelTo={home} /> : null}

      <ManagerTable
        label={t.table}
        columns={[t.title, t.category, t.posted]}
        empty={alerts.length === 0 ? (loadError ?? t.empty) : null}
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
