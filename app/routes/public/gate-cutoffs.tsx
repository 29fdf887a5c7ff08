import { href, Link } from "react-router";
import type { Route } from "./+types/gate-cutoffs";
import { ContentPage } from "~/components/content/page-header";
import { CutoffTable } from "~/components/gate/cutoff-table";
import { GateSection } from "~/components/gate/gate-table";
import { staticPageMeta } from "~/components/static/page-meta";
import { listGatePapers, listPaperYears } from "~/db/queries/gate-papers.server";
import { byPaper } from "~/lib/gate/by-paper";
import { cutoffsDataset } from "~/lib/gate/cutoffs-dataset";
import { noScripts } from "~/lib/route-handle";
import { dbContext } from "~/lib/request-context";

const messages = {
  title: "GATE Cutoffs",
  description:
    "GATE qualifying marks (cutoffs) by paper, year and category — General, OBC-NCL/EWS, SC/ST/PwD — for Chemical Engineering (CH) and other papers, each with its source and whether it has been verified.",
  intro:
    "Qualifying marks out of 100 by paper, year and category. Each figure links to where it was read; figures marked Unverified have not yet been checked against the organising institute's documents.",
  rule: "OBC-NCL/EWS qualify at 90 % of the General mark and SC/ST/PwD at two thirds of it, truncated to one decimal. A figure marked Derived was worked out by this rule, not read from a source.",
  predictorLink: "Check your marks against these figures in the GATE Rank Predictor",
  noYears: "Qualifying marks for this paper are not yet added.",
} as const;

export async function loader({ context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  return { papers: byPaper(...(await Promise.all([listGatePapers(db), listPaperYears(db)]))) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  staticPageMeta(matches, {
    ...messages,
    jsonLd:
      import.meta.env.SSR && loaderData
        ? (origin) => cutoffsDataset(origin, loaderData.papers, messages.title, messages.description)
        : undefined,
  });

// Nothing on this page needs a script (issue 28): it ships no JavaScript.
export const handle = noScripts;

export default function GateCutoffs({ loaderData: { papers } }: Route.ComponentProps) {
  return (
    <ContentPage title={messages.title} intro={messages.intro}>
      <p className="mt-3 max-w-3xl text-sm text-slate-700">{messages.rule}</p>
      <p className="mt-3">
        <Link to={href("/rank-predictor")} className="font-semibold text-brand-800 underline underline-offset-2">
          {messages.predictorLink}
        </Link>
      </p>
      {papers.map((paper) => (
        <GateSection key={paper.id} id={`paper-${paper.code}`} title={`${paper.name} (${paper.code})`} level="large">
          {paper.years.length === 0 ? (
            <p className="text-slate-700">{messages.noYears}</p>
          ) : (
            <CutoffTable paper={paper} years={paper.years} />
          )}
        </GateSection>
      ))}
    </ContentPage>
  );
}
