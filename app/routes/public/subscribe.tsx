import { href, Link } from "react-router";
import type { Route } from "./+types/subscribe";
import { SubscribeForm } from "~/components/alerts/subscribe-form";
import { ContentPage } from "~/components/content/page-header";
import { staticPageMeta } from "~/components/static/page-meta";
import { subscribeMessages } from "~/lib/alert-mail/messages";
import { submitSubscription } from "~/lib/alert-mail/subscribe.server";
import { HeadedSection } from "~/components/ui/headed-section";

// Job alerts by e-mail (issue 49): the subscription form's own page, linked from the footer, and
// where every subscription form posts. Without JavaScript a successful post lands here and says
// to check the inbox; a refused one shows the form again with what was typed.

const messages = {
  title: "Job Alerts by E-mail",
  description:
    "Get PSU recruitment through GATE, vacancies, results and admit cards by e-mail, with a reminder before each last date and new free tests. Daily or weekly digest, or as it happens. Free.",
  inbox: "Check your inbox",
  back: "Back to job alerts",
} as const;

export const meta: Route.MetaFunction = ({ matches }) => staticPageMeta(matches, messages);

export function action({ request, context }: Route.ActionArgs) {
  return submitSubscription(request, context);
}

export default function Subscribe({ actionData }: Route.ComponentProps) {
  return (
    <ContentPage title={messages.title} intro={subscribeMessages.intro}>
      {actionData?.ok ? (
        <HeadedSection
          heading={messages.inbox}
          headingClassName="text-xl font-bold"
          intro={actionData.message}
          introClassName="mt-2"
          className="mt-6 max-w-2xl rounded-xl border border-emerald-200 bg-emerald-50 p-5 text-emerald-900 shadow-sm"
        >
          <p className="mt-4">
            <Link to={href("/job-alerts")} className="font-medium text-brand-700 underline hover:text-brand-800">
              {messages.back}
            </Link>
          </p>
        </HeadedSection>
      ) : (
        <section
          aria-label={subscribeMessages.heading}
          className="mt-6 max-w-2xl rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
        >
          <SubscribeForm source="/subscribe" serverResult={actionData} />
        </section>
      )}
    </ContentPage>
  );
}
