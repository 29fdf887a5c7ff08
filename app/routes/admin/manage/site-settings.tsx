import { useRef, type ReactNode } from "react";
import type { z } from "zod";
import { useLoaderData, type MetaFunction } from "react-router";
import type { Route } from "./+types/site-settings";
import { InlineFailure, useFocusFirstInvalid } from "~/components/admin/manager-form";
import { LoadFailure } from "~/components/admin/manager-page";
import { Panel } from "~/components/admin/panel";
import { failureOf, postedValues, useManager, type FormValues, type Manager } from "~/components/admin/manager-state";
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
import { attempt, done, loadPage, postedForm, withPostedForm } from "~/lib/admin/manager-actions.server";
import { commonMessages } from "~/lib/admin/messages/common";
import { siteSettingsMessages } from "~/lib/admin/messages/site-settings";
import { siteContentMessages } from "~/lib/admin/messages/site-content";
import { adminSection } from "~/lib/admin/sections";
import { requireAdmin } from "~/lib/auth/guard.server";
import { formFailure, parseForm } from "~/lib/forms/read-form.server";
import { SiteSettingsSchema } from "~/lib/schemas/admin/site-settings";
import { SiteFiguresSchema } from "~/lib/schemas/admin/site-figures";
import { fieldLabel } from "~/lib/admin/history-diff";
import type { AdminActor } from "~/db/audited-write.server";
import type { AuditDetails } from "~/db/queries/audit-log.server";
import { editsSinceLoad, LOADED_FIELD, loadedField } from "~/lib/forms/edits-since-load";
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
    values: () => readFormValues(db),
    demo: async () => (await getSiteSettings(db)).demoContacts,
    counts: countPublishedContent,
  };
  // Each form's fields, for what it posts as loaded: the schemas themselves stay on the server.
  const names = { settings: Object.keys(SiteSettingsSchema.shape), figures: Object.keys(SiteFiguresSchema.shape) };
  return {
    ...(await loadPage(db, "site settings", messages, reads, {
      values: null,
      demo: null,
      counts: { tests: 0, questions: 0 },
    })),
    names,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const admin = await requireAdmin(db, request);
  return withPostedForm(request, (values) => {
    if (values.intent === "save-figures") return saveGroup(db, admin, values, SiteFiguresSchema, figureMessages.saved);
    if (values.intent === "save") return saveGroup(db, admin, values, SiteSettingsSchema, messages.saved);
    return formFailure(400, { formError: messages.saveFailed, values: postedForm(values) });
  });
}

/** What the settings' form and the figures' form show: every setting, read now. */
async function readFormValues(db: DB): Promise<FormValues> {
  const rows = await readSiteSettings(db);
  return { ...toValues(parseSettings(rows)), ...figureValues(rows) };
}

/**
 * Saves one of the page's two forms: only the fields changed since the form was loaded are
 * written, so a save never puts back what another admin changed meanwhile; a field both changed
 * is refused with what the other saved (~/lib/forms/edits-since-load.ts).
 */
