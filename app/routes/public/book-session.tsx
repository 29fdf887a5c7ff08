import type { Route } from "./+types/book-session";
import { BookingForm } from "~/components/forms/booking-form";
import { bookingMessages } from "~/lib/forms/booking-messages";
import { staticPageMeta } from "~/components/static/page-meta";
import { SESSION_TYPES } from "~/lib/session-offer/session-types";
import { submitBooking } from "~/lib/forms/visitor-forms.server";
import { FormToaster } from "~/components/forms/form-toasts";
import { ContentPage } from "~/components/content/page-header";
import { SessionOfferSummary } from "~/components/forms/session-offer-summary";
import { useSiteSettings } from "~/components/layout/use-site-settings";

const messages = {
  title: bookingMessages.heading,
  description:
    "Book a 1:1 guidance session after GATE: higher studies (M.Tech, MS, PhD admissions) or career guidance (PSU recruitment, interviews, jobs).",
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
  // What a session is, as staff set it (issue 27 item 5): from the root loader's settings.
  const { sessionOffer } = useSiteSettings();
  return (
    <ContentPage title={messages.title} intro={bookingMessages.intro}>
      <div className="mt-6 max-w-2xl">
        <SessionOfferSummary offer={sessionOffer} headingLevel={2} />
      </div>
      <section
        aria-label={messages.title}
        className="mt-4 max-w-2xl rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <BookingForm defaultType={loaderData.sessionType ?? undefined} serverResult={actionData} />
      </section>
      <FormToaster />
    </ContentPage>
  );
}
