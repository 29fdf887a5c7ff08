import type { Route } from "./+types/book-session";
import { BookingForm } from "~/components/forms/booking-form";
import { bookingMessages } from "~/components/forms/booking-messages";
import { staticPageMeta } from "~/components/static/page-meta";
import { SESSION_TYPES } from "~/lib/session-types";
import { submitBooking } from "~/lib/visitor-forms.server";
import { FormToaster } from "~/components/forms/form-toasts";

const messages = {
  title: bookingMessages.heading,
  description:
    "Book a paid 1:1 guidance session after GATE: higher studies (M.Tech, MS, PhD admissions) or career guidance (PSU recruitment, interviews, jobs).",
} as const;

export const meta: Route.MetaFunction = ({ matches }) => staticPageMeta(matches, messages);

/** ?type=higher-studies|career-guidance preselects the session type; anything else leaves it open. */
export function loader({ request }: Route.LoaderArgs) {
  const type = new URL(request.url).searchParams.get("type");
  return { sessionType: SESSION_TYPES.find((t) => t === type) ?? null };
}

// The booking dialog posts here; without JavaScript, this page is the booking form.
export function action({ request, context }: Route.ActionArgs) {
  return submitBooking(request, context);
}

export default function BookSession({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{messages.title}</h1>
      <p className="mt-2 max-w-3xl text-slate-700">{bookingMessages.intro}</p>
      <section
        aria-label={messages.title}
        className="mt-6 max-w-2xl rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <BookingForm defaultType={loaderData.sessionType ?? undefined} serverResult={actionData} />
      </section>
      <FormToaster />
    </div>
  );
}
