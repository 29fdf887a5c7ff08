import { useId, useRef } from "react";
import { useLoaderData, type MetaFunction } from "react-router";
import type { Route } from "./+types/site-settings";
import { InlineFailure, useFocusFirstInvalid } from "~/components/admin/manager-form";
import { LoadFailure } from "~/components/admin/manager-page";
import { failureOf, postedValues, useManager, type FormValues } from "~/components/admin/manager-state";
import { CheckboxField } from "~/components/forms/checkbox-field";
import { bindFields } from "~/components/forms/bind-fields";
import { SubmitButton, TextAreaField, TextField } from "~/components/forms/fields";
import { SectionHeader } from "~/components/admin/section-header";
import { SessionOfferFields } from "~/components/admin/session-offer-fields";
import { SiteFiguresFields } from "~/components/admin/site-figures-fields";
import { UnsavedWork } from "~/components/admin/unsaved-work";
import { useHydrated } from "~/components/layout/use-hydrated";
import type { DB } from "~/db/client.server";
import { readSiteSettings, saveSiteSettings } from "~/db/queries/site-settings.server";
import { countPublishedContent } from "~/db/queries/site-figures.server";
import { answerSave, attempt, done, loadPage, withPostedForm } from "~/lib/admin/manager-actions.server";
import { commonMessages } from "~/lib/admin/messages/common";
import { siteSettingsMessages } from "~/lib/admin/messages/site-settings";
import { siteContentMessages } from "~/lib/admin/messages/site-content";
import { adminSection } from "~/lib/admin/sections";
import { requireAdmin } from "~/lib/auth/guard.server";
import { formFailure, parseForm } from "~/lib/forms/read-form.server";
import { SiteSettingsSchema } from "~/lib/schemas/admin/site-settings";
import { SiteFiguresSchema } from "~/lib/schemas/admin/site-figures";
import type { AdminActor } from "~/db/audited-write.server";
import { getSiteSettings } from "~/lib/site/settings.server";
import { parseSettings, type SiteSettings } from "~/lib/site/settings";
import { FIGURE_IDS, figureKeys, PRACTICE_TESTS_FROM_KEY, readFigureSettings } from "~/lib/site/site-figures";
import { dbContext } from "~/lib/request-context";

// Site settings (DESIGN §8): the facts every page shows — brand, contact details, the learning
// app and its login, the booking recipient, the purchase toasts, whether new testimonials wait for
// approval (issue 25), the home page's figures and whether the demo's contact details are still
// in place (issue 48) — changed by staff, not by a developer. The loader and the action start
// with the guard.

const settingsSection = adminSection("settings");

const messages = siteSettingsMessages;
const figureMessages = siteContentMessages.figures;

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

/** The demo's placeholder contact details, each with the hint its field shows (issue 48). */
const demoHints = siteContentMessages.demo;
const demoFieldHint = (name: TextKey, demo: SiteSettings["demoContacts"]) =>
  name === "contact_phone" && demo.phone
    ? demoHints.phone
    : name === "whatsapp_number" && demo.whatsapp
      ? demoHints.whatsapp
      : name === "contact_email" && demo.email
        ? demoHints.email
        : undefined;

