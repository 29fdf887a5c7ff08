import { formatRupees } from "../format";
import type { SessionOffer } from "./session-offer-limits";

export type { SessionOffer } from "./session-offer-limits";

// What a 1:1 session is (issue 27 item 5): its fee, length, who answers and how soon we call,
// set by staff under Site Settings. The booking dialog, /book-session and the booking's success
// answer (~/lib/forms/booking-messages.ts) all say it in these words, so that no page promises
// more than staff set. Safe on the client: the dialog renders it from the settings the root loader
// already sent.

export const sessionOfferText = {
  heading: "What you get",
  free: "Free consultation",
  feeLabel: "Fee",
  lengthLabel: "Length",
  mentorLabel: "Who answers",
  callbackLabel: "When we call",
} as const;

/** "₹499" or "Free consultation". */
export function sessionFeeText(feeRupees: number) {
  return feeRupees === 0 ? sessionOfferText.free : formatRupees(feeRupees);
}

/** "30-minute call". */
export function sessionLengthText(lengthMinutes: number) {
  return `${lengthMinutes}-minute call`;
}

/** "within 24 hours", "within 2 days", "within 36 hours", "within 1 hour". */
export function callbackText(hours: number) {
  if (hours > 24 && hours % 24 === 0) return `within ${hours / 24} days`;
  return `within ${hours} ${hours === 1 ? "hour" : "hours"}`;
}

/** "We will call you within 24 hours to fix a time." — a promise to call, not a scheduled session. */
export function nextStepText(callbackHours: number) {
  return `We will call you ${callbackText(callbackHours)} to fix a time.`;
}

/** The line under the guidance panels: "Each session is a one-to-one 30-minute call (₹499). …" */
export function sessionNoteText(offer: SessionOffer) {
  const fee = offer.feeRupees === 0 ? "free consultation" : formatRupees(offer.feeRupees);
  const call = callbackText(offer.callbackHours);
  return `Each session is a one-to-one ${sessionLengthText(offer.lengthMinutes)} (${fee}). Send a request and we will call you ${call} to fix a time.`;
}
