import { z } from "zod";
import { formatRupees } from "~/lib/format";
import { sessionOfferLimits } from "~/lib/session-offer/session-offer-limits";
import { requiredText } from "../fields";

// The "1:1 sessions" group of the site settings (issue 27 item 5): what the booking dialog
// promises. Numbers arrive as text and are stored as text, so each field checks and normalises
// ("030" → "30") a whole number within its bounds.

function wholeNumber(label: string, { min, max }: { min: number; max: number }, notWhole: string, range: string) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .pipe(z.string().regex(/^-?\d+$/, notWhole))
    .transform(Number)
    .pipe(z.number().min(min, range).max(max, range))
    .transform(String);
}

const { feeRupees, lengthMinutes, callbackHours } = sessionOfferLimits;

export const sessionOfferFields = {
  session_fee_rupees: wholeNumber(
    "Session fee",
    feeRupees,
    "Session fee must be a whole number of rupees, e.g. 499 (no ₹ sign)",
    `Session fee must be between 0 (free consultation) and ${formatRupees(feeRupees.max)}`,
  ),
  session_length_minutes: wholeNumber(
    "Session length",
    lengthMinutes,
    "Session length must be a whole number of minutes, e.g. 30",
    `Session length must be between ${lengthMinutes.min} and ${lengthMinutes.max} minutes`,
  ),
  session_mentor: requiredText("Who answers", 120),
  session_callback_hours: wholeNumber(
    "Call-back time",
    callbackHours,
    "Call-back time must be a whole number of hours, e.g. 24",
    `Call-back time must be between ${callbackHours.min} and ${callbackHours.max} hours (7 days)`,
  ),
};
