import type { ReactNode } from "react";
import { CheckboxField } from "~/components/forms/checkbox-field";
import { adminMessages } from "~/lib/admin/messages";
import type { AdminSection } from "~/lib/admin/sections";
import { ConfirmDeletePanel, type DeleteRequest } from "./confirm-delete";
import { TableManagerForm } from "./manager-form";
import { ManagerPage } from "./manager-page";
import type { TableManagerState } from "./manager-state";
import { ManagerTable, StatusAndActionsCells } from "./manager-table";

// The page of a manager of one table (job alerts, hero banners, e-books, free materials; spec §2):
// the Add link, the add/edit form (its fields, then Active), the delete confirmation, and the
// table, each row's own cells followed by its Status and its Edit and Delete.

/** The manager's words (its adminMessages catalogue). */
export interface TableManagerTexts {
  add: string;
  addTitle: string;
  editTitle: string;
  active: string;
  table: string;
  empty: string;
  /** The row's kind in 'Delete <what>'. */
  what: string;
  confirmDelete: string;
}

export function TableManager<Row extends { id: number; is_active: boolean }>({
  section,
  state,
  texts: t,
  loadError,
  rows,
  columns,
  fields,
  renderCells,
  name,
  deleteName = name,
  multipart,
}: {
  section: AdminSection;
  /** From useTableManager(rows, …). */
  state: TableManagerState<Row>;
  texts: TableManagerTexts;
  loadError: string | null;
  rows: Row[];
  /** The headings of the row's own cells. */
  columns: string[];
  /** The form's fields before Active. */
  fields: ReactNode;
  /** The row's own cells. */
  renderCells: (row: Row, index: number) => ReactNode;
  /** The row's name for screen readers ('Edit <name>'), and in the delete confirmation. */
  name: (row: Row, index: number) => string;
  /** The name in the delete confirmation, when it says more. */
  deleteName?: (row: Row, index: number) => string;
  /** The form has a file input: a picture or document field's upload in place (issue 45). */
  multipart?: boolean;
}) {
  const { manager, dialog, values, confirming } = state;
  const home = section.path;
  const deleteRequest = (row: Row): DeleteRequest => ({
    fields: { intent: "delete", id: String(row.id) },
    title: adminMessages.common.deleteTitle(t.what),
    prompt: t.confirmDelete,
    name: deleteName(row, rows.indexOf(row)),
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
        <TableManagerForm state={state} home={home} addTitle={t.addTitle} editTitle={t.editTitle} multipart={multipart}>
          {fields}
          <CheckboxField name="is_active" label={t.active} defaultChecked={values.is_active === true} />
        </TableManagerForm>
      ) : null}

      {confirming ? <ConfirmDeletePanel manager={manager} request={deleteRequest(confirming)} cancelTo={home} /> : null}

      <ManagerTable label={t.table} columns={columns} empty={rows.length === 0 ? (loadError ?? t.empty) : null}>
        {rows.map((row, index) => (
          <tr key={row.id}>
            {renderCells(row, index)}
            <StatusAndActionsCells
              active={row.is_active}
              name={name(row, index)}
              home={home}
              id={row.id}
              onDelete={(trigger) => dialog.open(trigger, deleteRequest(row))}
            />
          </tr>
        ))}
      </ManagerTable>
    </ManagerPage>
  );
}
