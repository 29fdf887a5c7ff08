import { useId } from "react";
import {
  nextStepText,
  sessionFeeText,
  sessionLengthText,
  sessionOfferText as text,
  type SessionOffer,
} from "~/lib/session-offer/session-offer";

/**
 * "What you get" above the booking form, in the dialog and on /book-session (issue 27 item 5):
 * the fee or "Free consultation", the length, who answers and when we call — as staff set them
 * in Site Settings, so the visitor knows what a booking is before sending one.
 */
export function SessionOfferSummary({ offer, headingLevel }: { offer: SessionOffer; headingLevel: 2 | 3 }) {
  const headingId = useId();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const rows = [
    [text.feeLabel, sessionFeeText(offer.feeRupees)],
    [text.lengthLabel, sessionLengthText(offer.lengthMinutes)],
    [text.mentorLabel, offer.mentor],
    [text.callbackLabel, nextStepText(offer.callbackHours)],
  ] as const;
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-brand-100 bg-brand-50 px-4 py-3">
      <Heading id={headingId} className="font-semibold text-slate-900">
        {text.heading}
      </Heading>
      <dl className="mt-2 space-y-1.5 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex gap-3">
            <dt className="w-24 shrink-0 text-slate-600">{label}</dt>
            <dd className="min-w-0 font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
