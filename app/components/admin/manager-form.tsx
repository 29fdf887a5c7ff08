import { useEffect, useRef, type ReactNode, type RefObject } from "react";
import { Link, useRouteLoaderData } from "react-router";
import { SubmitButton } from "~/components/forms/fields";
import { useHydrated } from "~/components/layout/use-hydrated";
import { commonMessages } from "~/lib/admin/messages/common";
import type { FormFailure } from "~/lib/forms/submission";
import { SUBMIT_TOKEN_FIELD } from "~/lib/forms/submit-token";
import type { Manager } from "./manager-state";
import { Notice } from "./notice";
import { Panel } from "./panel";
import { secondaryButton } from "./styles";
import { DISCARDS_DRAFT, UnsavedWork } from "./unsaved-work";

// A manager's add/edit form: a heading, the refusal when it must show in the page, the fields
// (the form kit's), the submit button and Cancel back to the list. Every one keeps a draft and
// warns before its unsaved changes are left (issue 48, ./unsaved-work.tsx).

const mm = commonMessages;

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
export function useFocusFirstInvalid(form: RefObject<HTMLFormElement | null>, failure: FormFailure | undefined) {
  useEffect(() => {
    if (!failure || !Object.keys(failure.fieldErrors).length) return;
    form.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
  }, [failure, form]);
}

/** The refusal in the page, where toasts are unavailable (before hydration). */
export function InlineFailure({ manager, failure }: { manager: Manager; failure?: FormFailure }) {
  return failure?.formError && manager.inline ? (
    <div className="mt-3">
      <Notice tone="error">{failure.formError}</Notice>
    </div>
  ) : null;
}

/**
 * The add/edit form of a manager: a heading, the fields, the submit button (its label, or
 * 'Saving...' while busy) and Cancel back to the list, which closes the form (and drops its draft).
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
  multipart = false,
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
  failure?: FormFailure;
  /** The form has a file input (a picture or document field's upload in place, issue 45). */
  multipart?: boolean;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const { fetcher } = manager;
  useFocusFirstInvalid(formRef, fetcher.data?.ok === false ? failure : undefined);
  // Opened by a click on a live page (Add, Edit): the first field takes focus. A page loaded
  // with the form open (no JavaScript, or a reload) keeps the browser's own focus.
  const openedLive = useRef(hydrated);
  useEffect(() => {
    if (openedLive.current)
      formRef.current?.querySelector<HTMLElement>("input:not([type=hidden]), select, textarea")?.focus();
  }, []);

  return (
    <Panel heading={title}>
      <InlineFailure manager={manager} failure={failure} />
      <fetcher.Form
        ref={formRef}
        method="post"
        encType={multipart ? "multipart/form-data" : undefined}
        noValidate={hydrated}
        className="mt-4 space-y-4"
      >
        <input type="hidden" name="intent" value={intent} />
        {id !== undefined ? <input type="hidden" name="id" value={id} /> : null}
        {intent === "create" ? <SubmitTokenField /> : null}
        {Object.entries(hidden ?? {}).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <UnsavedWork manager={manager} failure={failure} />
        {children}
        <div className="flex flex-wrap gap-3 pt-1">
          <SubmitButton label={submitLabel} pendingLabel={mm.saving} pending={manager.busyIntent === intent} />
          <Link to={cancelTo} className={secondaryButton} {...DISCARDS_DRAFT}>
            {mm.cancel}
          </Link>
        </div>
      </fetcher.Form>
    </Panel>
  );
}

/** The add/edit form of a one-table manager: 'Create' for a new row, 'Update' for an edit. */
export function TableManagerForm({
  state,
  home,
  addTitle,
  editTitle,
  multipart,
  children,
}: {
  /** From useTableManager. */
  state: { manager: Manager; editing?: { id: number }; failure?: FormFailure };
  home: string;
  addTitle: string;
  editTitle: string;
  /** The form has a file input (issue 45). */
  multipart?: boolean;
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
      multipart={multipart}
    >
      {children}
    </ManagerForm>
  );
}
