import { useLoaderData, useLocation, type MetaFunction } from "react-router";
import type { Route } from "./+types/leads";
import { LeadCard } from "~/components/admin/lead-card";
import { LeadFilters } from "~/components/admin/lead-filters";
import {
  BulkBarWithSelectAll,
  BulkConfirmPanel,
  BulkProvider,
  useBulk,
  useFocusSavedRow,
} from "~/components/admin/list-controls";
import { LoadFailure } from "~/components/admin/manager-page";
import { failureOf, useManager } from "~/components/admin/manager-state";
import { Notice } from "~/components/admin/notice";
import { SectionHeader } from "~/components/admin/section-header";
import { Pagination } from "~/components/content/pagination";
import { listBack, LIST_PAGE_MAX } from "~/core/list-query";
import { pageHref, parsePage } from "~/core/pagination";
import type { DB } from "~/db/client.server";
import { findLeads, listLeads, setLeadStatus, updateLeadStatus, type LeadKind } from "~/db/queries/leads.server";
import type { LeadStatus } from "~/db/schema";
import { leadList } from "~/lib/admin/admin-lists";
import { answerBulk } from "~/lib/admin/list-actions.server";
import { listMessages, type BulkAction } from "~/lib/admin/messages/lists";
import { attempt, done, loadPage, withPostedForm } from "~/lib/admin/manager-actions.server";
import { commonMessages } from "~/lib/admin/messages/common";
import { leadMessages } from "~/lib/admin/messages/leads";
import { adminSection } from "~/lib/admin/sections";
import { requireAdmin } from "~/lib/auth/guard.server";
import { formFailure, parseForm } from "~/lib/forms/read-form.server";
import { leadFilterOf, LeadStatusSchema, type LeadFilterInput } from "~/lib/schemas/admin/lead";
import { dbContext } from "~/lib/request-context";

// The leads inbox (issue 25): contact messages and session bookings in one list, newest first,
// filtered by kind, status and a search, a page at a time; each lead's status and note saved by
// its own form, audited. The filters are the address's query, so the list, its pages and its CSV
// export (/admin/leads.csv) share them, with or without JavaScript. Issue 48: the days received
// and the order too (?from=&to=&sort=name&dir=asc), a status set on many leads at once (each lead
// its own audited write), and a save returns to the same view with the lead in view
// (#row-contact-12). /admin/leads?status=new lists the new ones. Loader and action start with the
// guard.

const section = adminSection("leads");
const t = leadMessages;

export const meta: MetaFunction = () => [{ title: `${section.title} · Admin` }];

/** The filters as query parameters, the empty ones left out. */
function filterParams(filter: LeadFilterInput): Record<string, string> {
  return Object.fromEntries(Object.entries(filter).filter((entry): entry is [string, string] => Boolean(entry[1])));
}

/** A lead's key in a bulk selection, the kind and the id: "contact-12", "booking-3". */
const leadKey = (lead: { kind: LeadKind; id: number }) => `${lead.kind}-${lead.id}`;

/** The leads of a posted selection, each once, at most a page's; null when any is not a lead's key. */
function parseLeadKeys(values: readonly string[]): { kind: LeadKind; id: number }[] | null {
  const keys = new Map<string, { kind: LeadKind; id: number }>();
  for (const text of values.flatMap((v) => v.split(",")).map((v) => v.trim())) {
    if (text === "") continue;
    const match = /^(contact|booking)-(\d{1,9})$/.exec(text);
    if (!match || Number(match[2]) < 1) return null;
    keys.set(text, { kind: match[1] as LeadKind, id: Number(match[2]) });
  }
  return keys.size === 0 || keys.size > LIST_PAGE_MAX ? null : [...keys.values()];
}

