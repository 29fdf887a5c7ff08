import { useEffect, useId, useRef, useState, useSyncExternalStore } from "react";
import { useBlocker, useLocation, type Blocker } from "react-router";
import { formatIstTime } from "~/core/ist";
import {
  changesFor,
  draftKey,
  parseDraft,
  sameSnapshot,
  serializeDraft,
  snapshotOf,
  type ControlLike,
  type FormSnapshot,
} from "~/lib/admin/form-drafts";
import { unsavedWorkMessages as w } from "~/lib/admin/messages/unsaved-work";
import { adminPaths } from "~/lib/auth/config";
import type { FormFailure } from "~/lib/forms/submission";
import { SUBMIT_TOKEN_FIELD } from "~/lib/forms/submit-token";
import { toast } from "~/lib/toast";
import { AlertDialog } from "./alert-dialog";
import { keptFormOf } from "./kept-failure";
import type { Manager } from "./manager-state";
import { Notice } from "./notice";
import { dangerButton, secondaryButton, smallSecondary } from "./styles";

// Issue 48 "No lost work", in the browser. Each admin form that edits content carries
// <UnsavedWork> (ManagerForm does it for every manager; the one-form pages and the leads' notes
// add it): it watches the form's fields, keeps what is typed as a draft in localStorage (keyed by
// the page and the item: ~/lib/admin/form-drafts.ts) until a save succeeds or the draft is
// discarded, brings a draft back when the form opens again, and says so. The admin layout's
// <UnsavedWorkGuard> warns before leaving while any form has unsaved changes: a dialog for a
// link inside the panel (React Router's blocker), the browser's own prompt for closing or
// reloading the tab. A clean form never warns, nor does the form's own Cancel (it discards). Passwords, files and hidden fields are never kept.
// Without JavaScript none of this runs; the session-expiry path works anyway (the server keeps
// the form: ./kept-failure.ts).

// --- Which forms have unsaved changes (one store for the page: a router takes one blocker) ---

interface DirtyForm {
  /** Puts the form back as it was saved and drops its draft. */
  discard(): void;
}

const dirtyForms = new Map<symbol, DirtyForm>();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());
const anyDirty = () => dirtyForms.size > 0;
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Set while the admin leaves through the dialog: a form unmounted then was not saved, whatever it sent. */
let leavingByChoice = false;

function markDirty(id: symbol, form: DirtyForm | null) {
  const was = dirtyForms.has(id);
  if (form) dirtyForms.set(id, form);
  else dirtyForms.delete(id);
  if (was !== (form !== null)) emit();
}

// --- A form's fields, read and written through the DOM (the fields are the form kit's) ---

type Control = ControlLike & { element: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement };

function controlsOf(form: HTMLFormElement): Control[] {
  const controls: Control[] = [];
  for (const element of Array.from(form.elements)) {
    if (
      !(element instanceof HTMLInputElement) &&
      !(element instanceof HTMLTextAreaElement) &&
      !(element instanceof HTMLSelectElement)
    )
      continue;
    if (!element.name || element.disabled) continue;
    controls.push({
      element,
      name: element.name,
      type: element.type,
      value: element.value,
      checked: element instanceof HTMLInputElement ? element.checked : false,
      selected:
        element instanceof HTMLSelectElement && element.multiple
          ? Array.from(element.selectedOptions, (option) => option.value)
          : undefined,
    });
  }
  return controls;
}

/** The form's identity for its draft's key: its hidden fields, the one-time token left out. */
function hiddenFields(form: HTMLFormElement): [string, string][] {
  return Array.from(form.querySelectorAll<HTMLInputElement>("input[type=hidden][name]"), (input) => [
    input.name,
    input.value,
  ]);
}

/**
 * Writes values into the fields as typing would, so that fields React controls (the media field,
 * the question editor's type) follow: the native setter, then input and change events.
 */
function applySnapshot(form: HTMLFormElement, values: FormSnapshot) {
  for (const change of changesFor(controlsOf(form), values)) {
    const { element } = change.control;
    if (change.checked !== undefined && element instanceof HTMLInputElement) {
      // A click toggles it and fires the events React listens to for checkboxes and radios.
      if (element.checked !== change.checked) element.click();
      continue;
    }
    if (change.selected && element instanceof HTMLSelectElement) {
      for (const option of Array.from(element.options)) option.selected = change.selected.includes(option.value);
    } else if (change.value !== undefined) {
      const prototype = Object.getPrototypeOf(element) as object;
      Object.getOwnPropertyDescriptor(prototype, "value")?.set?.call(element, change.value);
    }
    element.dispatchEvent(new Event("input", { bubbles: true }));
    element.dispatchEvent(new Event("change", { bubbles: true }));
  }
}

function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string | null) {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage full or refused (private mode): the warning before leaving still works.
  }
}

/**
 * On a form's Cancel link: cancelling is the admin's own "discard", so it closes the form without
 * asking and drops the draft.
 */
export const DISCARDS_DRAFT = { "data-discards-draft": "" } as const;

/** Quiet time after typing before the draft is written. */
const WRITE_DELAY_MS = 250;

