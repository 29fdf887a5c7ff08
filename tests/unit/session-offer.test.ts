import { describe, expect, it } from "vitest";
import { bookingMessages, bookingSuccessText } from "~/lib/forms/booking-messages";
import { SiteSettingsSchema } from "~/lib/schemas/admin/site-settings";
import { fieldErrors } from "~/lib/schemas/fields";
import {
  callbackText,
  nextStepText,
  sessionFeeText,
  sessionLengthText,
  sessionNoteText,
} from "~/lib/session-offer/session-offer";
import { parseSettings, settingDefinitions } from "~/lib/site/settings";

// Issue 27 item 5, honest booking: staff set what a 1:1 session is; the site says it in these
// words, and the success answer keeps the spec's line and adds when we call — never a fixed time.

const valid = {
  brand_name: "GATE CH Academy",
  whatsapp_number: "919876543210",
  contact_email: "support@example.in",
  contact_phone: "+91 98765 43210",
  contact_address: "Kota",
  student_login_url: "https://learn.example.in/login",
  student_login_org_code: "gtc",
  learning_app_url: "https://learn.example.in/store",
  booking_recipient_email: "bookings@example.in",
  session_fee_rupees: "499",
  session_length_minutes: "30",
  session_mentor: "A GATE CH mentor from our faculty",
  session_callback_hours: "24",
};

function errorsOf(change: Record<string, string>) {
  const result = SiteSettingsSchema.safeParse({ ...valid, ...change });
  return result.success ? {} : fieldErrors(result.error);
}

describe("the 1:1 session settings (site settings schema)", () => {
  it("accepts a fee, a length, who answers and a call-back time, stored as plain numbers", () => {
    const input = SiteSettingsSchema.parse({ ...valid, session_fee_rupees: " 0 ", session_length_minutes: "045" });
    expect(input).toMatchObject({
      session_fee_rupees: "0",
      session_length_minutes: "45",
      session_mentor: "A GATE CH mentor from our faculty",
      session_callback_hours: "24",
    });
  });

  it.each([
    ["session_fee_rupees", "-1", "Session fee must be between 0 (free consultation) and ₹1,00,000"],
    ["session_fee_rupees", "499.50", "Session fee must be a whole number of rupees, e.g. 499 (no ₹ sign)"],
    ["session_fee_rupees", "₹499", "Session fee must be a whole number of rupees, e.g. 499 (no ₹ sign)"],
    ["session_fee_rupees", "", "Session fee is required"],
    ["session_length_minutes", "0", "Session length must be between 15 and 120 minutes"],
    ["session_length_minutes", "500", "Session length must be between 15 and 120 minutes"],
    ["session_callback_hours", "0", "Call-back time must be between 1 and 168 hours (7 days)"],
    ["session_callback_hours", "500", "Call-back time must be between 1 and 168 hours (7 days)"],
    ["session_callback_hours", "soon", "Call-back time must be a whole number of hours, e.g. 24"],
    ["session_mentor", "  ", "Who answers is required"],
  ])("refuses %s = %j with a clear message", (name, value, message) => {
    expect(errorsOf({ [name]: value })).toEqual({ [name]: message });
  });

  it("refuses a form without the session fields", () => {
    const { session_fee_rupees: _fee, ...withoutFee } = valid;
    expect(SiteSettingsSchema.safeParse(withoutFee).success).toBe(false);
  });
});

describe("stored session settings", () => {
  it("default to a paid 30-minute call answered by a faculty mentor, not a named person", () => {
    expect(parseSettings({}).sessionOffer).toEqual({
      feeRupees: 499,
      lengthMinutes: 30,
      mentor: settingDefinitions.session_mentor.fallback,
      callbackHours: 24,
    });
    expect(settingDefinitions.session_mentor.fallback).toMatch(/mentor from our faculty/);
  });

  it("take the default for a missing or out-of-range value", () => {
    const offer = parseSettings({
      session_fee_rupees: "0",
      session_length_minutes: "500",
      session_callback_hours: "abc",
      session_mentor: "Dr. A. Sharma",
    }).sessionOffer;
    expect(offer).toEqual({ feeRupees: 0, lengthMinutes: 30, mentor: "Dr. A. Sharma", callbackHours: 24 });
  });
});

describe("what the visitor reads", () => {
  it("says the fee, or a free consultation, and the length", () => {
    expect(sessionFeeText(499)).toBe("₹499");
    expect(sessionFeeText(1500)).toBe("₹1,500");
    expect(sessionFeeText(0)).toBe("Free consultation");
    expect(sessionLengthText(30)).toBe("30-minute call");
  });

  it.each([
    [1, "within 1 hour"],
    [4, "within 4 hours"],
    [24, "within 24 hours"],
    [36, "within 36 hours"],
    [48, "within 2 days"],
    [168, "within 7 days"],
  ])("words a call-back of %i hours as %j", (hours, words) => {
    expect(callbackText(hours)).toBe(words);
  });

  it("keeps the spec's success words and adds the next step, without claiming a fixed time", () => {
    expect(nextStepText(24)).toBe("We will call you within 24 hours to fix a time.");
    const success = bookingSuccessText(48);
    expect(success).toBe(`${bookingMessages.success} We will call you within 2 days to fix a time.`);
    expect(success.startsWith("Session booked successfully! We will get back to you soon.")).toBe(true);
  });

  it("sums the offer up under the guidance panels", () => {
    expect(sessionNoteText({ feeRupees: 0, lengthMinutes: 45, mentor: "x", callbackHours: 48 })).toBe(
      "Each session is a one-to-one 45-minute call (free consultation). Send a request and we will call you within 2 days to fix a time.",
    );
  });
});
