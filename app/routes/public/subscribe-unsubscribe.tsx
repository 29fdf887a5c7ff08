import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/subscribe-unsubscribe";
import { brandedTitle } from "~/components/static/page-meta";
import { SubscriptionNotice } from "~/components/alerts/subscription-notice";
import { SubmitButton } from "~/components/forms/fields";
import { manageMessages as m } from "~/lib/alert-mail/messages";
import { subscriberOf, unsubscribeByToken } from "~/lib/alert-mail/subscribe.server";
import { dbContext } from "~/lib/request-context";

// Unsubscribing from the link in an e-mail's body (issue 49): one button, a plain form post, no
// sign-in. Opening the page changes nothing (mail scanners open links); the button does. Mail
// clients use the one-click address of the List-Unsubscribe header instead
// (routes/alerts/one-click-unsubscribe.ts).

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const row = await subscriberOf(db, params.token);
  return { email: row?.email ?? null };
}

export async function action({ params, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  await unsubscribeByToken(db, params.token);
  // Unsubscribed now, or before: either way nothing more goes to the address.
  return { unsubscribed: true };
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: brandedTitle(matches, m.unsubscribeTitle) },
  { name: "robots", content: "noindex" },
];

export default function Unsubscribe({ loaderData: { email }, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  if (actionData?.unsubscribed) {
    return <SubscriptionNotice heading={m.unsubscribed} text={m.unsubscribedText} subscribeAgain />;
  }
  if (!email) return <SubscriptionNotice heading={m.invalid} text={m.invalidText} />;
  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{m.unsubscribeTitle}</h1>
      <p className="mt-3 break-words text-slate-700">{m.unsubscribeConfirm(email)}</p>
      <Form method="post" className="mt-5">
        <SubmitButton label={m.unsubscribe} pendingLabel={m.unsubscribe} pending={navigation.state === "submitting"} />
      </Form>
    </div>
  );
}
