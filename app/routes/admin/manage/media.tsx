import { useId, useRef, useState } from "react";
import { useLoaderData, type MetaFunction } from "react-router";
import type { Route } from "./+types/media";
import { ConfirmDeletePanel, type DeleteRequest } from "~/components/admin/confirm-delete";
import { InlineFailure, TableManagerForm, useFocusFirstInvalid } from "~/components/admin/manager-form";
import { ManagerPage } from "~/components/admin/manager-page";
import {
  failureOf,
  postedValues,
  toFormValues,
  useManagerUrl,
  useTableManager,
  type Manager,
} from "~/components/admin/manager-state";
import {
  LibraryCount,
  LibraryFilters,
  LibraryGrid,
  type Library,
  type LibraryRow,
  UsedByList,
} from "~/components/admin/media-library";
import { detailsOf, MediaUploadQueue } from "~/components/admin/media-upload-queue";
import {
  BulkBarWithSelectAll,
  BulkConfirmPanel,
  BulkProvider,
  useBulk,
  useFocusSavedRow,
  viewHref,
} from "~/components/admin/list-controls";
import { mediaList } from "~/lib/admin/admin-lists";
import { Notice } from "~/components/admin/notice";
import { Panel } from "~/components/admin/panel";
import { textLink } from "~/components/admin/styles";
import { bindFields } from "~/components/forms/bind-fields";
import { CheckboxField } from "~/components/forms/checkbox-field";
import { FieldError, Label, SubmitButton, TextField } from "~/components/forms/fields";
import { DateField } from "~/components/forms/date-field";
import { useHydrated } from "~/components/layout/use-hydrated";
import { loadOr } from "~/lib/admin/manager-actions.server";
import { answerMediaForm, loadMediaLibrary, type MediaInUse } from "~/lib/admin/media-actions.server";
import { commonMessages } from "~/lib/admin/messages/common";
import { mediaMessages } from "~/lib/admin/messages/media";
import { adminSection } from "~/lib/admin/sections";
import { requireAdmin } from "~/lib/auth/guard.server";
import { mediaDetailsDefaults } from "~/lib/schemas/admin/media";
import { dbContext } from "~/lib/request-context";

// The media library (issue 45): upload pictures and PDFs, find them, see where each is used,
// copy its address, change its details, delete one no page uses.
// - Upload: without JavaScript a plain multipart form (the file and its details); with it a drop
//   zone that is also a button, and a queue of uploads with progress, each with its own result
//   (~/components/admin/media-upload-queue.tsx).
// - The list: a GET form (words, kind) and pages, so every view is an address; a grid of cards
//   (~/components/admin/media-library.tsx).
// - Edit (?edit=12) and Delete (?delete=12 without JavaScript, a dialog with it), as every
//   manager; a delete of a file in use is refused with the places using it, each a link.
// The pickers of the picture and document fields read this page's loader and post their uploads
// to its action (answer=data). The loader and the action start with the guard, before anything
// reads the body of an upload.

const section = adminSection("media");
const m = mediaMessages;

