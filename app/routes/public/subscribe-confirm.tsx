import { Link } from "react-router";
import type { Route } from "./+types/subscribe-confirm";
import { brandedTitle } from "~/components/static/page-meta";
import { SubscribeForm } from "~/components/alerts/subscribe-form";
import { confirmMessages as m, subscriptionPaths } from "~/lib/alert-mail/messages";
import { confirmByToken } from "~/lib/alert-mail/subscribe.server";
import { dbContext } from "~/lib/request-context";

// The confirmation link of the subscription e-mail (issue 49, double opt-in): opening it confirms
// the address, at once and without JavaScript; opening it again says it is confirmed already. An
// expired, replaced or unknown link says so and offers the form again. One person's page: never
// kept by the page cache, never indexed.

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  return confirmByToken(db, params.token);
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  {
    title: brandedTitle(
      matches,
      loaderData?.kind === "confirmed" || loaderData?.kind === "already" ? m.confirmed : m.title,
    ),
  },
  { name: "robots", content: "noindex" },
];

const linkClass = "font-medium text-brand-700 underline hover:text-brand-800";

export default function ConfirmSubscription({ loaderData }: Route.ComponentProps) {
  const done = loaderData.kind === "confirmed" || loaderData.kind === "already";
  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">
        {loaderData.kind === "confirmed"
          ? m.confirmed
          : loaderData.kind === "already"
            ? m.already
            : loaderData.kind === "expired"
              ? m.expired
              : m.invalid}
      </h1>
      {done ? (
        <>
          <p className="mt-3 text-slate-700">{m.confirmedText}</p>
          <p className="mt-4">
            <Link to={subscriptionPaths.manage(loaderData.manageToken)} className={linkClass}>
              {m.preferences}
            </Link>
          </p>
        </>
      ) : (
        <>
          <p className="mt-3 text-slate-700">{loaderData.kind === "expired" ? m.expiredText : m.invalidText}</p>
          <section
            aria-label={m.subscribeAgain}
            className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
          >
            <h2 className="mb-4 text-lg font-semibold text-slate-900">{m.subscribeAgain}</h2>
            <SubscribeForm source="/subscribe" />
          </section>
        </>
      )}
    </div>
  );
}
