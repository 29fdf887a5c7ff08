import { nextStepText } from "../session-offer/session-offer";

// The booking form's user-facing strings, shared by the form and its route action. The quoted
// ones are the spec's (§4, §8) and must stay verbatim. A module of their own, so that a page with
// one form does not load the others' strings (issue 6, first-load JS).

export const bookingMessages = {
  heading: "Book 1:1 Session",
  intro: "Tell us a little about yourself and your question. We will call you to fix a time for your 1:1 session.",
  submit: "Book Session",
  submitting: "Booking...",
  success: "Session booked successfully! We will get back to you soon.",
  failure: "Failed to book session. Please try again.",
  privacy: "We store your details only to arrange your session and answer your query.",
  sessionType: "Session type",
  /** The success toast stays 5 s (spec §8); the dialog closes after 3 s (spec §4). */
  successToastMs: 5000,
  closeAfterMs: 3000,
} as const;

/** The spec's success words (§8) verbatim, then what happens next (issue 27 item 5). */
export function bookingSuccessText(callbackHours: number) {
  return `${bookingMessages.success} ${nextStepText(callbackHours)}`;
}