/** The figures' settings as the form shows them (~/lib/site/site-figures.ts). */
function figureValues(rows: Record<string, string>): FormValues {
  const { figures, practiceTestsFrom } = readFigureSettings(rows);
  const values: FormValues = { [PRACTICE_TESTS_FROM_KEY]: practiceTestsFrom };
  for (const id of FIGURE_IDS) {
    const keys = figureKeys(id);
    Object.assign(values, {
      [keys.value]: figures[id].value,
      [keys.asOf]: figures[id].asOf,
      [keys.source]: figures[id].source,
    });
  }
  return values;
}

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

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  await requireAdmin(db, request);
  const reads = {
    values: async () => {
      const rows = await readSiteSettings(db);
      return { ...toValues(parseSettings(rows)), ...figureValues(rows) };
    },
    demo: async () => (await getSiteSettings(db)).demoContacts,
    counts: countPublishedContent,
  };
  return loadPage(db, "site settings", messages, reads, {
    values: null,
    demo: null,
    counts: { tests: 0, questions: 0 },
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const admin = await requireAdmin(db, request);
  return withPostedForm(request, (values) =>
    values.intent === "save-figures"
      ? saveFigures(db, values, admin)
      : answerSave(values, SiteSettingsSchema, messages.saveFailed, async (input) => {
          const saved = await attempt("save site settings", () => saveSiteSettings(db, admin, input));
          if (!saved.ok) return formFailure(503, { formError: messages.saveFailed, values });
          return done(settingsSection.path, messages.saved);
        }),
  );
}

/** The figures' own form (issue 48): only its settings are written, the rest are left as they are. */
async function saveFigures(db: DB, values: Record<string, string>, admin: AdminActor) {
  const parsed = parseForm(SiteFiguresSchema, values);
  if (!parsed.ok) return formFailure(400, { formError: commonMessages.invalid, fieldErrors: parsed.errors, values });
  const saved = await attempt("save site figures", () => saveSiteSettings(db, admin, parsed.data));
  if (!saved.ok) return formFailure(503, { formError: messages.saveFailed, values });
  return done(settingsSection.path, figureMessages.saved);
}

export default function SiteSettingsManager() {
  const { values: saved, demo, counts, loadError } = useLoaderData<typeof loader>();
  const manager = useManager();
  const hydrated = useHydrated();
  const headingId = useId();
  const figuresId = useId();
  const failure = failureOf(manager, ["save"]);
  const figuresFailure = failureOf(manager, ["save-figures"]);
  const figuresShown = figuresFailure ? figuresFailure.values : saved;
  const values = failure
    ? postedValues(failure.values, ["purchase_toasts_enabled", "testimonials_need_approval"])
    : saved;
  const field = bindFields(values ?? {}, failure?.fieldErrors);
  const { fetcher } = manager;
  // A refused save takes staff to its first wrong field, far above the Save button.
  const settingsForm = useRef<HTMLFormElement>(null);
  const figuresForm = useRef<HTMLFormElement>(null);
  const refused = fetcher.data?.ok === false;
  useFocusFirstInvalid(settingsForm, refused ? failure : undefined);
  useFocusFirstInvalid(figuresForm, refused ? figuresFailure : undefined);

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
          <fetcher.Form ref={settingsForm} method="post" noValidate={hydrated} className="mt-4 space-y-4">
            <input type="hidden" name="intent" value="save" />
            <UnsavedWork manager={manager} failure={failure} />
            {textFields.map((name) => (
              <TextField
                key={name}
                {...field(name)}
                label={messages.labels[name]}
                hint={demo ? demoFieldHint(name, demo) : undefined}
              />
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
      {figuresShown ? (
        <section aria-labelledby={figuresId} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <h2 id={figuresId} className="text-lg font-semibold text-slate-900">
            {figureMessages.legend}
          </h2>
          <InlineFailure manager={manager} failure={figuresFailure} />
          <fetcher.Form ref={figuresForm} method="post" noValidate={hydrated} className="mt-4 space-y-4">
            <input type="hidden" name="intent" value="save-figures" />
            <UnsavedWork manager={manager} failure={figuresFailure} />
            <SiteFiguresFields
              field={bindFields(figuresShown, figuresFailure?.fieldErrors)}
              practiceTestsFrom={String(figuresShown[PRACTICE_TESTS_FROM_KEY] ?? "typed")}
              counts={counts}
            />
            <SubmitButton
              label={figureMessages.save}
              pendingLabel={messages.saving}
              pending={manager.busyIntent === "save-figures"}
            />
          </fetcher.Form>
        </section>
      ) : null}
    </div>
  );
}
