import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from "react";
import { useActionData, useFetcher, useLocation, useRouteLoaderData, type FetcherWithComponents } from "react-router";
import { Link } from "~/components/ui/link";
import { inputClass, Notice, primaryButton, secondaryButton, useToast } from "~/components/admin/auth-ui";
import { SectionHeader } from "~/components/admin/section-header";
import type { AdminSection } from "~/components/admin/sections";
import { useHydrated } from "~/components/layout/use-hydrated";
import { adminMessages } from "~/lib/admin/messages";
import type { FieldErrors } from "~/lib/schemas/fields";
import { SUBMIT_TOKEN_FIELD } from "~/lib/submit-token";
import { managerMessages as mm } from "./manager-messages";

// The pieces every manager is built from (issue 5 "Common behaviour"). Forms are real
// <form method="post"> elements with an `intent` field, so each manager works without
// JavaScript; once hydrated they post through a fetcher (no reload), failures become toasts and
// deletes ask in a dialog. Add, edit and the no-JavaScript delete confirmation are URL states
// (?new=1, ?edit=12, ?delete=12), so each is a plain link.

/** The refusal a manager's action answers (see ~/lib/admin/manager-actions.server.ts). */
export interface ManagerFailure {
  ok: false;
  intent: string;
  level?: string;
  message: string;
  fieldErrors: FieldErrors;
  values: Record<string, string>;
}

export type ManagerFetcher = FetcherWithComponents<ManagerFailure | undefined>;

export const dangerButton =
  "inline-flex min-h-11 items-center justify-center rounded-lg bg-red-700 px-5 py-2 font-semibold text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-70";

const smallButton =
  "inline-flex min-h-10 items-center justify-center rounded-lg border px-3 py-1.5 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-40";
export const smallSecondary = `${smallButton} border-slate-300 bg-white text-slate-800 hover:bg-slate-100`;
export const smallDanger = `${smallButton} border-red-200 bg-white text-red-700 hover:bg-red-50`;

/**
 * The manager's fetcher and the last refusal, from the fetcher (with JavaScript) or from the
 * page's own POST (without). A refusal is toasted once the page is live; `inline` says when it
 * must show in the page instead.
 */
export function useManager() {
  const fetcher = useFetcher<ManagerFailure>() as ManagerFetcher;
  const posted = useActionData() as ManagerFailure | undefined;
  const failure = fetcher.data ?? posted;
  const inline = useToast(failure, failure?.message, "error");
  const busyIntent = fetcher.state === "idle" ? null : String(fetcher.formData?.get("intent") ?? "");
  return { fetcher, failure: failure?.ok === false ? failure : undefined, inline, busyIntent };
}

export type Manager = ReturnType<typeof useManager>;

/** The refusal of this form (its intent, and its level on the free-tests page), if any. */
export function failureOf(manager: Manager, intents: string[], level?: string) {
  const failure = manager.failure;
  if (!failure || !intents.includes(failure.intent)) return undefined;
  if (level !== undefined && failure.level !== level) return undefined;
  return failure;
}

/** Form values as the fields want them: strings, and booleans for checkboxes. */
export type FormValues = Record<string, string | boolean>;

/** A row (or a defaults object) as form values; null becomes "", nested lists are left out. */
export function toFormValues(row: object): FormValues {
  const values: FormValues = {};
  for (const [key, value] of Object.entries(row)) {
    if (typeof value === "boolean") values[key] = value;
    else if (value === null || value === undefined) values[key] = "";
    else if (typeof value !== "object") values[key] = String(value);
  }
  return values;
}

/**
 * What a refused POST had in it, to fill the form again: the typed text, and each checkbox as
 * posted (an unchecked box posts nothing).
 */
export function postedValues(values: Record<string, string>, checkboxes: string[]): FormValues {
  const form: FormValues = { ...values };
  for (const name of checkboxes) form[name] = values[name] !== undefined;
  return form;
}

const textOf = (value: string | boolean | undefined) => (typeof value === "string" ? value : "");

function useFieldIds(name: string, error?: string, hint?: string) {
  const id = `${useId()}-${name}`;
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return { id, describedBy: describedBy || undefined };
}

function Label({ htmlFor, label, optional }: { htmlFor: string; label: string; optional?: boolean }) {
  return (
    <label htmlFor={htmlFor} className="font-medium text-slate-900">
      {label}
      {optional ? <span className="font-normal text-slate-600"> ({mm.optional})</span> : null}
    </label>
  );
}

