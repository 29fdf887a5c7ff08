import { Link } from "react-router";
import { manageMessages as m, subscriptionPaths } from "~/lib/alert-mail/messages";

/**
 * A subscription page that has only news to give (the link is not valid, you have unsubscribed):
 * a heading, a line and, with `subscribeAgain`, the way back to the subscribe page.
 */
export function SubscriptionNotice({
  heading,
  text,
  subscribeAgain = false,
}: {
  heading: string;
  text: string;
  subscribeAgain?: boolean;
}) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{heading}</h1>
      <p className="mt-3 text-slate-700">{text}</p>
      {subscribeAgain ? (
        <p className="mt-4">
          <Link to={subscriptionPaths.subscribe} className="font-medium text-brand-700 underline hover:text-brand-800">
            {m.subscribeAgain}
          </Link>
        </p>
      ) : null}
    </div>
  );
}
