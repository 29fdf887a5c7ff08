import type { PaperYear } from "~/db/queries/gate-papers.server";
import { derivedQualifyingMark, type QualifyingGroup } from "~/lib/gate/score";
import { storedMark } from "~/lib/gate/year-verdict";
import { paperYearAnchor } from "~/lib/gate/anchors";
import { cell, GateTable } from "./gate-table";
import { DerivedTag, NotYetAdded, SourceLink, VerifiedTag } from "./provenance";

// One paper's qualifying marks by year and category group (issue 24, /gate-cutoffs). The year's
// cell, always in view on a phone, says whether its figures are verified; the table scrolls
// sideways inside its own box on narrow screens.

const messages = {
  caption: (paper: string) => `GATE ${paper} qualifying marks out of 100, by year and category`,
  year: "Year",
  groups: { general: "General", obcEws: "OBC-NCL/EWS", scStPwd: "SC/ST/PwD" } satisfies Record<QualifyingGroup, string>,
  source: "Source",
  sourceOf: (paper: string, year: number) => `GATE ${paper} ${year} qualifying marks`,
} as const;

const groups = ["general", "obcEws", "scStPwd"] as const satisfies QualifyingGroup[];

function Mark({ year, group }: { year: PaperYear; group: QualifyingGroup }) {
  const value = storedMark(year, group);
  if (value !== null) return <span className="font-semibold">{value.toFixed(1)}</span>;
  if (year.qualifying_general === null) return <NotYetAdded what={messages.groups[group]} />;
  return (
    <>
      <span className="font-semibold">{derivedQualifyingMark(year.qualifying_general, group).toFixed(1)}</span>
      <DerivedTag />
    </>
  );
}

export function CutoffTable({ paper, years }: { paper: { code: string; name: string }; years: PaperYear[] }) {
  return (
    <GateTable
      caption={messages.caption(paper.code)}
      columns={[messages.year, ...groups.map((group) => messages.groups[group]), messages.source]}
    >
      {years.map((year) => {
        const hasFigures = year.qualifying_general !== null;
        return (
          <tr key={year.year} id={paperYearAnchor(paper.code, year.year)} className="scroll-mt-20">
            <th scope="row" className={`${cell} text-left font-semibold`}>
              {year.year}
              {year.institute ? <span className="block font-normal text-slate-600">{year.institute}</span> : null}
              {hasFigures ? <VerifiedTag verified={year.is_qualifying_verified} /> : null}
            </th>
            {groups.map((group) => (
              <td key={group} className={cell}>
                <Mark year={year} group={group} />
              </td>
            ))}
            <td className={cell}>
              {hasFigures ? (
                <SourceLink
                  url={year.qualifying_source_url}
                  context={messages.sourceOf(paper.code, year.year)}
                  retrievedOn={year.qualifying_retrieved_on}
                />
              ) : (
                <NotYetAdded />
              )}
            </td>
          </tr>
        );
      })}
    </GateTable>
  );
}
