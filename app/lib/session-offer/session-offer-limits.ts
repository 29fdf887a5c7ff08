// What a 1:1 session setting may hold (issue 27 item 5): apart from ./session-offer.ts, whose
// wording only the booking pages need, so that the settings every page loads do not carry it.

export interface SessionOffer {
  /** Rupees; 0 means a free consultation. */
  feeRupees: number;
  lengthMinutes: number;
  /** Who takes the call, as staff describe it (not necessarily a named person). */
  mentor: string;
  /** How many hours after a booking we promise to call. */
  callbackHours: number;
}

/** The bounds staff may set, shared by the settings schema and the stored-value parser. */
export const sessionOfferLimits = {
  feeRupees: { min: 0, max: 100_000 },
  lengthMinutes: { min: 15, max: 120 },
  callbackHours: { min: 1, max: 168 },
} as const;
