import type { PreviousPaper } from "~/db/queries/gate-previous-papers.server";
import { NewTabLink } from "~/components/content/new-tab-link";
import { paperYearAnchor } from "~/lib/gate/anchors";
import { safeHref } from "~/lib/safe-href";
import { GateSection } from "./gate-table";
import { NotYetAdded, SourceLink } from "./provenance";

// One paper's previous-year question papers and answer keys (issue 24, /previous-year): a link
// that opens the published file in a new tab, or plainly "Not yet added"; never a dead button.

const messages = {
  year: (year: number) => `GATE ${year}`,
  questionPaper: "Question paper",
  answerKey: "Answer key",
  linkContext: (what: string, paper: string, year: number) => `GATE ${paper} ${year} ${what.toLowerCase()}`,
  sourceContext: (paper: string, year: number) => `where the GATE ${paper} ${year} files were found`,
} as const;

const linkLook =
  "inline-flex min-h-11 items-center gap-2 rounded-lg border border-brand-700 bg-white px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50";

function FileLink({ url, label, context }: { url: string | null; label: string; context: string }) {
  const target = safeHref(url);
  return (
    <div className="flex flex-wrap items-center gap-x-2">
      {target ? (
        <NewTabLink href={target} context={context} className={linkLook}>
          {label}
        </NewTabLink>
      ) : (
        <>
          <span className="text-sm font-medium text-slate-800">{label}:</span>
          <NotYetAdded what={context} />
        </>
      )}
    </div>
  );
}

export function PreviousPaperList({ paper, years }: { paper: { code: string; name: string }; years: PreviousPaper[] }) {
  return (
    <GateSection id={`papers-${paper.code}`} title={`${paper.name} (${paper.code})`} level="large">
      <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
        {years.map((row) => (
          <li
            key={row.year}
            id={paperYearAnchor(paper.code, row.year)}
            className="flex scroll-mt-20 flex-col gap-x-6 gap-y-1 px-4 py-3 sm:flex-row sm:flex-wrap sm:items-center"
          >
            <h3 className="font-semibold text-slate-900 sm:w-28">{messages.year(row.year)}</h3>
            <FileLink
              url={row.question_paper_url}
              label={messages.questionPaper}
              context={messages.linkContext(messages.questionPaper, paper.code, row.year)}
            />
            <FileLink
              url={row.answer_key_url}
              label={messages.answerKey}
              context={messages.linkContext(messages.answerKey, paper.code, row.year)}
            />
            {safeHref(row.source_url) ? (
              <SourceLink url={row.source_url} context={messages.sourceContext(paper.code, row.year)} />
            ) : null}
          </li>
        ))}
      </ul>
    </GateSection>
  );
}
