import type { Route } from "./+types/post-gate-guidance";
import { CheckIcon } from "~/components/catalog/icons";
import { BookSessionButton } from "~/components/forms/book-session-button";
import { staticPageMeta } from "~/components/static/page-meta";
import type { SessionType } from "~/lib/session-offer/session-types";
import { FormToaster } from "~/components/forms/form-toasts";
import { ContentPage } from "~/components/content/page-header";
import { useSiteSettings } from "~/components/layout/use-site-settings";
import { sessionNoteText } from "~/lib/session-offer/session-offer";

const messages = {
  title: "Post GATE Guidance",
  description:
    "1:1 guidance after GATE Chemical Engineering: M.Tech, MS and PhD admissions at IITs, NITs and IISc, and PSU recruitment through your GATE score.",
  intro:
    "Your GATE score opens two roads: higher studies and a job. Talk one-to-one with a mentor who has walked them, and leave with a plan that fits your score, your rank and your goals.",
  inSession: "In your session",
} as const;

const panels: Array<{ type: SessionType; title: string; lead: string; points: string[] }> = [
  {
    type: "higher-studies",
    title: "Higher Studies",
    lead: "M.Tech, MS by Research or a PhD: choose the institutes and programmes your GATE score can reach, and prepare for the selection rounds.",
    points: [
      "Shortlisting IITs, NITs and IISc programmes for your score and category",
      "COAP and CCMT rounds explained: choice filling, acceptance and upgrades",
      "Written tests and interviews for MS and PhD admissions",
      "Choosing a specialisation: process, energy, polymers, biochemical and more",
    ],
  },
  {
    type: "career-guidance",
    title: "Career Guidance",
    lead: "PSU recruitment through GATE Chemical Engineering, and the core-industry jobs beyond it.",
    points: [
      "Which PSUs recruit chemical engineers through GATE, and their cut-off trends",
      "Group discussion and interview preparation for PSU selection",
      "Resume review for refinery, petrochemical and process roles",
      "Planning your next GATE attempt alongside a job",
    ],
  },
];

export const meta: Route.MetaFunction = ({ matches }) => staticPageMeta(matches, messages);

// Each 'Book 1:1 Session' opens the booking dialog with its session type (spec §2); the dialogs are
// in the page's HTML, shown by #book-<type> before the scripts run or without them (issue 50).
export default function PostGateGuidance() {
  // Fee, length and call-back time as staff set them (issue 27 item 5), from the root's settings.
  const { sessionOffer } = useSiteSettings();
  return (
    <ContentPage title={messages.title} intro={messages.intro}>
      <div className="mt-8 grid gap-6 md:grid-cols-2">
        {panels.map((panel) => (
          <section
            key={panel.type}
            aria-labelledby={`${panel.type}-heading`}
            className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
          >
            <h2 id={`${panel.type}-heading`} className="text-xl font-bold text-brand-800">
              {panel.title}
            </h2>
            <p className="mt-2 text-slate-700">{panel.lead}</p>
            <h3 className="mt-5 text-sm font-semibold uppercase tracking-wider text-slate-500">{messages.inSession}</h3>
            <ul className="mt-2 flex-1 space-y-2 text-slate-700">
              {panel.points.map((point) => (
                <li key={point} className="flex gap-2">
                  <CheckIcon width={20} height={20} strokeWidth={3} className="mt-0.5 shrink-0 text-emerald-600" />
                  <span>{point}</span>
                </li>
              ))}
            </ul>
            <div className="mt-6">
              <BookSessionButton sessionType={panel.type} />
            </div>
          </section>
        ))}
      </div>

      <p className="mt-6 max-w-3xl text-sm text-slate-600">{sessionNoteText(sessionOffer)}</p>
      <FormToaster />
    </ContentPage>
  );
}
