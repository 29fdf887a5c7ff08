import { useId } from "react";
import { href, Link, useLoaderData, type MetaFunction } from "react-router";
import type { Route } from "./+types/terms-page";
import { InlineFailure } from "~/components/admin/manager-form";
import { LoadFailure } from "~/components/admin/manager-page";
import { failureOf, useManager } from "~/components/admin/manager-state";
import { Panel } from "~/components/admin/panel";
import { SectionHeader } from "~/components/admin/section-header";
import { UnsavedWork } from "~/components/admin/unsaved-work";
import { bindFields } from "~/components/forms/bind-fields";
import { SubmitButton, TextAreaField } from "~/components/forms/fields";
import { useHydrated } from "~/components/layout/use-hydrated";
import { formatIstDate } from "~/core/ist";
import { saveSitePage } from "~/db/queries/site-pages.server";
import { renderMarkdown } from "~/lib/content/markdown.server";
import { attempt, done, handleSave, loadPage } from "~/lib/admin/manager-actions.server";
import { commonMessages } from "~/lib/admin/messages/common";
import { adminSection } from "~/lib/admin/sections";
import { siteContentMessages } from "~/lib/admin/messages/site-content";
import { requireAdmin } from "~/lib/auth/guard.server";
import { formFailure } from "~/lib/forms/read-form.server";
import { markdownError } from "~/lib/questions/question-form.server";
import { TermsPageSchema } from "~/lib/schemas/admin/terms-page";
import { termsPage } from "~/lib/site/terms-page";
import { loadTermsPage } from "~/lib/site/terms-page.server";
import { dbContext } from "~/lib/request-context";

// The terms, refunds and how to pay page (issue 48 item 7): staff write it in Markdown; the save
// renders and sanitises it on the server (the question bank's renderer), and visitors read it at
// /terms. Until the first save the placeholder shows, and this page says so. One plain form: it
// works without JavaScript. The loader and the action start with the guard.

const section = adminSection("terms");
const m = siteContentMessages.terms;

export const meta: MetaFunction = () => [{ title: `${section.title} · Admin` }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  await requireAdmin(db, request);
  return loadPage(db, "terms page", m, { page: () => loadTermsPage(db) }, { page: null });
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const admin = await requireAdmin(db, request);
  return handleSave(request, TermsPageSchema, m.saveFailed, async ({ body }, values) => {
    const rendered = renderMarkdown(body);
    if (!rendered.ok) {
      const fieldErrors = { body: markdownError("Content", rendered.errors) };
      return formFailure(400, { formError: commonMessages.invalid, fieldErrors, values });
    }
    const page = { slug: termsPage.slug, body_md: body, body_html: rendered.html };
    const saved = await attempt("save terms page", () => saveSitePage(db, admin, page));
    if (!saved.ok) return formFailure(503, { formError: m.saveFailed, values });
    return done(section.path, m.saved);
  });
}

export default function TermsPageManager() {
  const { page, loadError } = useLoaderData<typeof loader>();
  const manager = useManager();
  const hydrated = useHydrated();
  const shownId = useId();
  const failure = failureOf(manager, ["save"]);
  const field = bindFields(failure ? failure.values : { body: page?.markdown }, failure?.fieldErrors);
  const { fetcher } = manager;

  return (
    <div className="space-y-6">
      <SectionHeader section={section} />
      <LoadFailure message={loadError} />
      {page ? (
        <>
          <Panel heading={m.heading}>
            {page.updatedAt ? null : <p className="mt-2 text-sm text-amber-900">{m.placeholderNote}</p>}
            <InlineFailure manager={manager} failure={failure} />
            <fetcher.Form method="post" noValidate={hydrated} className="mt-4 space-y-4">
              <input type="hidden" name="intent" value="save" />
              <UnsavedWork manager={manager} failure={failure} />
              <TextAreaField {...field("body")} label={m.body} hint={m.bodyHint} rows={18} maxLength={30_000} />
              <div className="flex flex-wrap items-center gap-4">
                <SubmitButton label={m.save} pendingLabel={m.saving} pending={manager.busyIntent === "save"} />
                <Link to={href("/terms")} className="font-medium text-brand-700 underline hover:text-brand-800">
                  {m.view}
                </Link>
              </div>
            </fetcher.Form>
          </Panel>
          <section aria-labelledby={shownId} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <h2 id={shownId} className="text-lg font-semibold text-slate-900">
              {m.lastSaved}
              {page.updatedAt ? (
                <span className="ml-2 text-sm font-normal text-slate-600">{formatIstDate(page.updatedAt)}</span>
              ) : null}
            </h2>
            <div
              className="mt-3 text-slate-700 [&_a]:text-brand-700 [&_a]:underline [&_h2]:mt-6 [&_h2]:text-lg [&_h2]:font-bold [&_h3]:mt-4 [&_h3]:font-bold [&_li]:mt-1 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-3 [&_ul]:list-disc [&_ul]:pl-6"
              // Rendered and sanitised on the server when saved.
              dangerouslySetInnerHTML={{ __html: page.html }}
            />
          </section>
        </>
      ) : null}
    </div>
  );
}
