import type { ReactNode } from "react";

/** What a list page shows when it has nothing (spec §2 empty texts, §8 failed loads). */
export function EmptyState({ title, message, icon }: { title?: string; message: string; icon?: ReactNode }) {
  return (
    <div className="mt-8 flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      {icon && <div className="mb-4 text-brand-700">{icon}</div>}
      {title && <h2 className="text-lg font-bold text-slate-900">{title}</h2>}
      <p className={`${title ? "mt-2" : ""} max-w-md text-slate-700`}>{message}</p>
    </div>
  );
}
