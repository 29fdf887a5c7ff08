import type { ReactNode } from "react";
import { CheckboxField } from "~/components/forms/checkbox-field";
import { commonMessages } from "~/lib/admin/messages/common";
import type { AdminSection } from "~/lib/admin/sections";
import { ConfirmDeletePanel, type DeleteRequest } from "./confirm-delete";
import { ListTable, viewHref, type Column, type Listing } from "./list-controls";
import { TableManagerForm } from "./manager-form";
import { ManagerPage } from "./manager-page";
import type { TableManagerState } from "./manager-state";
import { StatusAndActionsCells } from "./manager-table";

// The page of a manager of one table (job alerts, hero banners, e-books, free materials; spec §2):
// the Add link, the add/edit form (its fields, then Active), the delete confirmation, and the
// list, each row's own cells followed by its Status and its Edit and Delete. Issue 48: the list's
// search, filters, sorting headings, pages and bulk actions (./list-controls.tsx), every link and
// form keeping the list's view.

export type { Listing } from "./list-controls";

/** The manager's words (its catalogue in ~/lib/admin/messages/). */
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
  listing,
  columns,
  fields,
  renderCells,
  name,
  deleteName = name,
  multipart,
  before,
}: {
  section: AdminSection;
  /** From useTableManager(rows, …), with the page's rows and the others it may open. */
  state: TableManagerState<Row>;
  texts: TableManagerTexts;
  loadError: string | null;
  /** The list: its spec, one page of it (issue 48), its filters' words. */
  listing: Listing<Row>;
  /** The headings of the row's own cells; those with a sort key sort the list. */
  columns: Column[];
  /** The form's fields before Active. */
  fields: ReactNode;
  /** The row's own cells. */
  renderCells: (row: Row, index: number) => ReactNode;
  /** The row's name for screen readers ('Edit <name>'), and in the delete confirmation. */
  name: (row: Row) => string;
  /** The name in the delete confirmation, when it says more. */
  deleteName?: (row: Row) => string;
  /** The form has a file input: a picture or document field's upload in place (issue 45). */
  multipart?: boolean;
  /** What the page shows above the table (a note, a count). */
  before?: ReactNode;
}) {
  const { manager, dialog, values, confirming } = state;
  const home = section.path;
  // The list as it is viewed: where Cancel and the forms return, what Edit and Delete keep.
  const view = listing.data.view;
  const back = viewHref(home, view);
  const deleteRequest = (row: Row): DeleteRequest => ({
    fields: { intent: "delete", id: String(row.id) },
    title: commonMessages.deleteTitle(t.what),
    prompt: t.confirmDelete,
    name: deleteName(row),
    // Every table of this manager is a row table (~/db/audited-tables.ts): its deletes are trashed.
    restorable: true,
  });

  return (
    <ManagerPage
      section={section}
      addLabel={t.add}
      addHref={viewHref(home, view, { new: 1 })}
      formOpen={state.open}
      loadError={loadError}
      manager={manager}
      dialog={dialog}
    >
      {state.open ? (
        <TableManagerForm state={state} home={back} addTitle={t.addTitle} editTitle={t.editTitle} multipart={multipart}>
          {fields}
          <CheckboxField name="is_active" label={t.active} defaultChecked={values.is_active === true} />
        </TableManagerForm>
      ) : null}

      {confirming ? <ConfirmDeletePanel manager={manager} request={deleteRequest(confirming)} cancelTo={back} /> : null}

      <ListTable
        home={home}
        listing={listing}
        manager={manager}
        label={t.table}
        columns={columns}
        trailing={[commonMessages.status, commonMessages.actions]}
        empty={t.empty}
        loadError={loadError}
        name={deleteName}
        before={before}
        renderRow={(row, index) => (
          <>
            {renderCells(row, index)}
            <StatusAndActionsCells
              active={row.is_active}
              name={name(row)}
              home={home}
              id={row.id}
              at={(change) => viewHref(home, view, change)}
              onDelete={(trigger) => dialog.open(trigger, deleteRequest(row))}
            />
          </>
        )}
      />
    </ManagerPage>
  );
}
