import { useSyncExternalStore } from "react";
import { getServerToasts, getToasts, subscribe, toast, type Toast } from "~/lib/toast";

const styles: Record<Toast["type"], string> = {
  success: "border-emerald-600 bg-white text-slate-900",
  error: "border-red-600 bg-white text-slate-900",
  loading: "border-brand-600 bg-white text-slate-900",
  blank: "border-slate-300 bg-white text-slate-900",
  custom: "border-slate-300 bg-white text-slate-900",
};

const marks: Record<Toast["type"], string> = { success: "✓", error: "!", loading: "…", blank: "", custom: "" };

/** Toasts, top right (spec §2). Errors are announced assertively, the rest politely. */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribe, getToasts, getServerToasts);
  return (
    <div className="pointer-events-none fixed top-20 right-4 left-4 z-[60] flex flex-col items-end gap-2 sm:left-auto">
      <output aria-live="polite" className="contents">
        {toasts
          .filter((t) => t.type !== "error")
          .map((t) => (
            <ToastCard key={t.id} toast={t} />
          ))}
      </output>
      <div role="alert" aria-live="assertive" className="contents">
        {toasts
          .filter((t) => t.type === "error")
          .map((t) => (
            <ToastCard key={t.id} toast={t} />
          ))}
      </div>
    </div>
  );
}

function ToastCard({ toast: t }: { toast: Toast }) {
  return (
    <div
      data-toast-type={t.type}
      className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border-l-4 px-4 py-3 shadow-lg transition-opacity duration-300 ${styles[t.type]} ${t.visible ? "opacity-100" : "opacity-0"}`}
    >
      {marks[t.type] && (
        <span aria-hidden="true" className="font-bold">
          {marks[t.type]}
        </span>
      )}
      <p className="flex-1 text-sm font-medium">{t.message}</p>
      <button
        type="button"
        onClick={() => toast.dismiss(t.id)}
        className="-m-1 rounded p-1 text-slate-500 hover:text-slate-900"
        aria-label="Dismiss notification"
      >
        ×
      </button>
    </div>
  );
}
