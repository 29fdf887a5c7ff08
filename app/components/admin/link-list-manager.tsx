import type { AdminSection } from "~/lib/admin/sections";
import { NewTabLink } from "~/components/content/new-tab-link";
import { safeHref } from "~/lib/safe-href";
import { CheckboxField } from "~/components/forms/checkbox-field";
import { TextAreaField, TextField } from "~/components/forms/fields";
import { adminMessages } from "~/lib/admin/messages";
import { ConfirmDeletePanel, type DeleteRequest } from "./confirm-delete";
import { TableManagerForm } from "./manager-form";
import { ManagerPage } from "./manager-page";
import { useTableManager } from "./manager-state";
import { ManagerTable, StatusAndActionsCells, td } from "./manager-table";

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

/** The manager's catalogue (adminMessages.ebooks or freeMaterials). */
interface Texts {
  confirmDelete: string;
  viewLink: string;
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
  defaults,
}: {
  section: AdminSection;
  rows: LinkRow[];
  loadError: string | null;
  /** The link column's name: pdf_link or material_link. */
  linkField: string;
  texts: Texts;
  defaults: Record<string, string | boolean>;
}) {
  const state = useTableManager(rows, defaults, (row) => ({ ...row, [linkField]: row.link }));
  const { manager, dialog, field, values, confirming } = state;
  const home = section.path;
  const deleteRequest = (row: LinkRow): DeleteRequest => ({
    fields: { intent: "delete", id: String(row.id) },
    title: adminMessages.common.deleteTitle(t.what),
    prompt: t.confirmDelete,
    name: row.title,
  });

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
          <TextField {...field("title")} label={t.title} />
          <TextAreaField {...field("description")} label={t.description} optional />
          <TextField {...field(linkField)} type="url" label={t.link} />
          <CheckboxField name="is_active" label={t.active} defaultChecked={values.is_active === true} />
        </TableManagerForm>
      ) : null}

      {confirming ? <ConfirmDeletePanel manager={manager} request={deleteRequest(confirming)} cancelTo={home} /> : null}

      <ManagerTable
        label={t.table}
        columns={[t.titleAndDescription, t.linkColumn]}
        empty={rows.length === 0 ? (loadError ?? t.empty) : null}
      >
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
                    {t.viewLink}
                  </NewTabLink>
                ) : null}
              </td>
              <StatusAndActionsCells
                active={row.is_active}
                name={row.title}
                home={home}
                id={row.id}
                onDelete={(trigger) => dialog.open(trigger, deleteRequest(row))}
              />
            </tr>
          );
        })}
      </ManagerTable>
    </ManagerPage>
  );
}
