import type { PreviousPaper } from "~/db/queries/gate-previous-papers.server";
import { NewTabLink } from "~/components/content/new-tab-link";
import { paperYearAnchor } from "~/lib/gate/anchors";
import { formatBytes } from "~/lib/media/format-size";
import type { PageDocument } from "~/lib/media/page-media.server";
import { safeHref } from "~/lib/safe-href";
import { GateSection } from "./gate-table";
import { NotYetAdded, SourceLink } from "./provenance";

// One paper's previous-year question papers and answer keys (issue 24, /previous-year): a link
// that opens the published file in a new tab, or plainly "Not yet added"; never a dead button.
// A file staff uploaded to the media library (issue 45) is served by this site: its link says its
// type and size, and where it was read and when, as every GATE figure does.

const messages = {
  year: (year: number) => `GATE ${year}`,
  questionPaper: "Question paper",
  answerKey: "Answer key",
  file: (label: string, document: PageDocument) => `${label} (${fileType(document)}, ${formatBytes(document.size)})`,
  linkContext: (what: string, paper: string, year: number) => `GATE ${paper} ${year} ${what.toLowerCase()}`,
  sourceContext: (paper: string, year: number) => `where the GATE ${paper} ${year} files were found`,
} as const;

const fileType = (document: PageDocument) =>
  document.mime === "application/pdf" ? "PDF" : (document.mime.split("/")[1] ?? "file").toUpperCase();

/** A year's row: its links, and the library's files they name. */
export type PreviousPaperYear = PreviousPaper & {
  question_paper?: PageDocument | null;
  answer_key?: PageDocument | null;
};

const linkLook =
  "inline-flex min-h-11 items-center gap-2 rounded-lg border border-brand-700 bg-white px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50";

function FileLink({
  url,
  file,
  label,
  context,
}: {
  url: string | null;
  file: PageDocument | null | undefined;
  label: string;
  context: string;
}) {
  const target = file?.href ?? safeHref(url);
  return (
    <div className="flex flex-wrap items-center gap-x-2">
      {target ? (
        <NewTabLink href={target} context={context} className={linkLook}>
          {file ? messages.file(label, file) : label}
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

/** Where a year's files were found: each library file's own source with the day it was read, else the row's. */
function sources(row: PreviousPaperYear) {
  const found: { url: string; retrievedOn: string | null }[] = [];
  for (const file of [row.question_paper, row.answer_key]) {
    if (file?.source_url && safeHref(file.source_url) && !found.some((s) => s.url === file.source_url))
      found.push({ url: file.source_url, retrievedOn: file.source_read_on });
  }
  if (found.length === 0 && safeHref(row.source_url)) found.push({ url: row.source_url!, retrievedOn: null });
  return found;
}

export function PreviousPaperList({
  paper,
  years,
}: {
  paper: { code: string; name: string };
  years: PreviousPaperYear[];
}) {
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
              file={row.question_paper}
              label={messages.questionPaper}
              context={messages.linkContext(messages.questionPaper, paper.code, row.year)}
            />
            <FileLink
              url={row.answer_key_url}
              file={row.answer_key}
              label={messages.answerKey}
              context={messages.linkContext(messages.answerKey, paper.code, row.year)}
            />
            {sources(row).map((source) => (
              <SourceLink
                key={source.url}
                url={source.url}
                retrievedOn={source.retrievedOn}
                context={messages.sourceContext(paper.code, row.year)}
              />
            ))}
          </li>
        ))}
      </ul>
    </GateSection>
  );
}
