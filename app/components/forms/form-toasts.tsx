import { useSyncExternalStore, type ComponentType } from "react";
import type { ToastType } from "~/lib/toast";

// The visitor forms' toasts (spec §8) come with a form's first focus, not with the page (issue 6,
// first-load JS): the toast store and the toaster load then, and <FormToaster/> mounts its live
// regions before the form can have an answer to announce. Should the download fail, the forms
// show a success in the form itself (useVisitorForm's `bannerStatus`), so no answer goes unseen.

const loadModules = () => Promise.all([import("~/components/ui/toaster"), import("~/lib/toast")]);
type Modules = Awaited<ReturnType<typeof loadModules>>;

interface ToastsState {
  /** The toaster, once its module is here. */
  Toaster?: ComponentType;
  /** The last download failed (it is tried again on the next use). */
  failed: boolean;
}

const serverState: ToastsState = { failed: false };
let state = serverState;
let loading: Promise<Modules> | undefined;
const listeners = new Set<() => void>();

function update(next: Partial<ToastsState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Loads the toast store and the toaster (once; again after a failed download). */
export function loadFormToasts(): Promise<Modules> {
  loading ??= loadModules().then(
    (modules) => {
      update({ Toaster: modules[0].Toaster, failed: false });
      return modules;
    },
    (error: unknown) => {
      loading = undefined;
      update({ failed: true });
      throw error;
    },
  );
  return loading;
}

const useToastsState = () =>
  useSyncExternalStore(
    subscribe,
    () => state,
    () => serverState,
  );

/** Whether the toasts could not be downloaded: the forms then show their success inline. */
export const useFormToastsFailed = () => useToastsState().failed;

/** The toaster of a page with visitor forms, from the first use of one of them on. */
export function FormToaster() {
  const { Toaster } = useToastsState();
  return Toaster ? <Toaster /> : null;
}

type Options = { duration?: number };
const show = (type: Extract<ToastType, "success" | "error">) => (message: string, options?: Options) =>
  void loadFormToasts().then(
    ([, { toast }]) => toast[type](message, options),
    () => undefined,
  );

/** Toasts for the visitor forms, shown as soon as the toaster is there (usually already). */
export const notify = { success: show("success"), error: show("error") };
