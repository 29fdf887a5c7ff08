import { href, Link } from "react-router";
import type { Route } from "./+types/previous-year";
import { ContentPage } from "~/components/content/page-header";
import { PreviousPaperList } from "~/components/gate/previous-paper-list";
import { staticPageMeta } from "~/components/static/page-meta";
import { listGatePapers } from "~/db/queries/gate-papers.server";
import { listPreviousPapers } from "~/db/queries/gate-previous-papers.server";
import { byPaper } from "~/lib/gate/by-paper";
import { loadPageDocuments } from "~/lib/media/page-media.server";
import { noScripts } from "~/lib/route-handle";
import { dbContext } from "~/lib/request-context";

const messages = {
  title: "Previous Year Papers",
  description:
    "GATE previous year question papers and answer keys, Chemical Engineering (CH) first, year by year, linked to the organising institute's published files.",
  intro:
    "GATE question papers and final answer keys as each year's organising institute published them, paper by paper. Solving them under exam conditions is the best way to learn the pattern and the level of the questions.",
  series: "Our GATE CH test series also includes previous-year tests with detailed solutions.",
  seriesLink: "See the test series",
  noPapers: "No previous-year papers are listed yet.",
} as const;

export const meta: Route.MetaFunction = ({ matches }) => staticPageMeta(matches, messages);

export async function loader({ context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const [gatePapers, rows] = await Promise.all([listGatePapers(db), listPreviousPapers(db)]);
  // Papers uploaded to the media library (issue 45): their size and source, in one query.
  const files = await loadPageDocuments(
    db,
    rows.flatMap((row) => [row.question_paper_url, row.answer_key_url]),
  );
  const file = (url: string | null) => (url ? (files[url] ?? null) : null);
  const years = rows.map((row) => ({
    ...row,
    question_paper: file(row.question_paper_url),
    answer_key: file(row.answer_key_url),
  }));
  return { papers: byPaper(gatePapers, years).filter((paper) => paper.years.length > 0) };
}

// Nothing on this page needs a script (issue 28): it ships no JavaScript.
export const handle = noScripts;

export default function PreviousYearPapers({ loaderData: { papers } }: Route.ComponentProps) {
  return (
    <ContentPage title={messages.title} intro={messages.intro}>
      <p className="mt-3 max-w-3xl text-sm text-slate-700">
        {messages.series}{" "}
        <Link to={href("/test-series")} className="font-semibold text-brand-800 underline underline-offset-2">
          {messages.seriesLink}
        </Link>
        .
      </p>
      {papers.length === 0 ? <p className="mt-8 text-slate-700">{messages.noPapers}</p> : null}
      {papers.map((paper) => (
        <PreviousPaperList key={paper.id} paper={paper} years={paper.years} />
      ))}
    </ContentPage>
  );
}
