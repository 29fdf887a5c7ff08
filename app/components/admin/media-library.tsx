import { useId, useState } from "react";
import { Form, Link } from "react-router";
import { Pagination } from "~/components/content/pagination";
import { inputClass } from "~/components/forms/fields";
import { useHydrated } from "~/components/layout/use-hydrated";
import { formatIstDate } from "~/core/ist";
import type { loadMediaLibrary } from "~/lib/admin/media-actions.server";
import { mediaMessages } from "~/lib/admin/messages/media";
import { adminSection } from "~/lib/admin/sections";
import { formatBytes } from "~/lib/media/format-size";
import { toast } from "~/lib/toast";
import { RowActions } from "./manager-table";
import { RowCheck, rowProps } from "./list-controls";
import { MediaThumb } from "./media-thumb";
import { secondaryButton, smallSecondary, textLink } from "./styles";

// The media library's list (issue 45): a GET form to find files (words in the name or title, the
// kind), so that every view has its own address to bookmark; then a grid of cards, one a file:
// its thumbnail, title and name, kind, size, pixels, the day it was uploaded, its alt text and
// source, where it is used (each place a link to change it there), its address as selectable
// text (a Copy link button with JavaScript), Edit and Delete; then the pages.

const m = mediaMessages;
const home = adminSection("media").path;

export type Library = Awaited<ReturnType<typeof loadMediaLibrary>>;
export type LibraryRow = Library["files"][number];

/** The library's address with these parameters (empty ones left out). */
export function libraryHref(params: Record<string, string | number | undefined>) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== "" && !(name === "page" && value === 1)) search.set(name, String(value));
  }
  const query = search.toString();
  return query ? `${home}?${query}` : home;
}

/** Find files: words and kind, sent as a GET so the view is an address. */
export function LibraryFilters({ query }: { query: Library["query"] }) {
  const searchId = useId();
  const kindId = useId();
  const filtered = query.search !== "" || query.kind !== undefined;
  return (
    <search aria-label={m.find}>
      <Form method="get" action={home} className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-[2_1_16rem]">
          <label htmlFor={searchId} className="font-medium text-slate-900">
            {m.search}
          </label>
          <input
            id={searchId}
            name="q"
            type="search"
            defaultValue={query.search}
            maxLength={100}
            className={inputClass}
          />
        </div>
        <div className="min-w-0 flex-[1_1_10rem]">
          <label htmlFor={kindId} className="font-medium text-slate-900">
            {m.kind}
          </label>
          <select id={kindId} name="kind" defaultValue={query.kind ?? ""} className={inputClass}>
            <option value="">{m.allKinds}</option>
            <option value="image">{m.kindFilters.image}</option>
            <option value="document">{m.kindFilters.document}</option>
          </select>
        </div>
        <div className="flex gap-3">
          <button type="submit" className={secondaryButton}>
            {m.apply}
          </button>
          {filtered ? (
            <Link to={home} className={`${textLink} self-center`}>
              {m.clear}
            </Link>
          ) : null}
        </div>
      </Form>
    </search>
  );
}

