import type { ReactNode } from "react";
import type { AdminSection } from "~/lib/admin/sections";

/** The heading and one-line purpose of a dashboard section. */
export function SectionHeader({ section, children }: { section: AdminSection; children?: ReactNode }) {
  return (
    <header className="flex flex-wrap items-start justify-between gap-4 border-b border-slate-200 pb-4">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{section.title}</h1>
        <p className="mt-1 max-w-2xl text-slate-600">{section.description}</p>
      </div>
      {children}
    </header>
  );
}
