import type { ReactNode } from "react";

// The GATE pages' tables and sections (issue 24). A table scrolls sideways inside its own box on
// a narrow phone, never the page (relative, so that screen-reader-only text inside it is clipped
// with it rather than widening the page); its caption is for screen readers (the heading above says it to
// the eye; a visible one would scroll out of view). Not the managers' TableRegion: that module
// brings the admin messages into a visitor's first load (about 6 KiB gzip).

export const cell = "border-b border-slate-100 px-3 py-2 align-top text-slate-800";
const headCell = "border-b border-slate-200 bg-slate-50 px-3 py-2 text-left font-semibold text-slate-700";

const columnHeading = (column: string) => (
  <th key={column} scope="col" className={headCell}>
    {column}
  </th>
);

export function GateTable({ caption, columns, children }: { caption: string; columns: string[]; children: ReactNode }) {
  return (
    <section
      aria-label={caption}
      // Focusable, so keyboard users can scroll it too (WCAG 2.1.1; axe scrollable-region-focusable).
      // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className="relative mt-3 max-w-full overflow-x-auto rounded-xl border border-slate-200 bg-white"
    >
      <table className="w-full min-w-[36rem] text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>{columns.map(columnHeading)}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </section>
  );
}

/** A titled part of a GATE page; `id` names its heading. */
export function GateSection({
  id,
  title,
  level = "small",
  children,
}: {
  id: string;
  title: string;
  level?: "small" | "large";
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className={`${level === "large" ? "text-xl" : "text-lg"} mb-3 font-bold text-slate-900`}>
        {title}
      </h2>
      {children}
    </section>
  );
}
