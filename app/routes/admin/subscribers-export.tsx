import type { Route } from "./+types/subscribers-export";
import { formatIstTime } from "~/core/ist";
import { toCsv } from "~/core/csv";
import { choicesOf, listSubscribersForExport } from "~/db/queries/alert-subscribers.server";
import { subscriptionTabs } from "~/lib/alert-mail/messages";
import { csvDownload } from "~/lib/admin/downloads.server";
import { subscriberMessages as t } from "~/lib/admin/messages/subscribers";
import { requireAdmin } from "~/lib/auth/guard.server";
import { SubscriberListSchema } from "~/lib/schemas/admin/subscribers";
import { dbContext } from "~/lib/request-context";

// The job alert subscribers as a spreadsheet (issue 49): /admin/subscribers.csv with the list's
// search and status, newest first, each with its choices and its consent (when, from which page,
// the words shown). Written like the leads export: UTF-8 with a byte-order mark, formulas escaped
// by toCsv. Admin-only; never cached.

type Row = Awaited<ReturnType<typeof listSubscribersForExport>>[number];

const yes = (value: boolean) => (value ? t.yes : t.no);

function cells(row: Row) {
  const choices = choicesOf(row);
  return [
    row.email,
    t.statusNames[row.delivery_failed_at ? "failed" : row.status],
    ...subscriptionTabs.map((tab) => yes(choices.tabs.includes(tab.slug))),
    yes(choices.reminders),
    yes(choices.tests),
    t.frequencies[choices.frequency],
    formatIstTime(row.created_at),
    row.confirmed_at ? formatIstTime(row.confirmed_at) : null,
    `${formatIstTime(row.consent_at)}, ${row.consent_source}`,
    row.consent_text,
    row.delivery_failed_at ? formatIstTime(row.delivery_failed_at) : null,
  ];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  await requireAdmin(db, request);
  const parsed = SubscriberListSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const query = parsed.success ? parsed.data : {};
  const rows = await listSubscribersForExport(db, query);
  return csvDownload(toCsv(t.csvHeader, rows.map(cells)), "subscribers.csv");
}
