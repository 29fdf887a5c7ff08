import { Link } from "react-router";
import type { AdminQuestionReport } from "~/db/queries/question-writes.server";
import { questionBankMessages } from "~/lib/admin/messages/questions";
import { IstTime } from "./ist-time";
import type { Manager } from "./manager-state";
import { smallSecondary, textLink } from "./styles";

// The reports queue (issue 46): what visitors said with "Report a problem with this question",
// newest first: which question and which version they saw, their message and e-mail, a link to
// the editor, and Mark resolved (or new again), each a real form post.

const m = questionBankMessages;

export type ReportRow = Omit<AdminQuestionReport, "text_md"> & { title: string };

export function ReportStatusLinks({ home, status }: { home: string; status: string }) {
  return (
    <nav aria-label={m.reportsOf} className="flex flex-wrap items-center gap-3 text-sm">
      <span className="font-medium text-slate-700">{m.reportsOf}:</span>
      {(["new", "resolved"] as const).map((value) => (
        <Link
          key={value}
          to={value === "new" ? `${home}?tab=reports` : `${home}?tab=reports&reports=resolved`}
          aria-current={value === status ? "page" : undefined}
          className={value === status ? "font-semibold text-slate-900" : textLink}
        >
          {m.reportStatuses[value]}
        </Link>
      ))}
    </nav>
  );
}

export function ReportsQueue({
  reports,
  status,
  home,
  manager,
  empty,
}: {
  reports: ReportRow[];
  status: string;
  home: string;
  manager: Manager;
  /** The placeholder: none of this status, or the load failure. */
  empty: string;
}) {
  const { fetcher } = manager;
  if (reports.length === 0)
    return <p className="rounded-xl border border-slate-200 bg-white px-4 py-6 text-center text-slate-600">{empty}</p>;
  return (
    <ul aria-label={m.reports} className="space-y-4">
      {reports.map((report) => {
        const busy = fetcher.state !== "idle" && fetcher.formData?.get("id") === String(report.id);
        const intent = status === "new" ? "resolve" : "reopen";
        return (
          <li key={report.id}>
            <article
              aria-labelledby={`report-${report.id}`}
              className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
            >
              <header>
                <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{m.reportAbout}</p>
                <h2 id={`report-${report.id}`} className="font-semibold break-words text-slate-900">
                  {report.title}
                </h2>
                <p className="text-sm text-slate-600">
                  {report.slug} · {m.sawVersion(report.version_no, report.current_version)}
                </p>
              </header>
              <dl className="grid gap-3 text-sm sm:grid-cols-2">
                <div className="min-w-0 sm:col-span-2">
                  <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{m.message}</dt>
                  <dd className="mt-0.5 break-words whitespace-pre-wrap text-slate-800">{report.message}</dd>
                </div>
                <div className="min-w-0">
                  <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{m.email}</dt>
                  <dd className="mt-0.5 break-all text-slate-800">
                    {report.email ? (
                      <a className="underline" href={`mailto:${report.email}`}>
                        {report.email}
                      </a>
                    ) : (
                      m.noEmail
                    )}
                  </dd>
                </div>
                <div>
                  <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{m.received}</dt>
                  <dd className="mt-0.5 text-slate-800">
                    <IstTime iso={report.created_at} />
                  </dd>
                </div>
              </dl>
              <div className="flex flex-wrap items-center gap-3">
                <Link to={`${home}?edit=${report.question_id}`} className={smallSecondary}>
                  {m.editQuestion}
                  <span className="sr-only"> {report.title}</span>
                </Link>
                <fetcher.Form method="post">
                  <input type="hidden" name="intent" value={intent} />
                  <input type="hidden" name="id" value={report.id} />
                  <button type="submit" disabled={busy} className={smallSecondary}>
                    {intent === "resolve" ? m.resolve : m.reopen}
                  </button>
                </fetcher.Form>
              </div>
            </article>
          </li>
        );
      })}
    </ul>
  );
}
