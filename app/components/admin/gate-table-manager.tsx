import type { ReactNode } from "react";
import type { GateKind } from "~/lib/admin/gate-managers";
import { commonMessages } from "~/lib/admin/messages/common";
import { gateMessagesOf } from "~/lib/admin/messages/gate-data";
import { adminSection } from "~/lib/admin/sections";
import { ConfirmDeletePanel, type DeleteRequest } from "./confirm-delete";
import { TableManagerForm } from "./manager-form";
import { ManagerPage } from "./manager-page";
import { useTableManager, type FormValues, type Manager } from "./manager-state";
import { listHref } from "~/core/list-query";
import { ListTable, viewHref, type Column, type Listing } from "./list-controls";
import { EmptyRow, HeaderRow, RowActions, TableRegion, td } from "./manager-table";

// A GATE data manager page (issue 24): the managers' add/edit form, delete confirmation and
// table, for tables of figures that visitors always see (they have no Active flag, so no Status
// column). What comes above the table (a paper filter, the CSV panel) is the page's own.

/** A form field's props from its name (bindFields). */
export type BindField = (name: string) => { name: string; defaultValue?: string; error?: string };

export function GateTableManager<Row extends { id: number }>({
  page,
  rows: plainRows,
  listing,
  defaults,
  columns,
  name,
  deleteNote,
  renderFields,
  renderCells,
  renderBefore,
  multipart,
}: {
  /** Which page, and its load failure. */
  page: { kind: GateKind; loadError: string | null };
  /** Every row (the papers' page), or none when the page is a list with its view (`listing`). */
  rows?: Row[];
  /** The list: one page of it as its address says, searched, filtered, sorted (issue 48). */
  listing?: Omit<Listing<Row>, "what">;
  /** A fresh add form's values. */
  defaults: object;
  /** The headings of the row's own cells; those with a sort key sort a list. */
  columns: Column[];
  /** The row's name: 'Edit <name>' for screen readers, and in the delete confirmation. */
  name: (row: Row) => string;
  /** What deleting the row takes with it. */
  deleteNote?: (row: Row) => string | undefined;
  /** The form's fields, bound to the values it starts from. */
  renderFields: (field: BindField, values: FormValues) => ReactNode;
  renderCells: (row: Row) => ReactNode;
  renderBefore?: (manager: Manager) => ReactNode;
  /** The form has a file input: a document field's upload in place (issue 45). */
  multipart?: boolean;
}) {
  const t = gateMessagesOf[page.kind];
  const section = adminSection(page.kind);
  const home = section.path;
  const rows = listing ? listing.data.rows : (plainRows ?? []);
  const view = listing?.data.view;
  // The list as it is viewed (issue 48): where Cancel and the forms return, what Edit and Delete keep.
  const back = view ? viewHref(home, view) : home;
  const at = (change: Record<string, number>) => (view ? viewHref(home, view, change) : listHref(home, {}, change));
  const state = useTableManager([...rows, ...(listing?.data.others ?? [])], defaults);
  const { manager, dialog, confirming } = state;
  const deleteRequest = (row: Row): DeleteRequest => ({
    name: name(row),
    note: deleteNote?.(row),
    prompt: t.confirmDelete,
    title: commonMessages.deleteTitle(t.what),
    fields: { intent: "delete", id: String(row.id) },
  });
  const form = state.open ? (
    <TableManagerForm state={state} home={back} addTitle={t.addTitle} editTitle={t.editTitle} multipart={multipart}>
      {renderFields(state.field, state.values)}
    </TableManagerForm>
  ) : null;

  return (
    <ManagerPage
      dialog={dialog}
      manager={manager}
      loadError={page.loadError}
      formOpen={state.open}
      addLabel={t.add}
      addHref={view ? viewHref(home, view, { new: 1 }) : undefined}
      section={section}
    >
      {form}
      {confirming ? <ConfirmDeletePanel manager={manager} request={deleteRequest(confirming)} cancelTo={back} /> : null}
      {renderBefore?.(manager)}
      {listing ? (
        <ListTable
          home={home}
          manager={manager}
          listing={{ ...listing, what: t.table.toLowerCase() }}
          label={t.table}
          columns={columns}
          trailing={[commonMessages.actions]}
          empty={t.empty}
          loadError={page.loadError}
          name={name}
          renderRow={(row) => (
            <>
              {renderCells(row)}
              <td className={td}>
                <RowActions
                  name={name(row)}
                  editHref={at({ edit: row.id })}
                  deleteHref={at({ delete: row.id })}
                  onDelete={(trigger) => dialog.open(trigger, deleteRequest(row))}
                />
              </td>
            </>
          )}
        />
      ) : (
        <TableRegion label={commonMessages.tableRegion(t.table)} actions>
          <HeaderRow columns={[...columns.map((c) => (typeof c === "string" ? c : c.label)), commonMessages.actions]} />
          <tbody>
            {rows.length === 0 ? <EmptyRow colSpan={columns.length + 1} text={page.loadError ?? t.empty} /> : null}
            {rows.map((row) => (
              <tr key={row.id}>
                {renderCells(row)}
                <td className={td}>
                  <RowActions
                    name={name(row)}
                    editHref={`${home}?edit=${row.id}`}
                    deleteHref={`${home}?delete=${row.id}`}
                    onDelete={(trigger) => dialog.open(trigger, deleteRequest(row))}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </TableRegion>
      )}
    </ManagerPage>
  );
}