/** The draft and unsaved state of one form, for as long as it is on the page. */
class FormWatch {
  private readonly id = Symbol("form");
  private readonly key: string;
  /** What the form held when it opened: what is saved (or, for a refused or kept form, what was posted). */
  private baseline: FormSnapshot;
  /** The form shows values that were never saved (a refused or kept submission): unsaved until saved. */
  private unsavedFromStart: boolean;
  private dirty = false;
  /** What the stored draft holds, so an unchanged form is not written again (and keeps its time). */
  private written: FormSnapshot | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private submitting = false;
  private disposed = false;

  constructor(
    private readonly form: HTMLFormElement,
    pathname: string,
    unsavedFromStart: boolean,
    private readonly onRestored: (savedAt: string | null) => void,
  ) {
    this.key = draftKey(pathname, hiddenFields(form), [SUBMIT_TOKEN_FIELD]);
    this.baseline = this.snapshot();
    this.unsavedFromStart = unsavedFromStart;
    form.addEventListener("input", this.onEdit);
    form.addEventListener("change", this.onEdit);
    form.addEventListener("submit", this.onSubmit);
    form.addEventListener("click", this.onClick);
    window.addEventListener("pagehide", this.flush);
    if (unsavedFromStart) {
      this.update();
      return;
    }
    const draft = parseDraft(readStorage(this.key));
    if (!draft || sameSnapshot(draft.values, this.baseline)) {
      this.drop();
      return;
    }
    this.written = draft.values;
    applySnapshot(form, draft.values);
    // A field that depends on another (a topic list on its subject) is drawn anew: once more.
    setTimeout(() => {
      if (form.isConnected) applySnapshot(form, draft.values);
      this.update();
    }, 0);
    this.update();
    onRestored(draft.savedAt);
  }

  private snapshot() {
    return snapshotOf(controlsOf(this.form));
  }

  private readonly onEdit = () => {
    if (this.submitting) return;
    this.update();
  };

  /** Cancel: before the link's navigation (React's handler runs after this one), the form is clean. */
  private readonly onClick = (event: MouseEvent) => {
    if (!(event.target instanceof Element) || !event.target.closest("[data-discards-draft]")) return;
    this.clean();
  };

  private readonly onSubmit = () => {
    // Sent, and unsaved until the answer says otherwise (saved / refused): the draft is written now.
    clearTimeout(this.timer);
    this.flush();
    this.submitting = true;
  };

  /** Compares with what is saved: marks the form dirty (and writes the draft soon) or clean (and drops it). */
  private update() {
    if (this.disposed) return;
    const dirty = this.unsavedFromStart || !sameSnapshot(this.snapshot(), this.baseline);
    this.dirty = dirty;
    markDirty(this.id, dirty ? { discard: () => this.discard() } : null);
    clearTimeout(this.timer);
    if (dirty) this.timer = setTimeout(this.flush, WRITE_DELAY_MS);
    else this.drop();
  }

  readonly flush = () => {
    clearTimeout(this.timer);
    if (!this.dirty) return;
    const values = this.snapshot();
    if (this.written && sameSnapshot(values, this.written)) return;
    writeStorage(this.key, serializeDraft(values));
    this.written = values;
  };

  private drop() {
    writeStorage(this.key, null);
    this.written = null;
  }

  /** Nothing unsaved any more (saved, cancelled or discarded): not dirty, no draft, no pending write. */
  private clean() {
    this.unsavedFromStart = false;
    clearTimeout(this.timer);
    this.dirty = false;
    this.drop();
    markDirty(this.id, null);
  }

  /** The save was refused: the values are still unsaved. */
  refused() {
    this.submitting = false;
    this.update();
  }

  /** The save succeeded: the draft goes, and what the form holds now is what is saved. */
  saved() {
    this.submitting = false;
    this.clean();
    if (this.form.isConnected) this.baseline = this.snapshot();
    this.onRestored(null);
  }

  /** Back to what is saved; the draft goes. */
  discard() {
    // Clean after the restore: its input events may mark the form dirty on the way.
    applySnapshot(this.form, this.baseline);
    this.clean();
    this.onRestored(null);
  }

  dispose() {
    this.flush();
    this.disposed = true;
    clearTimeout(this.timer);
    markDirty(this.id, null);
    this.form.removeEventListener("input", this.onEdit);
    this.form.removeEventListener("change", this.onEdit);
    this.form.removeEventListener("submit", this.onSubmit);
    this.form.removeEventListener("click", this.onClick);
    window.removeEventListener("pagehide", this.flush);
  }
}

/** The sign-in screens: a form whose answer lands there was not saved (the session had ended). */
const onSignInScreen = () => window.location.pathname.startsWith(adminPaths.login);

/**
 * Put inside an admin form (first, before its fields): keeps the form's draft, marks it unsaved
 * for the warning before leaving, and shows the notices: a draft brought back (with 'Discard
 * draft'), or a form kept on the server across a sign-in. `failure` is the form's refusal, as its
 * page computes it; `manager` gives the fetcher the form posts through, whose answer says whether
 * the save succeeded.
 */
