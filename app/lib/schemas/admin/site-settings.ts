import { z } from "zod";
import { emailField, httpUrl, phoneField, requiredText } from "../fields";
import { checkbox } from "./common";
import { sessionOfferFields } from "./session-offer";
import { searchSynonymsField } from "./search-synonyms";

// Site facts staff change without a developer (DESIGN §8): brand, contact details, the external
// learning app and its login, where booking and contact e-mails go, the purchase toasts, and
// whether new testimonials wait for approval (issue 25). The home page's figures have a form of
// their own on the same page (./site-figures.ts, issue 48).
export const SiteSettingsSchema = z.object({
  brand_name: requiredText("Brand name", 80),
  whatsapp_number: z
    .string({ error: "WhatsApp number is required" })
    .trim()
    .transform((v) => v.replace(/[\s()+-]/g, ""))
    .pipe(z.string().regex(/^\d{10,15}$/, "Enter the WhatsApp number with its country code, e.g. 919876543210")),
  contact_email: emailField,
  contact_phone: phoneField,
  contact_address: requiredText("Address", 300),
  student_login_url: httpUrl("Student login URL"),
  student_login_org_code: requiredText("Organisation code", 60),
  learning_app_url: httpUrl("Learning app URL"),
  booking_recipient_email: emailField,
  purchase_toasts_enabled: checkbox,
  testimonials_need_approval: checkbox,
  ...sessionOfferFields,
  search_synonyms: searchSynonymsField,
});
export type SiteSettingsInput = z.infer<typeof SiteSettingsSchema>;
