import { useLoaderData, useLocation, type MetaFunction } from "react-router";
import type { Route } from "./+types/leads";
import { LeadCard } from "~/components/admin/lead-card";
import { LeadFilters } from "~/components/admin/lead-filters";
import { LoadFailure } from "~/components/admin/manager-page";
import { failureOf, useManager } from "~/components/admin/manager-state";
import { Notice } from "~/components/admin/notice";
import { SectionHeader } from "~/components/admin/section-header";
import { Pagination } from "~/components/content/pagination";
import { pageHref, parsePage } from "~/core/pagination";
import { getDb } from "~/db/client.server";
import { listLeads, updateLeadStatus } from "~/db/queries/leads.server";
import { attempt, done, loadPage, withPostedForm } from "~/lib/admin/manager-actions.server";
import { adminMessages } from "~/lib/admin/messages";
import { adminSection } from "~/lib/admin/sections";
import { requireAdmin } from "~/lib/auth/guard.server";
import { formFailure, parseForm } from "~/lib/forms/read-form.server";
import { leadFilterOf, LeadStatusSchema, type LeadFilterInput } from "~/lib/schemas/admin/lead";

// The leads inbox (issue 25): contact messages and session bookings in one list, newest first,
// filtered by kind, status and a search, a page at a time; each lead's status and note saved by
// its own form, audited. The filters are the address's query, so the list, its pages and its CSV
// export (/admin/leads.csv) share them, with or without JavaScript. Loader and action start with
// the guard.

const section = adminSection("leads");
const t = adminMessages.leads;

export const meta: MetaFunction = () => [{ title: `${section.title} · Admin` }];

/** The filters as query parameters, the empty ones left out. */
function filterParams(filter: LeadFilterInput): Record<string, string> {
  return Object.fromEntries(Object.entries(filter).filter((entry): entry is [string, string] => Boolean(entry[1])));
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const filter = leadFilterOf(url.searchParams);
  // A page number that is not one shows the first page.
  const page = parsePage(url.searchParams.get("page")) ?? 1;
  const empty = { items: [], page, hasNext: false };
  const loaded = await loadPage("leads", t, { leads: (db) => listLeads(db, filter, page) }, { leads: empty });
  return { ...loaded, filter };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  // Back to the list as it was: the same filters and page.
  const back = `${section.path}${new URL(request.url).search}`;
  return withPostedForm(request, async (values) => {
    const parsed = parseForm(LeadStatusSchema, values);
    if (!parsed.ok) {
      return formFailure(400, { formError: adminMessages.common.invalid, fieldErrors: parsed.errors, values });
    }
    const result = await attempt("update lead", () => updateLeadStatus(getDb(), admin, parsed.data));
    if (!result.ok) return formFailure(503, { formError: t.saveFailed, values });
    if (!result.value) return formFailure(404, { formError: t.notFound, values });
    return done(back, t.updated);
  });
}

export default function LeadsInbox() {
  const { leads, filter, loadError } = useLoaderData<typeof loader>();
  const manager = useManager();
  const location = useLocation();
  const failure = failureOf(manager, ["status"]);
  const params = filterParams(filter);
  const search = new URLSearchParams(params).toString();
  const filtered = search !== "";

  return (
    <div className="space-y-6">
      <SectionHeader section={section} />
      <LoadFailure message={loadError} />
      {failure?.formError && manager.inline ? <Notice tone="error">{failure.formError}</Notice> : null}
      <LeadFilters filter={filter} home={section.path} exportHref={`/admin/leads.csv${search ? `?${search}` : ""}`} />
      {leads.items.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white px-4 py-6 text-center text-slate-600">
          {loadError ?? (filtered ? t.noMatch : t.empty)}
        </p>
      ) : (
        <ul aria-label={t.list} className="space-y-4">
          {leads.items.map((lead) => (
            <LeadCard
              key={`${lead.kind}-${lead.id}`}
              lead={lead}
              manager={manager}
              failure={
                failure?.values.kind === lead.kind && failure.values.id === String(lead.id) ? failure : undefined
              }
            />
          ))}
        </ul>
      )}
      <Pagination
        label={t.pagination}
        page={leads.page}
        hasNext={leads.hasNext}
        href={(page) => pageHref(location.pathname, params, page)}
      />
    </div>
  );
}
