import { useId, useRef, useState } from "react";
import { Link, useLoaderData, useLocation, type MetaFunction } from "react-router";
import type { Route } from "./+types/welcome-popup";
import { MediaField } from "~/components/admin/media-field";
import { InlineFailure, SubmitTokenField } from "~/components/admin/manager-form";
import { LoadFailure } from "~/components/admin/manager-page";
import { failureOf, postedValues, toFormValues, useManager } from "~/components/admin/manager-state";
import { Notice } from "~/components/admin/notice";
import { Panel } from "~/components/admin/panel";
import { secondaryButton } from "~/components/admin/styles";
import { CheckboxField } from "~/components/forms/checkbox-field";
import { bindFields } from "~/components/forms/bind-fields";
import { SubmitButton, TextAreaField, TextField } from "~/components/forms/fields";
import { PopupMockup, PopupPreviewDialog, type PopupDraft } from "~/components/admin/popup-preview";
import { SectionHeader } from "~/components/admin/section-header";
import { UnsavedWork } from "~/components/admin/unsaved-work";
import { adminSection } from "~/lib/admin/sections";
import { useHydrated } from "~/components/layout/use-hydrated";
import { getWelcomePopupForAdmin, saveWelcomePopup } from "~/db/queries/welcome-popup.server";
import { answerSave, attempt, done, loadPage, submittedBy } from "~/lib/admin/manager-actions.server";
import { mediaChoices, withMediaFields, type MediaFieldSpec } from "~/lib/admin/media-fields.server";
import { welcomePopupManagerMessages } from "~/lib/admin/messages/welcome-popup";
import { requireAdmin } from "~/lib/auth/guard.server";
import { defaultSiteFigures, practiceTestsBullet } from "~/lib/site/site-figures";
import { loadSiteFigures } from "~/lib/site/site-figures.server";
import { formFailure } from "~/lib/forms/read-form.server";
import { welcomePopupDefaults, WelcomePopupSchema } from "~/lib/schemas/admin/welcome-popup";
import { dbContext } from "~/lib/request-context";

// Welcome Popup manager (spec §2, §4 "Popup", §5, §7, §8): one form for the single popup row.
// Save creates the row when none exists, otherwise updates it; the button reads Create or Update,
// 'Saving...' while busy. Preview opens a mock-up of the popup (without JavaScript: ?preview=1
// shows the saved popup in the page). The Image URL is picked from the media library or uploaded
// in place (issue 45). Every loader and action starts with the guard.

const section = adminSection("welcome-popup");
const m = welcomePopupManagerMessages;

/** The popup's picture is decorative: its heading and words say what the popup is. */
const mediaFields: MediaFieldSpec[] = [
  { name: "image_url", kind: "image", label: "Image URL", decorative: true, title: (values) => values.title },
];

export const meta: MetaFunction = () => [{ title: `${section.title} · Admin` }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  await requireAdmin(db, request);
  return loadPage(
    db,
    "welcome popup",
    m,
    // The figures give the popup's first bullet, as on the home page (issue 48).
    { popup: getWelcomePopupForAdmin, media: () => mediaChoices(db, ["image"]), figures: loadSiteFigures },
    { popup: null, media: undefined, figures: defaultSiteFigures },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const admin = await requireAdmin(db, request);
  return withMediaFields(
    db,
    request,
    admin,
    mediaFields,
    (posted) =>
      answerSave(posted, WelcomePopupSchema, m.saveFailed, async (input, values) => {
        // A save replayed with the same token (issue 7) writes nothing and is answered as the first was.
        const actor = submittedBy(admin, section.path, values);
        const saved = await attempt("save welcome popup", () => saveWelcomePopup(db, actor, input));
        if (!saved.ok && saved.replay)
          return done(section.path, saved.replay.outcome === "create" ? m.created : m.updated);
        if (!saved.ok) return formFailure(503, { formError: m.saveFailed, values });
        return done(section.path, saved.value.created ? m.created : m.updated);
      }),
    () => WelcomePopupSchema,
  );
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
  const { popup, media, figures, loadError } = useLoaderData<typeof loader>();
  // A page rendered from other data (a form kept across a sign-in) may come without the figures.
  const practiceTests = practiceTestsBullet(figures ?? defaultSiteFigures);
  const manager = useManager();
  const hydrated = useHydrated();
  const location = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  const previewRef = useRef<HTMLButtonElement>(null);
  const inlinePreviewId = useId();
  const [draft, setDraft] = useState<PopupDraft | null>(null);

  const failure = failureOf(manager, ["save"]);
  const values = failure ? postedValues(failure.values, ["is_active"]) : toFormValues(popup ?? welcomePopupDefaults);
  const field = bindFields(values, failure?.fieldErrors);
  const { fetcher } = manager;
  const showInlinePreview = !hydrated && new URLSearchParams(location.search).has("preview");

  return (
    <div className="space-y-6">
      <SectionHeader section={section} />
      <LoadFailure message={loadError} />
      {loadError ? null : <Notice tone="info">{popup ? (popup.is_active ? m.shown : m.hidden) : m.notSaved}</Notice>}

      <Panel heading={m.formTitle}>
        <InlineFailure manager={manager} failure={failure} />
        <fetcher.Form
          ref={formRef}
          method="post"
          encType="multipart/form-data"
          noValidate={hydrated}
          className="mt-4 space-y-4"
        >
          <input type="hidden" name="intent" value="save" />
          <SubmitTokenField />
          <UnsavedWork manager={manager} failure={failure} />
          <TextField {...field("title")} label={m.title} />
          <TextField {...field("subtitle")} label={m.subtitle} optional />
          <TextAreaField {...field("description")} label={m.description} />
          <MediaField
            {...field("image_url")}
            kind="image"
            media={media}
            label={m.imageUrl}
            hint={m.imageHint}
            aspect="aspect-[15/8]"
            decorative
            titleFrom="title"
          />
          <CheckboxField name="is_active" label={m.showToVisitors} defaultChecked={values.is_active === true} />
          <div className="flex flex-wrap gap-3 pt-1">
            <SubmitButton
              label={popup ? m.update : m.create}
              pendingLabel={m.saving}
              pending={manager.busyIntent === "save"}
            />
            {hydrated ? (
              <button
                ref={previewRef}
                type="button"
                onClick={() => setDraft(draftOf(formRef.current))}
                className={secondaryButton}
              >
                {m.preview}
              </button>
            ) : (
              <Link to={`${section.path}?preview=1#${inlinePreviewId}`} className={secondaryButton}>
                {m.preview}
              </Link>
            )}
          </div>
        </fetcher.Form>
      </Panel>

      {showInlinePreview ? (
        <section
          id={inlinePreviewId}
          aria-label={m.previewHeading}
          className="max-w-md space-y-3 rounded-2xl border border-slate-200 bg-slate-100 p-4"
        >
          <PopupMockup draft={toDraft(popup)} headingId={`${inlinePreviewId}-title`} practiceTests={practiceTests} />
          <Link to={section.path} className={secondaryButton}>
            {m.closePreview}
          </Link>
        </section>
      ) : null}

      <PopupPreviewDialog
        draft={draft}
        practiceTests={practiceTests}
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