async function saveGroup(
  db: DB,
  admin: AdminActor,
  values: Record<string, string>,
  schema: typeof SiteSettingsSchema | typeof SiteFiguresSchema,
  savedMessage: string,
) {
  const parsed = parseForm<z.ZodType<Record<string, string | boolean | undefined>>>(schema, values);
  if (!parsed.ok) return formFailure(400, { formError: commonMessages.invalid, fieldErrors: parsed.errors, values });
  const names = Object.keys(schema.shape);
  const stored = await attempt("read site settings", () => readFormValues(db));
  if (!stored.ok) return formFailure(503, { formError: messages.saveFailed, values });
  const { changed, conflicts } = editsSinceLoad(values, stored.value, names);
  if (conflicts.length > 0) {
    // The form again: this admin's changes, the other's everywhere else, loaded as stored now.
    const merged: Record<string, string> = { ...values, [LOADED_FIELD]: loadedField(stored.value, names) };
    for (const unchanged of names.filter((name) => !changed.includes(name))) {
      const now = stored.value[unchanged];
      if (now === true) merged[unchanged] = "on";
      else if (typeof now === "string") merged[unchanged] = now;
      else delete merged[unchanged];
    }
    return formFailure(409, {
      formError: messages.changedMeanwhile(conflicts.map(({ name }) => fieldLabel("site_settings", name))),
      fieldErrors: Object.fromEntries(conflicts.map(({ name, saved }) => [name, messages.savedMeanwhile(saved)])),
      values: merged,
    });
  }
  const input: Record<string, string | boolean | undefined> = Object.fromEntries(
    Object.entries(parsed.data).filter(([name]) => changed.includes(name)),
  );
  // The activity log names the brand for the settings, and says when it was the figures.
  const details: AuditDetails =
    schema === SiteSettingsSchema ? { brand: String(parsed.data.brand_name) } : { figures: true };
  const saved = await attempt("save site settings", () => saveSiteSettings(db, admin, input, details));
  if (!saved.ok) return formFailure(503, { formError: messages.saveFailed, values });
  return done(settingsSection.path, savedMessage);
}

export default function SiteSettingsManager() {
  const { values: saved, demo, counts, loadError, names } = useLoaderData<typeof loader>();
  const manager = useManager();
  const failure = failureOf(manager, ["save"]);
  const figuresFailure = failureOf(manager, ["save-figures"]);
  const figuresShown = figuresFailure ? figuresFailure.values : saved;
  const values = failure
    ? postedValues(failure.values, ["purchase_toasts_enabled", "testimonials_need_approval"])
    : saved;
  const field = bindFields(values ?? {}, failure?.fieldErrors);

  return (
    <div className="space-y-6">
      <SectionHeader section={settingsSection} />
      <LoadFailure message={loadError} />
      {values ? (
        <SettingsGroup
          heading={messages.heading}
          intent="save"
          names={names.settings}
          saved={saved}
          failure={failure}
          save={messages.save}
          manager={manager}
        >
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
        </SettingsGroup>
      ) : null}
      {figuresShown ? (
        <SettingsGroup
          heading={figureMessages.legend}
          intent="save-figures"
          names={names.figures}
          saved={saved}
          failure={figuresFailure}
          save={figureMessages.save}
          manager={manager}
        >
          <SiteFiguresFields
            field={bindFields(figuresShown, figuresFailure?.fieldErrors)}
            practiceTestsFrom={String(figuresShown[PRACTICE_TESTS_FROM_KEY] ?? "typed")}
            counts={counts}
          />
        </SettingsGroup>
      ) : null}
    </div>
  );
}

/** One of the page's two forms, in its own box, saved apart from the other. */
function SettingsGroup({
  heading,
  intent,
  names,
  saved,
  failure,
  save,
  manager,
  children,
}: {
  manager: Manager;
  heading: string;
  intent: "save" | "save-figures";
  /** The form's fields, as the loaded values it posts name them. */
  names: string[];
  saved: FormValues | null;
  failure: ReturnType<typeof failureOf>;
  save: string;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  // A refused save takes staff to its first wrong field, far above the Save button.
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(form, manager.fetcher.data?.ok === false ? failure : undefined);
  // What the form was loaded with: a refusal over someone else's save loads it again. Loaded anew
  // (that, or a save), the form starts again from its values: its fields are not controlled.
  const loaded = failure?.values[LOADED_FIELD] ?? loadedField(saved ?? {}, names);
  return (
    <Panel heading={heading}>
      <InlineFailure manager={manager} failure={failure} />
      <manager.fetcher.Form key={loaded} ref={form} method="post" noValidate={hydrated} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name={LOADED_FIELD} value={loaded} />
        <UnsavedWork manager={manager} failure={failure} />
        {children}
        <SubmitButton label={save} pendingLabel={messages.saving} pending={manager.busyIntent === intent} />
      </manager.fetcher.Form>
    </Panel>
  );
}
