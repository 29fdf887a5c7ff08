import { TextAreaField, TextField } from "~/components/forms/fields";
import type { AdminSection } from "~/lib/admin/sections";
import { useTableManager } from "./manager-state";
import { td } from "./manager-table";
import { OpenLink } from "./open-link";
import { TableManager, type TableManagerTexts } from "./table-manager";

// The E-Books and Free Materials managers (spec §2), which differ only in their link field:
// a form with Title, Description, the link and Active; a table of Title & Description, the
// 'View PDF' / 'View Material' link (new tab), Status and Actions.

export interface LinkRow {
  id: number;
  title: string;
  description: string | null;
  is_active: boolean;
  /** The row's link, whichever its column (pdf_link, material_link). */
  link: string;
}

/** The loader's rows as the manager lists them: each with its link column as `link` too. */
export function asLinkRows<Link extends string, Row extends Record<Link, string>>(rows: Row[], linkField: Link) {
  return rows.map((row) => ({ ...row, link: row[linkField] }));
}

/** The manager's catalogue (adminMessages.ebooks or freeMaterials). */
interface Texts extends TableManagerTexts {
  viewLink: string;
  title: string;
  description: string;
  link: string;
  linkColumn: string;
  titleAndDescription: string;
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
  const state = useTableManager(rows, defaults);
  const { field } = state;
  return (
    <TableManager
      section={section}
      state={state}
      texts={t}
      loadError={loadError}
      rows={rows}
      columns={[t.titleAndDescription, t.linkColumn]}
      name={(row) => row.title}
      fields={
        <>
          <TextField {...field("title")} label={t.title} />
          <TextAreaField {...field("description")} label={t.description} optional />
          <TextField {...field(linkField)} type="url" label={t.link} />
        </>
      }
      renderCells={(row) => (
        <>
          <th scope="row" className={`${td} max-w-md font-normal`}>
            <span className="block font-medium break-words text-slate-900">{row.title}</span>
            {row.description ? <span className="mt-1 block break-words text-slate-600">{row.description}</span> : null}
          </th>
          <td className={`${td} whitespace-nowrap`}>
            <OpenLink link={row.link} context={row.title} label={t.viewLink} />
          </td>
        </>
      )}
    />
  );
}
