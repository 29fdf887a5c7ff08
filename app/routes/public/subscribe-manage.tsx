import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/subscribe-manage";
import { brandedTitle } from "~/components/static/page-meta";
import { SubscriptionChoices } from "~/components/alerts/subscription-choices";
import { SubscriptionNotice } from "~/components/alerts/subscription-notice";
import { SubmitButton } from "~/components/forms/fields";
import { FormStatusBanner } from "~/components/forms/visitor-parts";
import { manageMessages as m, subscriptionPaths } from "~/lib/alert-mail/messages";
import { preferencesOf, savePreferences, subscriberOf } from "~/lib/alert-mail/subscribe.server";
import { dbContext } from "~/lib/request-context";
import { HeadedSection } from "~/components/ui/headed-section";

// A subscriber's choices (issue 49), reached from the link in every e-mail: no sign-in, the link's
// signed token is the key. A plain form post, so it works without JavaScript; with it, React
// Router posts it and the page updates in place. The way out is one more link: unsubscribe.

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const row = await subscriberOf(db, params.token);
  return { subscriber: row ? preferencesOf(row) : null };
}

export function action({ request, params, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  return savePreferences(db, request, params.token);
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: brandedTitle(matches, m.title) },
  { name: "robots", content: "noindex" },
];

const linkClass = "font-medium text-brand-700 underline hover:text-brand-800";

export default function ManageSubscription({ loaderData: { subscriber }, actionData, params }: Route.ComponentProps) {
  const navigation = useNavigation();
  if (!subscriber) {
    return <SubscriptionNotice heading={m.invalid} text={m.invalidText} subscribeAgain />;
  }
  const status = actionData
    ? actionData.ok
      ? ({ kind: "success", message: actionData.message } as const)
      : ({ kind: "failure", result: actionData } as const)
    : ({ kind: "idle" } as const);
  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{m.title}</h1>
      <p className="mt-2 break-words text-slate-700">{m.intro(subscriber.email)}</p>
      {subscriber.pending ? <p className="mt-2 text-amber-900">{m.pending}</p> : null}
      <section aria-label={m.title} className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <Form method="post" className="space-y-4">
          <FormStatusBanner status={status} />
          <SubscriptionChoices
            idPrefix="preferences"
            choices={subscriber.choices}
            kept={actionData && !actionData.ok ? actionData.values : undefined}
            errors={actionData && !actionData.ok ? actionData.fieldErrors : {}}
          />
          <SubmitButton label={m.save} pendingLabel={m.saving} pending={navigation.state === "submitting"} />
        </Form>
      </section>
      <HeadedSection
        heading={m.unsubscribeHeading}
        headingClassName="text-lg font-semibold text-slate-900"
        intro={m.unsubscribeText}
        introClassName="mt-1 text-slate-700"
        className="mt-8"
      >
        <p className="mt-3">
          <Link to={subscriptionPaths.unsubscribe(params.token)} className={linkClass}>
            {m.unsubscribe}
          </Link>
        </p>
      </HeadedSection>
    </div>
  );
}
