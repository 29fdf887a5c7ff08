import { useId, useRef, useState, type RefObject } from "react";
import { SubmitButton } from "~/components/forms/fields";
import { commonMessages } from "~/lib/admin/messages/common";
import { AlertDialog, ConfirmDialogActions, useAlertDialog } from "./alert-dialog";
import { ConfirmStepForm } from "./confirm-step";
import type { Manager } from "./manager-state";
import { dangerButton } from "./styles";

// Confirming a delete with the spec's prompt (§5): a modal dialog once the page is live, a step
// of its own (?delete=12) without JavaScript.

const mm = commonMessages;

export interface DeleteRequest {
  /** The hidden fields of the delete form: intent=delete, id, and level on the free-tests page. */
  fields: Record<string, string>;
  /** 'Delete job alert' */
  title: string;
  /** The spec's prompt, verbatim. */
  prompt: string;
  /** What goes with it (free-tests parents). */
  note?: string;
  /** It goes to the trash, restorable; else it is gone for good. The confirmation says which. */
  restorable?: boolean;
  /** The row's name, so the admin sees which one. */
  name: string;
}

function DeleteText({ request, promptId }: { request: DeleteRequest; promptId: string }) {
  return (
    <div id={promptId} className="mt-2 space-y-2 text-slate-700">
      <p className="font-medium text-slate-900">{request.prompt}</p>
      <p className="break-words">{request.name}</p>
      {request.note ? <p className="font-medium text-red-800">{request.note}</p> : null}
      <p className="text-sm">{request.restorable ? mm.restorable : mm.permanent}</p>
    </div>
  );
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
  const busy = manager.busyIntent === "delete";
  const { ref, cancelRef } = useAlertDialog(request !== null, busy);
  const titleId = useId();
  const promptId = useId();

  return (
    <AlertDialog
      ref={ref}
      labelledBy={titleId}
      describedBy={promptId}
      onClose={() => {
        onClose();
        returnFocusTo.current?.focus();
      }}
    >
      {request ? (
        <>
          <h2 id={titleId} className="text-lg font-bold text-slate-900">
            {request.title}
          </h2>
          <DeleteText request={request} promptId={promptId} />
          <ConfirmDialogActions
            dialogRef={ref}
            cancelRef={cancelRef}
            busy={busy}
            label={busy ? mm.deleting : mm.delete}
            look={dangerButton}
            onConfirm={() => void manager.fetcher.submit(request.fields, { method: "post" })}
          />
        </>
      ) : null}
    </AlertDialog>
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
      <ConfirmStepForm manager={manager} fields={request.fields} cancelTo={cancelTo}>
        <SubmitButton
          label={mm.delete}
          pendingLabel={mm.deleting}
          pending={manager.busyIntent === "delete"}
          look={dangerButton}
        />
      </ConfirmStepForm>
    </section>
  );
}