export function UnsavedWork({ manager, failure }: { manager: Manager; failure?: FormFailure }) {
  const anchor = useRef<HTMLInputElement>(null);
  const watch = useRef<FormWatch | null>(null);
  const { pathname } = useLocation();
  const [restoredAt, setRestoredAt] = useState<string | null>(null);
  const kept = keptFormOf(failure);
  const { fetcher } = manager;
  // This form's submission, from its submit to the answer: the fetcher's answer before it, so that
  // a new refusal is told from the old one a redirect leaves in place.
  const sent = useRef<{ before: unknown } | null>(null);
  const fetcherRef = useRef(fetcher);
  fetcherRef.current = fetcher;

  const settle = () => {
    const current = watch.current;
    sent.current = null;
    if (!current) return;
    if (onSignInScreen()) current.refused();
    else current.saved();
  };

  useEffect(() => {
    const form = anchor.current?.form;
    if (!form) return;
    const current = new FormWatch(form, pathname, failure !== undefined, setRestoredAt);
    watch.current = current;
    const onSubmit = () => {
      sent.current = { before: fetcherRef.current.data };
    };
    form.addEventListener("submit", onSubmit);
    return () => {
      form.removeEventListener("submit", onSubmit);
      // Sent and now gone, not by the admin's choice: the save's redirect closed the form (React
      // may fold the fetcher's last states into this very render). Saved, unless it went to sign in.
      if (sent.current && !leavingByChoice) settle();
      current.dispose();
      watch.current = null;
    };
    // Once per form: a manager's form is a new element for each item it opens.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const submission = sent.current;
    if (!submission || fetcher.state === "submitting") return;
    if (fetcher.data !== submission.before && fetcher.data?.ok === false) {
      sent.current = null;
      watch.current?.refused();
      return;
    }
    if (fetcher.state === "idle") settle();
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data]);

  return (
    <>
      <input ref={anchor} type="hidden" disabled />
      {kept ? (
        <Notice tone="info">
          {w.kept}
          {kept.filesLeftOut ? ` ${w.filesLeftOut}` : null}
        </Notice>
      ) : null}
      {restoredAt && !kept ? (
        <div className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-950">
          <output className="block">
            <span className="font-semibold">{w.restored(formatIstTime(restoredAt))}</span> {w.restoredHint}
          </output>
          <button
            type="button"
            className={`${smallSecondary} mt-2`}
            onClick={() => {
              watch.current?.discard();
              toast.success(w.draftDiscarded);
            }}
          >
            {w.discardDraft}
          </button>
        </div>
      ) : null}
    </>
  );
}

/**
 * In the admin layout, once: while any form has unsaved changes, a link inside the panel asks
 * first (Stay, Leave with the draft kept, or Discard and leave), and closing or reloading the tab
 * gets the browser's own prompt.
 */
export function UnsavedWorkGuard() {
  const dirty = useSyncExternalStore(subscribe, anyDirty, () => false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      anyDirty() &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);
  return <LeaveDialog blocker={blocker} />;
}

/** The question before leaving, a modal alert dialog (as the delete confirmation): focus starts on Stay. */
function LeaveDialog({ blocker }: { blocker: Blocker }) {
  const ref = useRef<HTMLDialogElement>(null);
  const stayRef = useRef<HTMLButtonElement>(null);
  const returnTo = useRef<Element | null>(null);
  const titleId = useId();
  const textId = useId();
  const blocked = blocker.state === "blocked";
  const unblocked = blocker.state === "unblocked";
  useEffect(() => {
    // The navigation chosen in the dialog is over: the forms it closed have been put away first.
    if (unblocked) leavingByChoice = false;
  }, [unblocked]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (blocked && !dialog.open) {
      returnTo.current = document.activeElement;
      dialog.showModal();
      stayRef.current?.focus();
    } else if (!blocked && dialog.open) dialog.close();
  }, [blocked]);

  const stay = () => {
    if (blocker.state === "blocked") blocker.reset();
    ref.current?.close();
    if (returnTo.current instanceof HTMLElement) returnTo.current.focus();
  };
  const leave = (discard: boolean) => {
    if (blocker.state !== "blocked") return;
    if (discard) for (const form of Array.from(dirtyForms.values())) form.discard();
    leavingByChoice = true;
    blocker.proceed();
  };

  return (
    <AlertDialog
      ref={ref}
      labelledBy={titleId}
      describedBy={textId}
      onCancel={(event) => {
        event.preventDefault();
        stay();
      }}
    >
      {blocked ? (
        <>
          <h2 id={titleId} className="text-lg font-bold text-slate-900">
            {w.leaveTitle}
          </h2>
          <p id={textId} className="mt-2 text-slate-700">
            {w.leaveText}
          </p>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <button ref={stayRef} type="button" onClick={stay} className={secondaryButton}>
              {w.stay}
            </button>
            <button type="button" onClick={() => leave(false)} className={secondaryButton}>
              {w.leave}
            </button>
            <button type="button" onClick={() => leave(true)} className={dangerButton}>
              {w.discardAndLeave}
            </button>
          </div>
        </>
      ) : null}
    </AlertDialog>
  );
}
