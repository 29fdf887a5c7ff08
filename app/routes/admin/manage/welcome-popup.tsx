import { useId, useRef, useState } from "react";
import {
  useLoaderData,
  useLocation,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "react-router";
import { Link } from "~/components/ui/link";
import { Notice, primaryButton, secondaryButton } from "~/components/admin/auth-ui";
import { ImageUrlField } from "~/components/admin/image-url-field";
import { managerMessages } from "~/components/admin/manager-messages";
import {
  CheckboxField,
  failureOf,
  LoadFailure,
  postedValues,
  SubmitTokenField,
  TextAreaField,
  TextField,
  toFormValues,
  useManager,
} from "~/components/admin/manager-ui";
import { PopupMockup, PopupPreviewDialog, type PopupDraft } from "~/components/admin/popup-preview";
import { SectionHeader } from "~/components/admin/section-header";
import { adminSections } from "~/components/admin/sections";
import { useHydrated } from "~/components/layout/use-hydrated";
import { getDb } from "~/db/client.server";
import {
  attempt,
  done,
  loadOr,
  parseForm,
  readAdminForm,
  refuse,
  submittedBy,
  unreadable,
} from "~/lib/admin/manager-actions.server";
import { adminMessages } from "~/lib/admin/messages";
import { getWelcomePopupForAdmin, saveWelcomePopup } from "~/lib/admin/welcome-popup.server";
import { requireAdmin } from "~/lib/auth/guard.server";
import { welcomePopupDefaults, WelcomePopupSchema } from "~/lib/schemas/admin/welcome-popup";

// Welcome Popup manager (spec §2, §4 "Popup", §5, §7, §8): one form for the single popup row.
// Save creates the row when none exists, otherwise updates it; the button reads Create or Update,
// 'Saving...' while busy. Preview opens a mock-up of the popup (without JavaScript: ?preview=1
// shows the saved popup in the page). Every loader and action starts with the guard.

const section = adminSections[2];
const m = adminMessages.welcomePopup;
const t = managerMessages.welcomePopup;

export const meta: MetaFunction = () => [{ title: `${section.title} · Admin` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { value, loadError } = await loadOr("welcome popup", () => getWelcomePopupForAdmin(getDb()), null);
  return { popup: value, loadError: loadError ? m.loadFailed : null };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const values = await readAdminForm(request);
  if (!values) return unreadable();
  if (values.intent !== "save") return refuse(400, { intent: values.intent ?? "", message: m.saveFailed });
  const parsed = parseForm(WelcomePopupSchema, values);
  if (!parsed.ok) {
    return refuse(400, { intent: "save", message: managerMessages.invalid, values, errors: parsed.errors });
  }
  // A save replayed with the same token (issue 7) writes nothing and is answered as the first was.
  const actor = submittedBy(admin, section.path, values);
  const saved = await attempt("save welcome popup", () => saveWelcomePopup(getDb(), actor, parsed.data));
  if (!saved.ok && saved.replay) return done(section.path, saved.replay.outcome === "create" ? m.created : m.updated);
  if (!saved.ok) return refuse(503, { intent: "save", message: m.saveFailed, values });
  return done(section.path, saved.value.created ? m.created : m.updated);
}

/** The form's current fields, for the preview. */
function draftOf(form: HTMLFormElement | null): PopupDraft {
  const data = form ? new FormData(form) : new FormData();
  const field = (name: string) => String(data.get(name) ?? "");
  return {
    title: field("title"),
    subtitle: field("subtitle"),
    description: field("description"),
    image_url: field("image_url"),
  };
}

export default function WelcomePopupManager() {
  const { popup, loadError } = useLoaderData<typeof loader>();
  const manager = useManager();
  const hydrated = useHydrated();
  const location = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  const previewRef = useRef<HTMLButtonElement>(null);
  const headingId = useId();
  const inlinePreviewId = useId();
  const [draft, setDraft] = useState<PopupDraft | null>(null);

  const failure = failureOf(manager, ["save"]);
  const values = failure ? postedValues(failure.values, ["is_active"]) : toFormValues(popup ?? welcomePopupDefaults);
  const busy = manager.busyIntent === "save";
  const { fetcher } = manager;
  const showInlinePreview = !hydrated && new URLSearchParams(location.search).has("preview");

  return (
    <div className="space-y-6">
      <SectionHeader section={section} />
      <LoadFailure message={loadError} />
      {loadError ? null : <Notice tone="info">{popup ? (popup.is_active ? t.shown : t.hidden) : t.notSaved}</Notice>}

      <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {t.formTitle}
        </h2>
        {failure && manager.inline ? (
          <div className="mt-3">
            <Notice tone="error">{failure.message}</Notice>
          </div>
        ) : null}
        <fetcher.Form ref={formRef} method="post" noValidate={hydrated} className="mt-4 space-y-4">
          <input type="hidden" name="intent" value="save" />
          <SubmitTokenField />
          <TextField name="title" label={t.title} values={values} errors={failure?.fieldErrors} />
          <TextField name="subtitle" label={t.subtitle} optional values={values} errors={failure?.fieldErrors} />
          <TextAreaField name="description" label={t.description} values={values} errors={failure?.fieldErrors} />
          <ImageUrlField
            values={values}
            errors={failure?.fieldErrors}
            label={t.imageUrl}
            hint={t.imageHint}
            aspect="aspect-[15/8]"
          />
          <CheckboxField name="is_active" label={m.showToVisitors} values={values} />
          <div className="flex flex-wrap gap-3 pt-1">
            <button type="submit" disabled={busy} className={primaryButton}>
              {busy ? m.saving : popup ? m.update : m.create}
            </button>
            {hydrated ? (
              <button
                ref={previewRef}
                type="button"
                onClick={() => setDraft(draftOf(formRef.current))}
                className={secondaryButton}
              >
                {t.preview}
              </button>
            ) : (
              <Link to={`${section.path}?preview=1#${inlinePreviewId}`} className={secondaryButton}>
                {t.preview}
              </Link>
            )}
          </div>
        </fetcher.Form>
      </section>

      {showInlinePreview ? (
        <section
          id={inlinePreviewId}
          aria-label={t.previewHeading}
          className="max-w-md space-y-3 rounded-2xl border border-slate-200 bg-slate-100 p-4"
        >
          <PopupMockup draft={toDraft(popup)} headingId={`${inlinePreviewId}-title`} />
          <Link to={section.path} className={secondaryButton}>
            {t.closePreview}
          </Link>
        </section>
      ) : null}

      <PopupPreviewDialog
        draft={draft}
        onClose={() => {
          setDraft(null);
          previewRef.current?.focus();
        }}
      />
    </div>
  );
}

function toDraft(popup: { title: string; subtitle: string | null; description: string; image_url: string } | null) {
  return {
    title: popup?.title ?? "",
    subtitle: popup?.subtitle ?? "",
    description: popup?.description ?? "",
    image_url: popup?.image_url ?? "",
  };
}
