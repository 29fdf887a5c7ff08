import { useEffect, useId, useState, type RefObject } from "react";
import { useFetcher } from "react-router";
import { inputClass } from "~/components/forms/fields";
import { ModalDialog } from "~/components/forms/modal-dialog";
import type { loadMediaLibrary } from "~/lib/admin/media-actions.server";
import { mediaMessages } from "~/lib/admin/messages/media";
import { mediaPickerMessages } from "~/lib/admin/messages/media-picker";
import { adminSection } from "~/lib/admin/sections";
import { formatBytes } from "~/lib/media/format-size";
import { MediaThumb } from "./media-thumb";
import { secondaryButton, smallSecondary } from "./styles";

// "Choose from library" (issue 45): a modal dialog listing the library's files of the field's
// kind, newest first, with a search by name or title and more pages on request. It reads the
// library page's own loader (/admin/media?kind=…&q=…&page=…) through a fetcher, so it lists
// exactly what that page lists. Choosing a file hands it to the field and closes the dialog.

const p = mediaPickerMessages;
const m = mediaMessages;

type Library = Awaited<ReturnType<typeof loadMediaLibrary>>;
export type LibraryFile = Library["files"][number];
type LibraryAnswer = { library: Library | null; loadError: string | null };

const listHref = (kind: string, q = "", page = 1) =>
  `${adminSection("media").path}?${new URLSearchParams({ kind, q, page: String(page) })}`;

export function MediaPickerDialog({
  open,
  kind,
  onClose,
  onPick,
  returnFocusTo,
}: {
  open: boolean;
  kind: "image" | "document";
  onClose: () => void;
  onPick: (file: LibraryFile) => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      returnFocusTo={returnFocusTo}
      title={p.dialogTitle(kind)}
      description={p.dialogIntro}
    >
      {/* Mounted while open: each opening starts again from the newest files. */}
      {open ? <PickerBody kind={kind} onPick={onPick} /> : null}
    </ModalDialog>
  );
}

function PickerBody({ kind, onPick }: { kind: "image" | "document"; onPick: (file: LibraryFile) => void }) {
  const fetcher = useFetcher<LibraryAnswer>();
  const searchId = useId();
  const listId = useId();
  const [query, setQuery] = useState("");
  const { load } = fetcher;
  const library = fetcher.data?.library ?? undefined;

  // A first page replaces the list, a later one adds to it (state derived from the last answer,
  // React's pattern for it: no effect, no extra paint).
  const [shown, setShown] = useState<{ from?: Library; files: LibraryFile[] }>({ files: [] });
  if (library && shown.from !== library) {
    setShown({ from: library, files: library.page === 1 ? library.files : [...shown.files, ...library.files] });
  }
  const files = shown.files;

  useEffect(() => {
    void load(listHref(kind));
  }, [kind, load]);

  const search = () => void load(listHref(kind, query));
  const loading = fetcher.state === "loading";
  const failed = fetcher.state === "idle" && fetcher.data !== undefined && !library;
  const more = library ? library.page * library.pageSize < library.total : false;

  return (
    <>
      {/* No <form>: the dialog sits inside the manager's form, and a form may not hold another
          (its submit would bubble to the manager's). Enter in the box searches, as in a form. */}
      <search>
        <div className="flex flex-wrap items-end gap-2">
          <div className="min-w-0 flex-1">
            <label htmlFor={searchId} className="font-medium text-slate-900">
              {p.search}
            </label>
            <input
              id={searchId}
              type="search"
              value={query}
              maxLength={100}
              onChange={(event) => setQuery(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key !== "Enter") return;
                event.preventDefault();
                search();
              }}
              aria-controls={listId}
              className={inputClass}
            />
          </div>
          <button type="button" onClick={search} className={secondaryButton}>
            {p.searchButton}
          </button>
        </div>
      </search>

      <div id={listId} aria-live="polite" aria-busy={loading} className="mt-4">
        {failed ? <p className="text-sm font-medium text-red-800">{p.loadFailed}</p> : null}
        {!failed && library && files.length === 0 ? (
          <p className="text-sm text-slate-700">{library.query.search ? p.noMatch : p.none(kind)}</p>
        ) : null}
        {files.length > 0 ? (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {files.map((file) => (
              <li key={file.id}>
                <button
                  type="button"
                  onClick={() => onPick(file)}
                  className="block w-full rounded-lg border border-slate-200 p-2 text-left hover:border-brand-700 hover:bg-brand-50 focus-visible:border-brand-700"
                >
                  <MediaThumb file={file} />
                  <span className="mt-1 block truncate text-sm font-medium text-slate-900">
                    <span className="sr-only">{p.choose} </span>
                    {file.title}
                  </span>
                  <span className="block truncate text-xs text-slate-600">
                    {file.width ? `${m.pixels(file.width, file.height ?? 0)} · ` : ""}
                    {formatBytes(file.size)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        {loading ? <p className="mt-3 text-sm text-slate-700">{p.loading}</p> : null}
        {more && !loading && library ? (
          <button
            type="button"
            onClick={() => void load(listHref(kind, library.query.search, library.page + 1))}
            className={`${smallSecondary} mt-3`}
          >
            {p.more}
          </button>
        ) : null}
      </div>
    </>
  );
}