export const meta: MetaFunction = () => [{ title: `${section.title} · Admin` }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  await requireAdmin(db, request);
  const url = new URL(request.url);
  const { value, loadError } = await loadOr("media library", () => loadMediaLibrary(db, url), null);
  return { library: value, loadError: loadError ? m.loadFailed : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  // The guard reads the session cookie only: an anonymous upload is refused before its body is
  // read, and the server drops the rest of it (server/request-body.ts).
  const admin = await requireAdmin(db, request);
  return answerMediaForm(db, request, admin);
}

const ACCEPT =
  "image/jpeg,image/png,image/webp,image/avif,image/gif,application/pdf,.jpg,.jpeg,.png,.webp,.avif,.gif,.pdf";

/** Upload: a plain form without JavaScript, the drop zone and queue with it. */
function UploadSection({ manager, limits }: { manager: Manager; limits: Library["limits"] }) {
  const hydrated = useHydrated();
  const plainFormId = useId();
  // The plain form gives way to the queue once the scripts run; what staff typed into its details
  // meanwhile goes with the queue's fields (read as React hydrates, while the form is still there).
  const [typed] = useState(() =>
    typeof document === "undefined" ? {} : detailsOf(document.getElementById(plainFormId) as HTMLFormElement | null),
  );
  return (
    <Panel heading={m.upload}>
      <p className="mt-1 text-sm text-slate-600">
        {m.uploadIntro.replace("{image}", limits.image).replace("{pdf}", limits.pdf)}
      </p>
      {hydrated ? (
        <MediaUploadQueue bodyLimit={limits.body} accept={ACCEPT}>
          <p className="text-sm text-slate-700">{m.detailsForEach}</p>
          <DetailFields field={bindFields(typed)} decorative={typed.is_decorative !== undefined} kind={undefined} />
        </MediaUploadQueue>
      ) : (
        <PlainUploadForm manager={manager} id={plainFormId} />
      )}
    </Panel>
  );
}

/** The upload as a plain multipart form: one file and its details, posted with the page. */
function PlainUploadForm({ manager, id }: { manager: Manager; id: string }) {
  const fileId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const failure = failureOf(manager, ["upload"]);
  const field = bindFields(failure ? postedValues(failure.values, ["is_decorative"]) : {}, failure?.fieldErrors);
  useFocusFirstInvalid(formRef, manager.fetcher.data?.ok === false ? failure : undefined);
  const fileError = failure?.fieldErrors.file;
  return (
    <>
      <InlineFailure manager={manager} failure={failure} />
      <manager.fetcher.Form
        id={id}
        ref={formRef}
        method="post"
        encType="multipart/form-data"
        className="mt-4 space-y-4"
      >
        <input type="hidden" name="intent" value="upload" />
        <div>
          <Label htmlFor={fileId}>{m.file}</Label>
          <input
            id={fileId}
            name="file"
            type="file"
            required
            accept={ACCEPT}
            aria-invalid={fileError ? true : undefined}
            aria-describedby={fileError ? `${fileId}-error` : undefined}
            className="mt-1 block w-full text-sm text-slate-800 file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-4 file:font-semibold"
          />
          <FieldError id={fileId} error={fileError} />
        </div>
        <DetailFields field={field} decorative={failure?.values.is_decorative !== undefined} kind={undefined} />
        <SubmitButton label={m.upload} pendingLabel={m.uploading} pending={manager.busyIntent === "upload"} />
      </manager.fetcher.Form>
    </>
  );
}

/**
 * What staff say about a file: its title; for a picture, what it shows (required unless it is
 * decorative; the server says so); where an official paper came from and the day it was read.
 */
function DetailFields({
  field,
  decorative,
  kind,
}: {
  field: ReturnType<typeof bindFields>;
  decorative: boolean;
  /** The file's kind when editing one; undefined for an upload, whose kind is not known yet. */
  kind: string | undefined;
}) {
  return (
    <>
      <TextField {...field("title")} label={m.title} hint={m.titleHint} optional maxLength={150} />
      {kind !== "document" ? (
        <>
          <TextField
            {...field("alt_text")}
            label={m.altText}
            hint={m.altTextHint}
            optional="unlabelled"
            maxLength={250}
          />
          <CheckboxField name="is_decorative" label={m.decorative} defaultChecked={decorative} />
        </>
      ) : null}
      <TextField {...field("source_url")} label={m.sourceUrl} hint={m.sourceUrlHint} type="url" optional />
      <DateField {...field("source_read_on")} label={m.sourceReadOn} hint={m.sourceReadOnHint} notFuture optional />
    </>
  );
}

export default function MediaLibrary() {
  const { library, loadError } = useLoaderData<typeof loader>();
  const files = library?.files ?? [];
  const state = useTableManager(files, mediaDetailsDefaults);
  const { manager, dialog, confirming, editing } = state;
  const { deleteId } = useManagerUrl();
  const home = section.path;
  const refusedDelete = failureOf(manager, ["delete"]);
  const deleteRequest = (row: LibraryRow): DeleteRequest => ({
    fields: { intent: "delete", id: String(row.id) },
    title: commonMessages.deleteTitle(m.what),
    prompt: m.confirmDelete,
    note: row.usedBy.length ? m.deleteInUseNote(row.usedBy.map((use) => use.label)) : m.deleteNote,
    name: `${row.title} (${row.filename})`,
  });
  const bulk = useBulk(true);
  useFocusSavedRow();
  const listParams: Record<string, string> = {
    ...(library?.query.search ? { q: library.query.search } : {}),
    ...(library?.query.kind ? { kind: library.query.kind } : {}),
  };
  const view = {
    params: listParams,
    q: library?.query.search || null,
    sort: "added",
    dir: "desc" as const,
    page: library?.page ?? 1,
    filters: listParams,
    filtered: Object.keys(listParams).length > 0,
  };
  const back = viewHref(home, view);
  const editFailure = failureOf(manager, ["update"]);
  const editValues = editFailure ? postedValues(editFailure.values, ["is_decorative"]) : toFormValues(editing ?? {});
  const editField = bindFields(editValues, editFailure?.fieldErrors);

  return (
    <ManagerPage section={section} formOpen={false} loadError={loadError} manager={manager} dialog={dialog}>
      {library ? <UploadSection manager={manager} limits={library.limits} /> : null}
      {editing ? (
        <TableManagerForm
          state={{ ...state, failure: editFailure }}
          home={back}
          addTitle={m.editTitle}
          editTitle={m.editTitle}
        >
          <p className="text-sm break-all text-slate-700">
            {editing.filename} ·{" "}
            <a href={editing.url} className={textLink}>
              {editing.url}
            </a>
          </p>
          <DetailFields field={editField} decorative={editValues.is_decorative === true} kind={editing.kind} />
        </TableManagerForm>
      ) : null}
      {confirming && deleteId !== null ? (
        <ConfirmDeletePanel manager={manager} request={deleteRequest(confirming)} cancelTo={back} />
      ) : null}
      {library ? (
        <BulkConfirmPanel
          manager={manager}
          list={mediaList}
          step={library.bulk}
          error={library.bulkError}
          name={(row) => row.name}
          cancelTo={back}
        />
      ) : null}
      {refusedDelete ? <InUse failure={refusedDelete as MediaInUse} inline={manager.inline} /> : null}
      {library ? (
        <section aria-label={m.table} className="space-y-4">
          <LibraryFilters query={library.query} />
          <LibraryCount library={library} />
          {files.length === 0 ? (
            <p className="rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center text-slate-600">
              {library.total === 0 && !library.query.search && !library.query.kind ? m.emptyLibrary : m.noMatch}
            </p>
          ) : (
            <BulkProvider selection={bulk}>
              <BulkBarWithSelectAll
                selection={bulk}
                home={home}
                list={mediaList}
                view={view}
                manager={manager}
                what="files"
                nameOf={(id) => files.find((file) => String(file.id) === id)?.title}
              />
              <LibraryGrid library={library} onDelete={(trigger, row) => dialog.open(trigger, deleteRequest(row))} />
            </BulkProvider>
          )}
        </section>
      ) : null}
    </ManagerPage>
  );
}

/** A refused delete: the places still using the file, each a link to where it is changed. */
function InUse({ failure, inline }: { failure: MediaInUse; inline: boolean }) {
  if (!failure.usedBy?.length)
    return inline && failure.formError ? <Notice tone="error">{failure.formError}</Notice> : null;
  return (
    <Notice tone="error">
      <p>{failure.formError}</p>
      <UsedByList uses={failure.usedBy} className="mt-2 list-disc space-y-1 pl-5" />
    </Notice>
  );
}
