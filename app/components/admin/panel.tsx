import type { ReactNode } from "react";
import { HeadedSection } from "~/components/ui/headed-section";

/** A white box of an admin screen (a form, a list, an import), named by its heading. */
export function Panel({ heading, children }: { heading: ReactNode; children: ReactNode }) {
  return (
    <HeadedSection
      heading={heading}
      headingClassName="text-lg font-semibold text-slate-900"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      {children}
    </HeadedSection>
  );
}
