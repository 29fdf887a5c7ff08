import { useId } from "react";
import { useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "react-router";
import { Notice, primaryButton } from "~/components/admin/auth-ui";
import { managerMessages } from "~/components/admin/manager-messages";
import {
  CheckboxField,
  failureOf,
  LoadFailure,
  postedValues,
  TextField,
  useManager,
  type FormValues,
} from "~/components/admin/manager-ui";
import { SectionHeader } from "~/components/admin/section-header";
import { settingsSection } from "~/components/admin/sections";
import { useHydrated } from "~/components/layout/use-hydrated";
import { getDb } from "~/db/client.server";
import {
  attempt,
  done,
  loadOr,
  parseForm,
  readAdminForm,
  refuse,
  unreadable,
} from "~/lib/admin/manager-actions.server";
import { saveSiteSettings } from "~/lib/admin/site-settings.server";
import { requireAdmin } from "~/lib/auth/guard.server";
import { SiteSettingsSchema } from "~/lib/schemas/admin/site-settings";
import { getSiteSettings } from "~/lib/settings.server";
import type { SiteSettings } from "~/lib/settings";

// Site settings (DESIGN §8): the facts every page shows — brand, contact details, the learning
// app and its login, the booking recipient, the purchase toasts — changed by staff, not by a
// developer. The loader and the action start with the guard.

const messages = {
  heading: "Settings",
  save: "Save Settings",
  saving: "Saving...",
  saved: "Site settings updated successfully",
  saveFailed: "Failed to save site settings",
  loadFailed: "Failed to load site settings",
  toastsNote: "Purchase toasts show sample buyers; you may switch them off (India's 2023 dark-pattern guidelines).",
  labels: {
    brand_name: "Brand name",
    whatsapp_number: "WhatsApp number (with country code)",
    contact_email: "Contact e-mail",
    contact_phone: "Contact phone",
    contact_address: "Address",
    student_login_url: "Student login URL",
    student_login_org_code: "Organisation code for student login",
    learning_app_url: "Learning app URL (hero banners link here)",
    booking_recipient_email: "Send contact messages and bookings to",
    purchase_toasts_enabled: "Show purchase notification toasts",
  },
} as const;

type TextKey = Exclude<keyof typeof messages.labels, "purchase_toasts_enabled">;
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
  };
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { value, loadError } = await loadOr("site settings", () => getSiteSettings(getDb()), null);
  return { values: value ? toValues(value) : null, loadError: loadError ? messages.loadFailed : null };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const values = await readAdminForm(request);
  if (!values) return unreadable();
  if (values.intent !== "save") return refuse(400, { intent: values.intent ?? "", message: messages.saveFailed });
  const parsed = parseForm(SiteSettingsSchema, values);
  if (!parsed.ok)
    return refuse(400, { intent: "save", message: managerMessages.invalid, values, errors: parsed.errors });
  const saved = await attempt("save site settings", () => saveSiteSettings(getDb(), admin, parsed.data));
  if (!saved.ok) return refuse(503, { intent: "save", message: messages.saveFailed, values });
  return done(settingsSection.path, messages.saved);
}

export default function SiteSettingsManager() {
  const { values: saved, loadError } = useLoaderData<typeof loader>();
  const manager = useManager();
  const hydrated = useHydrated();
  const headingId = useId();
  const failure = failureOf(manager, ["save"]);
  const values = failure ? postedValues(failure.values, ["purchase_toasts_enabled"]) : saved;
  const busy = manager.busyIntent === "save";
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
          {failure && manager.inline ? (
            <div className="mt-3">
              <Notice tone="error">{failure.message}</Notice>
            </div>
          ) : null}
          <fetcher.Form method="post" noValidate={hydrated} className="mt-4 space-y-4">
            <input type="hidden" name="intent" value="save" />
            {textFields.map((name) => (
              <TextField
                key={name}
                name={name}
                label={messages.labels[name]}
                values={values}
                errors={failure?.fieldErrors}
              />
            ))}
            <CheckboxField
              name="purchase_toasts_enabled"
              label={messages.labels.purchase_toasts_enabled}
              values={values}
            />
            <p className="text-sm text-slate-600">{messages.toastsNote}</p>
            <button type="submit" disabled={busy} className={primaryButton}>
              {busy ? messages.saving : messages.save}
            </button>
          </fetcher.Form>
        </section>
      ) : null}
    </div>
  );
}
