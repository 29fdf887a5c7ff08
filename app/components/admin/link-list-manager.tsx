import { TextAreaField, TextField } from "~/components/forms/fields";
import type { AdminList } from "~/lib/admin/admin-lists";
import type { LinkRow } from "~/lib/admin/link-list-actions.server";
import type { ListData } from "~/lib/admin/list-actions.server";
import { listMessages as lm } from "~/lib/admin/messages/lists";
import type { AdminSection } from "~/lib/admin/sections";
import { MediaField, type MediaPickerData } from "./media-field";
import { useTableManager } from "./manager-state";
import { td } from "./manager-table";
import { OpenLink } from "./open-link";
import { TableManager, type TableManagerTexts } from "./table-manager";

// The E-Books and Free Materials managers (spec §2), which differ only in their link field:
// a form with Title, Description, the link and Active; a table of Title & Description, the
// 'View PDF' / 'View Material' link (new tab), Status and Actions. Issue 45: the link may be a
// PDF of the media library, picked or uploaded in place, and the card has a cover picture.

/** The manager's catalogue (ebookMessages or freeMaterialMessages). */
interface Texts extends TableManagerTexts {
  viewLink: string;
  title: string;
  description: string;
  link: string;
  linkHint: string;
  cover: string;
  coverHint: string;
  linkColumn: string;
  titleAndDescription: string;
}

export function LinkListManager({
  section,
  list,
  data,
  loadError,
  linkField,
  texts: t,
  defaults,
  media,
}: {
  section: AdminSection;
  /** The list's spec (issue 48) and one page of it. */
  list: AdminList;
  data: ListData<LinkRow>;
  loadError: string | null;
  /** The link column's name: pdf_link or material_link. */
  linkField: string;
  texts: Texts;
  defaults: Record<string, string | boolean>;
  /** The pickers' recent library files and size limits, from the loader. */
  media?: MediaPickerData;
}) {
  const rows = data.rows;
  const state = useTableManager([...rows, ...data.others], defaults);
  const { field } = state;
  return (
    <TableManager
      section={section}
      state={state}
      texts={t}
      loadError={loadError}
      listing={{
        list,
        data,
        what: t.table.toLowerCase(),
        sorts: { added: lm.added, title: t.title, updated: lm.updated },
        dateLabel: lm.added,
      }}
      columns={[{ label: t.titleAndDescription, sort: "title" }, t.linkColumn]}
      name={(row) => row.title}
      multipart
      fields={
        <>
          <TextField {...field("title")} label={t.title} />
          <TextAreaField {...field("description")} label={t.description} optional />
          <MediaField
            {...field(linkField)}
            kind="document"
            media={media}
            label={t.link}
            hint={t.linkHint}
            titleFrom="title"
          />
          {/* Decorative on the card: the title beside it says what it is. */}
          <MediaField
            {...field("cover_url")}
            kind="image"
            media={media}
            label={t.cover}
            hint={t.coverHint}
            optional
            decorative
            aspect="aspect-video"
          />
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
