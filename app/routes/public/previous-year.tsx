import { href, Link } from "react-router";
import type { Route } from "./+types/previous-year";
import { ComingSoonButton, ComingSoonNote } from "~/components/static/coming-soon-button";
import { staticPageMeta } from "~/components/static/page-meta";
import { ContentPage } from "~/components/content/page-header";
import { paperBranches, paperYears } from "~/content/previous-year";

const messages = {
  title: "Previous Year Papers",
  description:
    "GATE previous year question papers for 2024, 2023 and 2022 in Computer Science, Electronics and Mechanical. Downloads are coming soon.",
  intro:
    "Original GATE question papers from the last three years, branch by branch. Solving them under exam conditions is the best way to learn the pattern and the level of the questions.",
  soon: "Paper downloads are coming soon. Until then, the GATE 2026 test series includes 15 previous-year tests with detailed solutions.",
  seriesLink: "See the test series",
  download: "Download",
} as const;

const noteId = "papers-coming-soon";

export const meta: Route.MetaFunction = ({ matches }) => staticPageMeta(matches, messages);

export default function PreviousYearPapers() {
  return (
    <ContentPage title={messages.title} intro={messages.intro}>
      <ComingSoonNote id={noteId}>
        {messages.soon}{" "}
        <Link to={href("/test-series")} className="font-semibold text-brand-800 underline underline-offset-2">
          {messages.seriesLink}
        </Link>
        .
      </ComingSoonNote>

      <div className="mt-8 grid gap-6 md:grid-cols-3">
        {paperYears.map((year) => (
          <section
            key={year}
            aria-labelledby={`year-${year}`}
            className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
          >
            <h2 id={`year-${year}`} className="text-xl font-bold text-brand-800">
              GATE {year}
            </h2>
            <ul className="mt-4 divide-y divide-slate-100">
              {paperBranches.map((branch) => (
                <li key={branch} className="flex flex-wrap items-center justify-between gap-2 py-3">
                  <span className="font-medium text-slate-800">{branch}</span>
                  <ComingSoonButton noteId={noteId} context={`GATE ${year} ${branch} paper`}>
                    <svg aria-hidden="true" viewBox="0 0 20 20" width="16" height="16" className="fill-current">
                      <path d="M9.25 3h1.5v8.19l2.72-2.72 1.06 1.06L10 14.06 5.47 9.53l1.06-1.06 2.72 2.72V3ZM4 15.5h12V17H4v-1.5Z" />
                    </svg>
                    {messages.download}
                  </ComingSoonButton>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </ContentPage>
  );
}
