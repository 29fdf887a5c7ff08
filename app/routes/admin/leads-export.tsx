import type { Route } from "./+types/leads-export";
import { formatIstTime } from "~/core/ist";
import { toCsv } from "~/core/csv";
import { listLeadsForExport, type Lead } from "~/db/queries/leads.server";
import { csvDownload } from "~/lib/admin/downloads.server";
import { leadMessages } from "~/lib/admin/messages/leads";
import { requireAdmin } from "~/lib/auth/guard.server";
import { leadFilterOf } from "~/lib/schemas/admin/lead";
import { dbContext } from "~/lib/request-context";

// The leads inbox's CSV export (issue 25): /admin/leads.csv with the inbox's filters, every
// matching lead newest first. UTF-8 with a byte-order mark so Excel reads Hindi names correctly;
// toCsv escapes what a spreadsheet would run as a formula, after a ; tab or | as well as at a cell's
// start (issue 42: a visitor's "x;=HYPERLINK(…)"). Admin-only; never cached.

const t = leadMessages;

function cells(lead: Lead) {
  return [
    t.kinds[lead.kind],
    formatIstTime(lead.createdAt),
    lead.name,
    lead.email,
    lead.phone,
    lead.message,
    lead.gateScore,
    lead.sessionType ? t.sessionTypes[lead.sessionType] : null,
    lead.collegeName,
    t.statuses[lead.status],
    lead.note,
    lead.emailStatus ? t.deliveryStates[lead.emailStatus] : t.deliveryUnknown,
    lead.statusChangedBy,
    lead.statusChangedAt ? formatIstTime(lead.statusChangedAt) : null,
  ];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  await requireAdmin(db, request);
  const filter = leadFilterOf(new URL(request.url).searchParams);
  const leads = await listLeadsForExport(db, filter);
  return csvDownload(toCsv(t.csvHeader, leads.map(cells)), "leads.csv");
}
