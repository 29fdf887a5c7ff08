import { sessionOfferLimits, type SessionOffer } from "../session-offer/session-offer-limits";
import { DEFAULT_SEARCH_SYNONYMS } from "../search/synonyms";

// Site facts staff may change without a developer (DESIGN §8). Seeded from the environment
// on first start; after that the database row wins.
/** The brand before staff name it, and in a page's meta tags should the settings be missing. */
export const DEFAULT_BRAND_NAME = "GATE CH Academy";

/**
 * The demo's placeholder contact details (issue 48): no business's. Wherever the site shows one of
 * them it says so ("(demo number)"), and search engines are not told them, until staff enter their
 * own in Site Settings.
 */
export const DEMO_CONTACTS = {
  whatsapp: "919876543210",
  email: "support@gatechacademy.in",
  phone: "+91 98765 43210",
} as const;

export const settingDefinitions = {
  brand_name: { env: "BRAND_NAME", fallback: DEFAULT_BRAND_NAME },
  whatsapp_number: { env: "WHATSAPP_NUMBER", fallback: DEMO_CONTACTS.whatsapp },
  contact_email: { env: "CONTACT_EMAIL", fallback: DEMO_CONTACTS.email },
  contact_phone: { env: "CONTACT_PHONE", fallback: DEMO_CONTACTS.phone },
  contact_address: { env: "CONTACT_ADDRESS", fallback: "Kota, Rajasthan, India" },
  student_login_url: { env: "STUDENT_LOGIN_URL", fallback: "https://learn.gatechacademy.in/s/store" },
  student_login_org_code: { env: "STUDENT_LOGIN_ORG_CODE", fallback: "gatech" },
  learning_app_url: { env: "LEARNING_APP_URL", fallback: "https://learn.gatechacademy.in/s/store" },
  booking_recipient_email: { env: "BOOKING_RECIPIENT_EMAIL", fallback: "bookings@gatechacademy.in" },
  purchase_toasts_enabled: { env: "PURCHASE_TOASTS_ENABLED", fallback: "true" },
  // Issue 25: new testimonials wait for staff unless this is switched off.
  testimonials_need_approval: { env: "TESTIMONIALS_NEED_APPROVAL", fallback: "true" },
  // Issue 27 item 5: what a 1:1 session is, shown before and after booking (~/lib/session-offer/session-offer.ts).
  session_fee_rupees: { env: "SESSION_FEE_RUPEES", fallback: "499" },
  session_length_minutes: { env: "SESSION_LENGTH_MINUTES", fallback: "30" },
  session_mentor: { env: "SESSION_MENTOR", fallback: "A GATE Chemical Engineering mentor from our faculty" },
  session_callback_hours: { env: "SESSION_CALLBACK_HOURS", fallback: "24" },
  // Issue 27 item 4: words site search reads as phrases, one "word = phrase" a line.
  search_synonyms: { env: "SEARCH_SYNONYMS", fallback: DEFAULT_SEARCH_SYNONYMS },
} as const;

export type SettingKey = keyof typeof settingDefinitions;

export interface SiteSettings {
  brandName: string;
  whatsappNumber: string;
  contactEmail: string;
  contactPhone: string;
  contactAddress: string;
  /** Which contact details are still the demo's placeholders (DEMO_CONTACTS). */
  demoContacts: { whatsapp: boolean; email: boolean; phone: boolean };
  studentLoginUrl: string;
  studentLoginOrgCode: string;
  learningAppUrl: string;
  bookingRecipientEmail: string;
  purchaseToastsEnabled: boolean;
  /** New testimonials wait for approval (true) or appear at once (false). */
  testimonialsNeedApproval: boolean;
  /** The 1:1 session's fee, length, mentor and call-back time (issue 27 item 5). */
  sessionOffer: SessionOffer;
  /** Site search's synonym rules as staff wrote them (~/lib/search/synonyms.ts); server only. */
  searchSynonyms: string;
}

/** What the browser may see: everything but the internal mail recipient and search's synonyms. */
export type PublicSettings = Omit<SiteSettings, "bookingRecipientEmail" | "searchSynonyms">;

export function toPublicSettings({
  bookingRecipientEmail: _internal,
  searchSynonyms: _serverOnly,
  ...rest
}: SiteSettings): PublicSettings {
  return rest;
}

/** The same subscriber number however it is written: spaced, with or without the country code. */
const sameNumber = (a: string, b: string) => a.replace(/\D/g, "").slice(-10) === b.replace(/\D/g, "").slice(-10);

/** Turns stored strings into typed settings; a missing or malformed value takes its default. */
export function parseSettings(rows: Partial<Record<string, string>>): SiteSettings {
  const get = (key: SettingKey) => {
    const value = rows[key]?.trim();
    return value ? value : settingDefinitions[key].fallback;
  };
  const url = (key: SettingKey) => {
    const value = get(key);
    return /^https?:\/\//i.test(value) && URL.canParse(value) ? value : settingDefinitions[key].fallback;
  };
  /** A whole number within its bounds, else the default. */
  const whole = (key: SettingKey, { min, max }: { min: number; max: number }) => {
    const value = Number(get(key));
    return Number.isInteger(value) && value >= min && value <= max ? value : Number(settingDefinitions[key].fallback);
  };
  const whatsappNumber = get("whatsapp_number").replace(/\D/g, "") || settingDefinitions.whatsapp_number.fallback;
  const contactEmail = get("contact_email");
  const contactPhone = get("contact_phone");
  return {
    brandName: get("brand_name"),
    whatsappNumber,
    contactEmail,
    contactPhone,
    contactAddress: get("contact_address"),
    demoContacts: {
      whatsapp: sameNumber(whatsappNumber, DEMO_CONTACTS.whatsapp),
      email: contactEmail.toLowerCase() === DEMO_CONTACTS.email,
      phone: sameNumber(contactPhone, DEMO_CONTACTS.phone),
    },
    studentLoginUrl: url("student_login_url"),
    studentLoginOrgCode: get("student_login_org_code"),
    learningAppUrl: url("learning_app_url"),
    bookingRecipientEmail: get("booking_recipient_email"),
    purchaseToastsEnabled: !/^(false|0|no|off)$/i.test(get("purchase_toasts_enabled")),
    testimonialsNeedApproval: !/^(false|0|no|off)$/i.test(get("testimonials_need_approval")),
    sessionOffer: {
      feeRupees: whole("session_fee_rupees", sessionOfferLimits.feeRupees),
      lengthMinutes: whole("session_length_minutes", sessionOfferLimits.lengthMinutes),
      mentor: get("session_mentor"),
      callbackHours: whole("session_callback_hours", sessionOfferLimits.callbackHours),
    },
    searchSynonyms: get("search_synonyms"),
  };
}

/** wa.me link for the floating WhatsApp button. */
export function whatsappHref(settings: Pick<SiteSettings, "whatsappNumber">, text?: string) {
  const url = new URL(`https://wa.me/${settings.whatsappNumber}`);
  if (text) url.searchParams.set("text", text);
  return url.toString();
}

/** The external student login link carries the organisation code (spec §1). */
export function studentLoginHref(settings: Pick<SiteSettings, "studentLoginUrl" | "studentLoginOrgCode">) {
  const url = new URL(settings.studentLoginUrl);
  url.searchParams.set("orgCode", settings.studentLoginOrgCode);
  return url.toString();
}
