// A tiny toast store with the spec's limits (§9): at most 20 held; 4000 ms for blank, error and
// custom toasts, 2000 ms for success, loading until dismissed; a dismissed toast is removed from
// the store 1000 ms later (its exit transition).

export type ToastType = "blank" | "success" | "error" | "loading" | "custom";

export interface Toast {
  id: string;
  type: ToastType;
  message: string;
  /** ms; Infinity for loading toasts. */
  duration: number;
  visible: boolean;
  createdAt: number;
}

export const TOAST_LIMIT = 20;
export const REMOVE_DELAY_MS = 1000;
export const defaultDurations: Record<ToastType, number> = {
  blank: 4000,
  error: 4000,
  custom: 4000,
  success: 2000,
  loading: Infinity,
};

export function addToast(toasts: Toast[], toast: Toast): Toast[] {
  const rest = toasts.filter((t) => t.id !== toast.id);
  return [toast, ...rest].slice(0, TOAST_LIMIT);
}

export function dismissToast(toasts: Toast[], id?: string): Toast[] {
  return toasts.map((t) => (id === undefined || t.id === id ? { ...t, visible: false } : t));
}

export function removeToast(toasts: Toast[], id: string): Toast[] {
  return toasts.filter((t) => t.id !== id);
}

// --- the store used by <Toaster /> -------------------------------------------------------------

let state: Toast[] = [];
const listeners = new Set<() => void>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function set(next: Toast[]) {
  state = next;
  for (const listener of listeners) listener();
}

export function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts() {
  return state;
}

const serverSnapshot: Toast[] = [];
export function getServerToasts() {
  return serverSnapshot;
}

function schedule(id: string, ms: number, fn: () => void) {
  clearTimeout(timers.get(id));
  if (Number.isFinite(ms)) timers.set(id, setTimeout(fn, ms));
}

export function dismiss(id?: string) {
  set(dismissToast(state, id));
  for (const t of state) {
    if (id === undefined || t.id === id) {
      schedule(t.id, REMOVE_DELAY_MS, () => {
        timers.delete(t.id);
        set(removeToast(state, t.id));
      });
    }
  }
}

function create(type: ToastType, message: string, options: { id?: string; duration?: number } = {}) {
  const id = options.id ?? `t${++counter}`;
  const duration = options.duration ?? defaultDurations[type];
  set(addToast(state, { id, type, message, duration, visible: true, createdAt: Date.now() }));
  schedule(id, duration, () => dismiss(id));
  return id;
}

type Options = { id?: string; duration?: number };
export const toast = Object.assign((message: string, options?: Options) => create("blank", message, options), {
  success: (message: string, options?: Options) => create("success", message, options),
  error: (message: string, options?: Options) => create("error", message, options),
  loading: (message: string, options?: Options) => create("loading", message, options),
  custom: (message: string, options?: Options) => create("custom", message, options),
  dismiss,
});