/** The bulk action's status: status-contacted → contacted. */
const statusOf = (bulk: BulkAction) => bulk.replace(/^status-/, "") as LeadStatus;

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  await requireAdmin(db, request);
  const url = new URL(request.url);
  const filter = leadFilterOf(url.searchParams);
  // A page number that is not one shows the first page.
  const page = parsePage(url.searchParams.get("page")) ?? 1;
  const empty = { items: [], page, hasNext: false };
  const loaded = await loadPage(db, "leads", t, { leads: () => listLeads(db, filter, page) }, { leads: empty });

  // The bulk confirmation without JavaScript (?bulk=status-closed&ids=contact-12, or &all=1).
  let bulk: { action: BulkAction; rows: { id: string; name: string }[] } | null = null;
  let bulkError: string | null = null;
  const asked = url.searchParams.get("bulk");
  if (asked !== null && !loaded.loadError) {
    const chosen = leadList.bulk.find((a) => a === asked);
    const keys =
      url.searchParams.get("all") === "1" ? loaded.leads.items : parseLeadKeys(url.searchParams.getAll("ids"));
    if (!chosen) bulkError = listMessages.unknownAction;
    else if (!keys || keys.length === 0) bulkError = listMessages.noneSelected;
    else {
      const found = await findLeads(db, keys);
      const rows = found.map((lead) => ({ id: leadKey(lead), name: lead.name }));
      bulk = rows.length > 0 ? { action: chosen, rows } : null;
      if (!bulk) bulkError = listMessages.gone;
    }
  }
  return { ...loaded, filter, bulk, bulkError };
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const admin = await requireAdmin(db, request);
  // Back to the list as it was: the same filters and page.
  const back = listBack(section.path, request.url);
  return withPostedForm(request, async (values) => {
    if (values.intent === "bulk") {
      return answerBulk(db, request, values, {
        admin,
        list: leadList,
        home: section.path,
        parse: (ids) => parseLeadKeys([ids]),
        writes: Object.fromEntries(
          leadList.bulk.map((bulk) => [
            bulk,
            (_db: DB, actor: Parameters<typeof setLeadStatus>[1], key: { kind: LeadKind; id: number }) =>
              setLeadStatus(db, actor, key, statusOf(bulk)),
          ]),
        ),
      });
    }
    const parsed = parseForm(LeadStatusSchema, values);
    if (!parsed.ok) {
      return formFailure(400, { formError: commonMessages.invalid, fieldErrors: parsed.errors, values });
    }
    const result = await attempt("update lead", () => updateLeadStatus(db, admin, parsed.data));
    if (!result.ok) return formFailure(503, { formError: t.saveFailed, values });
    if (!result.value) return formFailure(404, { formError: t.notFound, values });
    // The saved lead stays in view (issue 48).
    return done(`${back}#row-${leadKey(parsed.data)}`, t.updated);
  });
}

export default function LeadsInbox() {
  const { leads, filter, bulk: step, bulkError, loadError } = useLoaderData<typeof loader>();
  const manager = useManager();
  const location = useLocation();
  const failure = failureOf(manager, ["status"]);
  const params = filterParams(filter);
  const search = new URLSearchParams(params).toString();
  const filtered = search !== "";
  const bulk = useBulk(true);
  useFocusSavedRow();
  const view = { params, q: filter.q, sort: filter.sort ?? "received", dir: filter.dir ?? "desc" };
  const listView = { ...view, page: leads.page, filters: params, filtered };
  const here = pageHref(location.pathname, params, leads.page);

  return (
    <div className="space-y-6">
      <SectionHeader section={section} />
      <LoadFailure message={loadError} />
      {failure?.formError && manager.inline ? <Notice tone="error">{failure.formError}</Notice> : null}
      <BulkConfirmPanel
        manager={manager}
        list={leadList}
        step={step}
        error={bulkError}
        name={(row) => row.name}
        cancelTo={here}
      />
      <LeadFilters filter={filter} home={section.path} exportHref={`/admin/leads.csv${search ? `?${search}` : ""}`} />
      {leads.items.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white px-4 py-6 text-center text-slate-600">
          {loadError ?? (filtered ? t.noMatch : t.empty)}
        </p>
      ) : (
        <BulkProvider selection={bulk}>
          <BulkBarWithSelectAll
            selection={bulk}
            home={section.path}
            list={leadList}
            view={listView}
            manager={manager}
            what="leads"
            nameOf={(key) => leads.items.find((lead) => leadKey(lead) === key)?.name}
          />
          <ul aria-label={t.list} className="space-y-4">
            {leads.items.map((lead) => (
              <LeadCard
                key={leadKey(lead)}
                lead={lead}
                manager={manager}
                failure={
                  failure?.values.kind === lead.kind && failure.values.id === String(lead.id) ? failure : undefined
                }
              />
            ))}
          </ul>
        </BulkProvider>
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
