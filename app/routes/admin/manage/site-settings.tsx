import { useId } from "react";
import { useLoaderData, type MetaFunction } from "react-router";
import type { Route } from "./+types/site-settings";
import { InlineFailure } from "~/components/admin/manager-form";
import { LoadFailure } from "~/components/admin/manager-page";
import { failureOf, postedValues, useManager, type FormValues } from "~/components/admin/manager-state";
import { CheckboxField } from "~/components/forms/checkbox-field";
import { bindFields } from "~/components/forms/bind-fields";
import { SubmitButton, TextAreaField, TextField } from "~/components/forms/fields";
import { SectionHeader } from "~/components/admin/section-header";
import { SessionOfferFields } from "~/components/admin/session-offer-fields";
import { useHydrated } from "~/components/layout/use-hydrated";
import { getDb, type DB } from "~/db/client.server";
import { saveSiteSettings } from "~/db/queries/site-settings.server";
import { attempt, done, handleSave, loadPage } from "~/lib/admin/manager-actions.server";
import { adminMessages } from "~/lib/admin/messages";
import { adminSection } from "~/lib/admin/sections";
import { requireAdmin } from "~/lib/auth/guard.server";
import { formFailure } from "~/lib/forms/read-form.server";
import { SiteSettingsSchema } from "~/lib/schemas/admin/site-settings";
import { getSiteSettings } from "~/lib/settings.server";
import type { SiteSettings } from "~/lib/settings";

// Site settings (DESIGN §8): the facts every page shows — brand, contact details, the learning
// app and its login, the booking recipient, the purchase toasts, whether new testimonials wait for
// approval (issue 25) — changed by staff, not by a developer. The loader and the action start
// with the guard.

const settingsSection = adminSection("settings");

const messages = adminMessages.siteSettings;

type TextKey = Exclude<keyof typeof messages.labels, "purchase_toasts_enabled" | "testimonials_need_approval">;
const textFields: TextKey[] = [
  "brand_name",
  "whatsapp_number",
  "contact_email",
  "contact_phone",
  "contact_address",
  "student_login_url",
  "student_login_org_code",
  "learning_app_url",
  "booking_recipient_email",
];

export const meta: MetaFunction = () => [{ title: `${settingsSection.title} · Admin` }];

function toValues(s: SiteSettings): FormValues {
  return {
    brand_name: s.brandName,
    whatsapp_number: s.whatsappNumber,
    contact_email: s.contactEmail,
    contact_phone: s.contactPhone,
    contact_address: s.contactAddress,
    student_login_url: s.studentLoginUrl,
    student_login_org_code: s.studentLoginOrgCode,
    learning_app_url: s.learningAppUrl,
    booking_recipient_email: s.bookingRecipientEmail,
    purchase_toasts_enabled: s.purchaseToastsEnabled,
    testimonials_need_approval: s.testimonialsNeedApproval,
    session_fee_rupees: String(s.sessionOffer.feeRupees),
    session_length_minutes: String(s.sessionOffer.lengthMinutes),
    session_mentor: s.sessionOffer.mentor,
    session_callback_hours: String(s.sessionOffer.callbackHours),
    search_synonyms: s.searchSynonyms,
  };
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const reads = { values: async (db: DB) => toValues(await getSiteSettings(db)) };
  return loadPage("site settings", messages, reads, { values: null });
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  return handleSave(request, SiteSettingsSchema, messages.saveFailed, async (input, values) => {
    const saved = await attempt("save site settings", () => saveSiteSettings(getDb(), admin, input));
    if (!saved.ok) return formFailure(503, { formError: messages.saveFailed, values });
    return done(settingsSection.path, messages.saved);
  });
}

export default function SiteSettingsManager() {
  const { values: saved, loadError } = useLoaderData<typeof loader>();
  const manager = useManager();
  const hydrated = useHydrated();
  const headingId = useId();
  const failure = failureOf(manager, ["save"]);
  const values = failure
    ? postedValues(failure.values, ["purchase_toasts_enabled", "testimonials_need_approval"])
    : saved;
  const field = bindFields(values ?? {}, failure?.fieldErrors);
  const { fetcher } = manager;

  return (
    <div className="space-y-6">
      <SectionHeader section={settingsSection} />
      <LoadFailure message={loadError} />
      {values ? (
        <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            {messages.heading}
          </h2>
          <InlineFailure manager={manager} failure={failure} />
          <fetcher.Form method="post" noValidate={hydrated} className="mt-4 space-y-4">
            <input type="hidden" name="intent" value="save" />
            {textFields.map((name) => (
              <TextField key={name} {...field(name)} label={messages.labels[name]} />
            ))}
            <CheckboxField
              name="purchase_toasts_enabled"
              label={messages.labels.purchase_toasts_enabled}
              defaultChecked={values.purchase_toasts_enabled === true}
            />
            <p className="text-sm text-slate-600">{messages.toastsNote}</p>
            <CheckboxField
              name="testimonials_need_approval"
              label={messages.labels.testimonials_need_approval}
              defaultChecked={values.testimonials_need_approval === true}
            />
            <p className="text-sm text-slate-600">{messages.approvalNote}</p>
            <SessionOfferFields field={field} />
            <TextAreaField
              {...field("search_synonyms")}
              label={messages.searchSynonyms.label}
              hint={messages.searchSynonyms.hint}
              rows={6}
              optional
            />
            <SubmitButton
              label={messages.save}
              pendingLabel={messages.saving}
              pending={manager.busyIntent === "save"}
            />
          </fetcher.Form>
        </section>
      ) : null}
    </div>
  );
}