function HintAndError({ id, hint, error }: { id: string; hint?: string; error?: string }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </>
  );
}

interface FieldProps {
  name: string;
  label: string;
  values: FormValues;
  errors?: FieldErrors;
  hint?: string;
  optional?: boolean;
}

export function TextField({
  type = "text",
  inputMode,
  onInput,
  ...props
}: FieldProps & {
  type?: "text" | "url" | "number";
  inputMode?: "numeric" | "url";
  onInput?: (value: string) => void;
}) {
  const error = props.errors?.[props.name];
  const { id, describedBy } = useFieldIds(props.name, error, props.hint);
  return (
    <div>
      <Label htmlFor={id} label={props.label} optional={props.optional} />
      <input
        id={id}
        name={props.name}
        type={type}
        inputMode={inputMode}
        min={type === "number" ? 0 : undefined}
        required={!props.optional}
        defaultValue={textOf(props.values[props.name])}
        onInput={onInput ? (event) => onInput(event.currentTarget.value) : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={inputClass}
      />
      <HintAndError id={id} hint={props.hint} error={error} />
    </div>
  );
}

export function TextAreaField(props: FieldProps & { rows?: number }) {
  const error = props.errors?.[props.name];
  const { id, describedBy } = useFieldIds(props.name, error, props.hint);
  return (
    <div>
      <Label htmlFor={id} label={props.label} optional={props.optional} />
      <textarea
        id={id}
        name={props.name}
        rows={props.rows ?? 3}
        required={!props.optional}
        defaultValue={textOf(props.values[props.name])}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`${inputClass} resize-y`}
      />
      <HintAndError id={id} hint={props.hint} error={error} />
    </div>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

export function SelectField({
  placeholder,
  options,
  groups,
  ...props
}: FieldProps & {
  placeholder: string;
  options?: SelectOption[];
  groups?: { label: string; options: SelectOption[] }[];
}) {
  const error = props.errors?.[props.name];
  const { id, describedBy } = useFieldIds(props.name, error, props.hint);
  return (
    <div>
      <Label htmlFor={id} label={props.label} />
      <select
        id={id}
        name={props.name}
        required
        defaultValue={textOf(props.values[props.name])}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={inputClass}
      >
        <option value="">{placeholder}</option>
        {options?.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
        {groups?.map((group) => (
          <optgroup key={group.label} label={group.label}>
            {group.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      <HintAndError id={id} hint={props.hint} error={error} />
    </div>
  );
}

/** An HTML checkbox: checked posts "on", unchecked posts nothing (the schemas read it so). */
export function CheckboxField({ name, label, values }: { name: string; label: string; values: FormValues }) {
  const id = `${useId()}-${name}`;
  return (
    <div className="flex items-center gap-3">
      <input
        id={id}
        name={name}
        type="checkbox"
        defaultChecked={values[name] === true}
        className="size-5 rounded border-slate-400 text-brand-700 accent-brand-700"
      />
      <label htmlFor={id} className="font-medium text-slate-900">
        {label}
      </label>
    </div>
  );
}

/**
 * The one-time token the admin layout's loader renders for this page (issue 7 "Duplicate
 * submits"): a double click or a retried POST of a create carries the same token, and the server
 * writes the row once. Each load of the page (and each write, which reloads it) brings a new one.
 */
export function SubmitTokenField() {
  const layout = useRouteLoaderData("routes/admin/layout") as { submitToken?: string } | undefined;
  return layout?.submitToken ? <input type="hidden" name={SUBMIT_TOKEN_FIELD} value={layout.submitToken} /> : null;
}

/** After a refused submit with JavaScript, focus goes to the first field marked invalid. */
function useFocusFirstInvalid(form: RefObject<HTMLFormElement | null>, failure: ManagerFailure | undefined) {
  useEffect(() => {
    if (!failure || !Object.keys(failure.fieldErrors).length) return;
    form.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
  }, [failure, form]);
}

/**
 * The add/edit form of a manager: a heading, the fields, the submit button (its label, or
 * 'Saving...' while busy) and Cancel back to the list, which closes the form.
 */
export function ManagerForm({
  manager,
  title,
  intent,
  id,
  hidden,
  submitLabel,
  cancelTo,
  failure,
  children,
}: {
  manager: Manager;
  title: string;
  intent: string;
  id?: number;
  /** Extra hidden fields, e.g. the free-tests level. */
  hidden?: Record<string, string>;
  submitLabel: string;
  cancelTo: string;
  failure?: ManagerFailure;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  const headingId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const { fetcher } = manager;
  const busy = manager.busyIntent === intent;
  useFocusFirstInvalid(formRef, fetcher.data?.ok === false ? failure : undefined);
  // Opened by a click on a live page (Add, Edit): the first field takes focus. A page loaded
  // with the form open (no JavaScript, or a reload) keeps the browser's own focus.
  const openedLive = useRef(hydrated);
  useEffect(() => {
    if (openedLive.current)
      formRef.current?.querySelector<HTMLElement>("input:not([type=hidden]), select, textarea")?.focus();
  }, []);

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {failure && manager.inline ? (
        <div className="mt-3">
          <Notice tone="error">{failure.message}</Notice>
        </div>
      ) : null}
      <fetcher.Form ref={formRef} method="post" noValidate={hydrated} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value={intent} />
        {id !== undefined ? <input type="hidden" name="id" value={id} /> : null}
        {intent === "create" ? <SubmitTokenField /> : null}
        {Object.entries(hidden ?? {}).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {children}
        <div className="flex flex-wrap gap-3 pt-1">
          <button type="submit" disabled={busy} className={primaryButton}>
            {busy ? mm.saving : submitLabel}
          </button>
          <Link to={cancelTo} className={secondaryButton}>
            {mm.cancel}
          </Link>
        </div>
      </fetcher.Form>
    </section>
  );
}

/** 'Active' or 'Inactive' (spec §2), in words, never colour alone. */
export function StatusBadge({ active }: { active: boolean }) {
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${
        active ? "bg-emerald-100 text-emerald-800" : "bg-slate-200 text-slate-700"
      }`}
    >
      {active ? adminMessages.common.active : adminMessages.common.inactive}
    </span>
  );
}

/**
 * A table that scrolls sideways inside its own box on narrow screens, never the page. The box
 * is a named, focusable region so keyboard users can scroll it too.
 */
export function TableRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section
      aria-label={label}
      // A scrollable region must be reachable by keyboard (WCAG 2.1.1; axe scrollable-region-focusable).
      // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className="max-w-full overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <table className="w-full min-w-[40rem] border-collapse text-left text-sm">{children}</table>
    </section>
  );
}

export const th = "border-b border-slate-200 bg-slate-50 px-4 py-3 font-semibold text-slate-700";
export const td = "border-b border-slate-100 px-4 py-3 align-top text-slate-800";

/** The list's placeholder row: empty, or the load failure. */
export function EmptyRow({ colSpan, text }: { colSpan: number; text: string }) {
  return (
    <tr>
      <td colSpan={colSpan} className="px-4 py-6 text-center text-slate-600">
        {text}
      </td>
    </tr>
  );
}

/** The load-failure message: a toast once live, in the page without JavaScript. */
export function LoadFailure({ message }: { message: string | null }) {
  const inline = useToast(message, message ?? undefined, "error");
  return message && inline ? <Notice tone="error">{message}</Notice> : null;
}

const context = (label: string) => <span className="sr-only"> {label}</span>;

/**
 * Edit and Delete of one row. Edit is a link to the edit state. Delete is a link to the
 * confirmation step without JavaScript, and a button opening the confirm dialog with it.
 */
export function RowActions({
  name,
  editHref,
  deleteHref,
  onDelete,
}: {
  name: string;
  editHref: string;
  deleteHref: string;
  onDelete: (trigger: HTMLElement) => void;
}) {
  const hydrated = useHydrated();
  return (
    <div className="flex gap-2">
      <Link to={editHref} className={smallSecondary}>
        {mm.edit}
        {context(name)}
      </Link>
      {hydrated ? (
        <button type="button" onClick={(event) => onDelete(event.currentTarget)} className={smallDanger}>
          {mm.delete}
          {context(name)}
        </button>
      ) : (
        <Link to={deleteHref} className={smallDanger}>
          {mm.delete}
          {context(name)}
        </Link>
      )}
    </div>
  );
}

export interface DeleteRequest {
  /** The hidden fields of the delete form: intent=delete, id, and level on the free-tests page. */
  fields: Record<string, string>;
  /** 'Delete job alert' */
  title: string;
  /** The spec's prompt, verbatim. */
  prompt: string;
  /** What goes with it (free-tests parents). */
  note?: string;
  /** The row's name, so the admin sees which one. */
  name: string;
}

function DeleteText({ request, promptId }: { request: DeleteRequest; promptId: string }) {
  return (
    <div id={promptId} className="mt-2 space-y-2 text-slate-700">
      <p className="font-medium text-slate-900">{request.prompt}</p>
      <p className="break-words">{request.name}</p>
      {request.note ? <p className="font-medium text-red-800">{request.note}</p> : null}
    </div>
  );
}

/**
 * The delete confirmation as a modal alert dialog (WAI-ARIA alertdialog on the native <dialog>):
 * focus starts on Cancel; Cancel or Escape close it and nothing happens; focus then returns to
 * the Delete button that opened it.
 */
export function ConfirmDeleteDialog({
  manager,
  request,
  onClose,
  returnFocusTo,
}: {
  manager: Manager;
  request: DeleteRequest | null;
  onClose: () => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const promptId = useId();
  const busy = manager.busyIntent === "delete";

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (request && !dialog.open) {
      dialog.showModal();
      cancelRef.current?.focus();
    } else if (!request && dialog.open) dialog.close();
  }, [request]);

  // A refused delete closes the dialog; its toast says why.
  const failed = manager.fetcher.data?.ok === false && manager.fetcher.data.intent === "delete";
  useEffect(() => {
    if (failed && manager.fetcher.state === "idle") ref.current?.close();
  }, [failed, manager.fetcher.state]);

  return (
    <dialog
      ref={ref}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={promptId}
      onClose={() => {
        onClose();
        returnFocusTo.current?.focus();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl border-0 bg-white p-6 text-slate-900 shadow-2xl backdrop:bg-slate-900/60"
    >
      {request ? (
        <>
          <h2 id={titleId} className="text-lg font-bold text-slate-900">
            {request.title}
          </h2>
          <DeleteText request={request} promptId={promptId} />
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <button ref={cancelRef} type="button" onClick={() => ref.current?.close()} className={secondaryButton}>
              {mm.cancel}
            </button>
            <button
              type="button"
              disabled={busy}
              onClick={() => void manager.fetcher.submit(request.fields, { method: "post" })}
              className={dangerButton}
            >
              {busy ? mm.deleting : mm.delete}
            </button>
          </div>
        </>
      ) : null}
    </dialog>
  );
}

/** The confirmation as its own step (?delete=12), the path without JavaScript. */
export function ConfirmDeletePanel({
  manager,
  request,
  cancelTo,
}: {
  manager: Manager;
  request: DeleteRequest;
  cancelTo: string;
}) {
  const titleId = useId();
  const promptId = useId();
  const { fetcher } = manager;
  const busy = manager.busyIntent === "delete";
  return (
    <section
      aria-labelledby={titleId}
      aria-describedby={promptId}
      className="rounded-xl border border-red-200 bg-red-50/50 p-5"
    >
      <h2 id={titleId} className="text-lg font-bold text-slate-900">
        {request.title}
      </h2>
      <DeleteText request={request} promptId={promptId} />
      <fetcher.Form method="post" className="mt-5 flex flex-wrap gap-3">
        {Object.entries(request.fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" disabled={busy} className={dangerButton}>
          {busy ? mm.deleting : mm.delete}
        </button>
        <Link to={cancelTo} className={secondaryButton}>
          {mm.cancel}
        </Link>
      </fetcher.Form>
    </section>
  );
}

/** The state of a manager page, from its URL: ?new=1, ?edit=12, ?delete=12. */
export function readManagerUrl(url: URL) {
  const id = (name: string) => {
    const value = Number(url.searchParams.get(name));
    return Number.isInteger(value) && value > 0 ? value : null;
  };
  return { adding: url.searchParams.has("new"), editId: id("edit"), deleteId: id("delete") };
}

/** The URL state of the page being rendered. */
export function useManagerUrl() {
  const location = useLocation();
  return readManagerUrl(new URL(`http://local${location.pathname}${location.search}`));
}

/** Which row the confirm dialog asks about, and the button to return focus to. */
export function useDeleteDialog() {
  const [request, setRequest] = useState<DeleteRequest | null>(null);
  const trigger = useRef<HTMLElement | null>(null);
  return {
    request,
    trigger,
    open(from: HTMLElement, next: DeleteRequest) {
      trigger.current = from;
      setRequest(next);
    },
    close: () => setRequest(null),
  };
}

/**
 * The frame of a manager page: the section header with its Add link (hidden while a form is
 * open), the load failure, the page's own content, and the delete dialog.
 */
export function ManagerPage({
  section,
  addLabel,
  addHref = `${section.path}?new=1`,
  formOpen,
  loadError,
  manager,
  dialog,
  children,
}: {
  section: AdminSection;
  addLabel: string;
  addHref?: string;
  formOpen: boolean;
  loadError: string | null;
  manager: Manager;
  dialog: ReturnType<typeof useDeleteDialog>;
  children: ReactNode;
}) {
  return (
    <div className="space-y-6">
      <SectionHeader section={section}>
        {formOpen ? null : (
          <Link to={addHref} className={primaryButton}>
            {addLabel}
          </Link>
        )}
      </SectionHeader>
      <LoadFailure message={loadError} />
      {children}
      <ConfirmDeleteDialog
        manager={manager}
        request={dialog.request}
        onClose={dialog.close}
        returnFocusTo={dialog.trigger}
      />
    </div>
  );
}

/**
 * The state of a manager of one table: which row is edited (?edit=12) or confirmed for delete
 * (?delete=12), whether the form is open, and the values it starts from (the refused POST's, the
 * row's, or the defaults). `formRow` maps a row to its form fields where they differ.
 */
export function useTableManager<Row extends { id: number }>(
  rows: Row[],
  defaults: object,
  formRow: (row: Row) => object = (row) => row,
) {
  const { adding, editId, deleteId } = useManagerUrl();
  const manager = useManager();
  const dialog = useDeleteDialog();
  const editing = editId === null ? undefined : rows.find((row) => row.id === editId);
  const failure = failureOf(manager, ["create", "update"]);
  return {
    manager,
    dialog,
    editing,
    failure,
    open: adding || editing !== undefined || failure !== undefined,
    values: failure ? postedValues(failure.values, ["is_active"]) : toFormValues(editing ? formRow(editing) : defaults),
    confirming: deleteId === null ? undefined : rows.find((row) => row.id === deleteId),
  };
}

/** The add/edit form of a one-table manager: 'Create' for a new row, 'Update' for an edit. */
export function TableManagerForm({
  state,
  home,
  addTitle,
  editTitle,
  children,
}: {
  /** From useTableManager. */
  state: { manager: Manager; editing?: { id: number }; failure?: ManagerFailure };
  home: string;
  addTitle: string;
  editTitle: string;
  children: ReactNode;
}) {
  const { manager, editing, failure } = state;
  const intent = editing ? "update" : "create";
  return (
    <ManagerForm
      key={`${intent}-${editing?.id ?? "new"}`}
      manager={manager}
      title={editing ? editTitle : addTitle}
      intent={intent}
      id={editing?.id}
      submitLabel={editing ? mm.update : mm.create}
      cancelTo={home}
      failure={failure}
    >
      {children}
    </ManagerForm>
  );
}

/**
 * A manager's table: the given column headings then Status and Actions, the rows, and the
 * placeholder row when there are none (the load failure, or the empty text).
 */
export function ManagerTable({
  label,
  columns,
  empty,
  children,
}: {
  /** The table's name, e.g. 'Job alerts'. */
  label: string;
  columns: string[];
  /** The placeholder row's text, or null when there are rows. */
  empty: string | null;
  children: ReactNode;
}) {
  return (
    <TableRegion label={mm.tableRegion(label)}>
      <thead>
        <tr>
          {[...columns, mm.status, mm.actions].map((column) => (
            <th key={column} scope="col" className={th}>
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {empty === null ? null : <EmptyRow colSpan={columns.length + 2} text={empty} />}
        {children}
      </tbody>
    </TableRegion>
  );
}

/** The Status and Actions cells that end every row of a manager's table. */
export function StatusAndActionsCells({
  active,
  name,
  home,
  id,
  onDelete,
}: {
  active: boolean;
  /** The row's name for screen readers ('Edit <name>'). */
  name: string;
  home: string;
  id: number;
  onDelete: (trigger: HTMLElement) => void;
}) {
  return (
    <>
      <td className={td}>
        <StatusBadge active={active} />
      </td>
      <td className={td}>
        <RowActions
          name={name}
          editHref={`${home}?edit=${id}`}
          deleteHref={`${home}?delete=${id}`}
          onDelete={onDelete}
        />
      </td>
    </>
  );
}
