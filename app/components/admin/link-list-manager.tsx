import { Link } from "react-router";
import { primaryButton } from "~/components/admin/auth-ui";
import type { AdminSection } from "~/components/admin/sections";
import { SectionHeader } from "~/components/admin/section-header";
import { NewTabLink } from "~/components/content/new-tab-link";
import { safeHref } from "~/lib/safe-href";
import { managerMessages } from "./manager-messages";
import {
  CheckboxField,
  ConfirmDeleteDialog,
  ConfirmDeletePanel,
  EmptyRow,
  failureOf,
  LoadFailure,
  ManagerForm,
  postedValues,
  RowActions,
  StatusBadge,
  TableRegion,
  td,
  TextAreaField,
  TextField,
  th,
  toFormValues,
  useDeleteDialog,
  useManager,
  useManagerUrl,
  type DeleteRequest,
} from "./manager-ui";

// The E-Books and Free Materials managers (spec §2), which differ only in their link field:
// a form with Title, Description, the link and Active; a table of Title & Description, the
// 'View PDF' / 'View Material' link (new tab), Status and Actions.

export interface LinkRow {
  id: number;
  title: string;
  description: string | null;
  is_active: boolean;
  link: string;
}

interface Texts {
  add: string;
  addTitle: string;
  editTitle: string;
  empty: string;
  table: string;
  title: string;
  description: string;
  link: string;
  linkColumn: string;
  titleAndDescription: string;
  active: string;
  what: string;
}

export function LinkListManager({
  section,
  rows,
  loadError,
  linkField,
  texts: t,
  viewLabel,
  confirmDelete,
  defaults,
}: {
  section: AdminSection;
  rows: LinkRow[];
  loadError: string | null;
  /** The link column's name: pdf_link or material_link. */
  linkField: string;
  texts: Texts;
  /** 'View PDF' or 'View Material' */
  viewLabel: string;
  confirmDelete: string;
  defaults: Record<string, string | boolean>;
}) {
  const { adding, editId, deleteId } = useManagerUrl();
  const manager = useManager();
  const dialog = useDeleteDialog();
  const home = section.path;

  const editing = editId === null ? undefined : rows.find((row) => row.id === editId);
  const failure = failureOf(manager, ["create", "update"]);
  const intent = editing ? "update" : "create";
  const open = adding || editing !== undefined || failure !== undefined;
  const values = failure
    ? postedValues(failure.values, ["is_active"])
    : toFormValues(editing ? { ...editing, [linkField]: editing.link } : defaults);
  const confirming = deleteId === null ? undefined : rows.find((row) => row.id === deleteId);
  const deleteRequest = (row: LinkRow): DeleteRequest => ({
    fields: { intent: "delete", id: String(row.id) },
    title: managerMessages.deleteTitle(t.what),
    prompt: confirmDelete,
    name: row.title,
  });

  return (
    <div className="space-y-6">
      <SectionHeader section={section}>
        {open ? null : (
          <Link to={`${home}?new=1`} className={primaryButton}>
            {t.add}
          </Link>
        )}
      </SectionHeader>
      <LoadFailure message={loadError} />

      {open ? (
        <ManagerForm
          key={`${intent}-${editing?.id ?? "new"}`}
          manager={manager}
          title={editing ? t.editTitle : t.addTitle}
          intent={intent}
          id={editing?.id}
          submitLabel={editing ? managerMessages.update : managerMessages.create}
          cancelTo={home}
          failure={failure}
        >
          <TextField name="title" label={t.title} values={values} errors={failure?.fieldErrors} />
          <TextAreaField
            name="description"
            label={t.description}
            optional
            values={values}
            errors={failure?.fieldErrors}
          />
          <TextField name={linkField} type="url" label={t.link} values={values} errors={failure?.fieldErrors} />
          <CheckboxField name="is_active" label={t.active} values={values} />
        </ManagerForm>
      ) : null}

      {confirming ? <ConfirmDeletePanel manager={manager} request={deleteRequest(confirming)} cancelTo={home} /> : null}

      <TableRegion label={managerMessages.tableRegion(t.table)}>
        <thead>
          <tr>
            <th scope="col" className={th}>
              {t.titleAndDescription}
            </th>
            <th scope="col" className={th}>
              {t.linkColumn}
            </th>
            <th scope="col" className={th}>
              {managerMessages.status}
            </th>
            <th scope="col" className={th}>
              {managerMessages.actions}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? <EmptyRow colSpan={4} text={loadError ?? t.empty} /> : null}
          {rows.map((row) => {
            const href = safeHref(row.link);
            return (
              <tr key={row.id}>
                <th scope="row" className={`${td} max-w-md font-normal`}>
                  <span className="block font-medium break-words text-slate-900">{row.title}</span>
                  {row.description ? (
                    <span className="mt-1 block break-words text-slate-600">{row.description}</span>
                  ) : null}
                </th>
                <td className={`${td} whitespace-nowrap`}>
                  {href ? (
                    <NewTabLink
                      href={href}
                      context={row.title}
                      className="inline-flex items-center gap-1 font-medium text-brand-700 underline hover:text-brand-800"
                    >
                      {viewLabel}
                    </NewTabLink>
                  ) : null}
                </td>
                <td className={td}>
                  <StatusBadge active={row.is_active} />
                </td>
                <td className={td}>
                  <RowActions
                    name={row.title}
                    editHref={`${home}?edit=${row.id}`}
                    deleteHref={`${home}?delete=${row.id}`}
                    onDelete={(trigger) => dialog.open(trigger, deleteRequest(row))}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </TableRegion>

      <ConfirmDeleteDialog
        manager={manager}
        request={dialog.request}
        onClose={dialog.close}
        returnFocusTo={dialog.trigger}
      />
    </div>
  );
}