/** "Showing 1–24 of 30 files". */
/** The places using a file, each a link to where it is changed. */
export function UsedByList({ uses, className }: { uses: { href: string; label: string }[]; className: string }) {
  return (
    <ul className={className}>
      {uses.map((use) => (
        <li key={use.href + use.label}>
          <Link to={use.href} className={textLink}>
            {use.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function LibraryCount({ library }: { library: Library }) {
  const from = library.total === 0 ? 0 : (library.page - 1) * library.pageSize + 1;
  const to = Math.min(library.total, library.page * library.pageSize);
  return <p className="text-sm text-slate-700">{m.showing(from, to, library.total)}</p>;
}

export function LibraryGrid({
  library,
  onDelete,
}: {
  library: Library;
  onDelete: (trigger: HTMLElement, row: LibraryRow) => void;
}) {
  const { query } = library;
  const here = { q: query.search, kind: query.kind, page: library.page };
  return (
    <>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4">
        {library.files.map((file) => (
          <li key={file.id} {...rowProps(file.id)}>
            <FileCard
              file={file}
              editHref={libraryHref({ ...here, edit: file.id })}
              deleteHref={libraryHref({ ...here, delete: file.id })}
              onDelete={(trigger) => onDelete(trigger, file)}
            />
          </li>
        ))}
      </ul>
      <Pagination
        label={m.pages}
        page={library.page}
        hasNext={library.page * library.pageSize < library.total}
        href={(page) => libraryHref({ ...here, page })}
      />
    </>
  );
}

function FileCard({
  file,
  editHref,
  deleteHref,
  onDelete,
}: {
  file: LibraryRow;
  editHref: string;
  deleteHref: string;
  onDelete: (trigger: HTMLElement) => void;
}) {
  const headingId = useId();
  const details = [
    m.kinds[file.kind],
    formatBytes(file.size),
    file.width && file.height ? m.pixels(file.width, file.height) : null,
  ].filter(Boolean);
  return (
    <article
      aria-labelledby={headingId}
      className="flex h-full flex-col gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm"
    >
      {/* On a phone the thumbnail sits beside the title, so that a screen shows more files. */}
      <div className="flex gap-3 sm:flex-col">
        <MediaThumb file={file} className="w-24 shrink-0 sm:w-full" />
        <div className="min-w-0">
          {/* Issue 48: chosen for a bulk delete. */}
          <RowCheck id={file.id} name={file.title || file.filename} />
          <h3 id={headingId} className="font-semibold break-words text-slate-900">
            <a href={file.url} target="_blank" rel="noopener" className={textLink}>
              {file.title}
            </a>
          </h3>
          <p className="text-xs break-all text-slate-600">{file.filename}</p>
          <p className="mt-1 text-sm text-slate-700">
            {details.join(" · ")}
            <span className="block">{m.uploadedOn(formatIstDate(file.created_at))}</span>
          </p>
        </div>
      </div>
      <dl className="space-y-1 text-sm">
        {file.kind === "image" ? (
          <>
            <dt className="font-medium text-slate-900">{m.altText}</dt>
            <dd className={`break-words ${file.alt_text ? "text-slate-700" : "text-slate-600 italic"}`}>
              {file.alt_text ?? (file.is_decorative ? m.decorativeNote : m.noAlt)}
            </dd>
          </>
        ) : null}
        {file.source_url ? (
          <>
            <dt className="font-medium text-slate-900">{m.sourceUrl}</dt>
            <dd className="break-all">
              <a href={file.source_url} target="_blank" rel="noopener" className={textLink}>
                {file.source_url}
              </a>
              {file.source_read_on ? (
                <span className="block text-slate-600">{m.source(formatIstDate(file.source_read_on))}</span>
              ) : null}
            </dd>
          </>
        ) : null}
        <dt className="font-medium text-slate-900">{m.usedBy}</dt>
        <dd>
          {file.usedBy.length ? (
            <UsedByList uses={file.usedBy} className="space-y-1" />
          ) : (
            <span className="text-slate-600">{m.unused}</span>
          )}
        </dd>
      </dl>
      <Address url={file.url} />
      <div className="mt-auto flex flex-wrap gap-2">
        <CopyLink url={file.url} title={file.title} />
        <RowActions name={file.title} editHref={editHref} deleteHref={deleteHref} onDelete={onDelete} />
      </div>
    </article>
  );
}

/** The file's address, selectable with one click (and copied by Copy link with JavaScript). */
function Address({ url }: { url: string }) {
  const addressId = useId();
  return (
    <div className="text-sm">
      <p id={addressId} className="font-medium text-slate-900">
        {m.address}
      </p>
      <code
        aria-labelledby={addressId}
        className="mt-1 block rounded border border-slate-200 bg-slate-50 px-2 py-1 text-xs break-all text-slate-800 select-all"
      >
        {url}
      </code>
    </div>
  );
}

/** Copies the file's address; only once the page is live (the address is selectable without). */
function CopyLink({ url, title }: { url: string; title: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  if (!hydrated) return null;
  return (
    <button
      type="button"
      className={smallSecondary}
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(url);
          setCopied(true);
          toast.success(m.copied);
          setTimeout(() => setCopied(false), 2000);
        } catch {
          toast.error(m.copyFailed);
        }
      }}
    >
      {copied ? m.copied : m.copy}
      <span className="sr-only"> {title}</span>
    </button>
  );
}
