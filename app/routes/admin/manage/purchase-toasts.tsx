import { useLoaderData, type MetaFunction } from "react-router";
import type { Route } from "./+types/purchase-toasts";
import {
  pagePurchaseEntriesForAdmin,
  purchaseEntryWrites,
  setPurchaseEntryActive,
  type AdminPurchaseEntry,
} from "~/db/queries/purchase-entries.server";
import { purchaseEntryList } from "~/lib/admin/admin-lists";
import { answerBulkOrCrud, emptyList, readList } from "~/lib/admin/list-actions.server";
import { loadPage, withPostedForm } from "~/lib/admin/manager-actions.server";
import { useTableManager } from "~/components/admin/manager-state";
import { purchaseToastMessages } from "~/lib/admin/messages/purchase-toasts";
import { td } from "~/components/admin/manager-table";
import { adminSection } from "~/lib/admin/sections";
import { TableManager } from "~/components/admin/table-manager";
import { requireAdmin } from "~/lib/auth/guard.server";
import { TextField } from "~/components/forms/fields";
import { DateField } from "~/components/forms/date-field";
import { daysBetween, istDate } from "~/core/ist";
import { daysAgoText, isShownOn } from "~/lib/purchase-toast";
import { purchaseEntryDefaults, PurchaseEntrySchema } from "~/lib/schemas/admin/purchase-entry";
import { dbContext } from "~/lib/request-context";

// Purchase Toasts manager (issue 25 "True social proof"): the real purchases the purchase toast
// shows, each for 30 days after its date of purchase. Every loader and action starts with the guard.

const section = adminSection("purchase-toasts");
const m = purchaseToastMessages;
const crud = {
  schema: PurchaseEntrySchema,
  messages: m,
  home: section.path,
  what: m.what,
  writes: purchaseEntryWrites,
};

export const meta: MetaFunction = () => [{ title: `${section.title} · Admin` }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  await requireAdmin(db, request);
  const url = new URL(request.url);
  // With today in India, as the toast counts it: which entries visitors still see.
  return {
    ...(await loadPage(
      db,
      m.what,
      m,
      { entries: () => readList(db, purchaseEntryList, url, pagePurchaseEntriesForAdmin) },
      { entries: emptyList<AdminPurchaseEntry>(purchaseEntryList, url) },
    )),
    today: istDate(),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const admin = await requireAdmin(db, request);
  return withPostedForm(request, (values) =>
    answerBulkOrCrud(db, request, values, admin, {
      ...crud,
      list: purchaseEntryList,
      setActive: setPurchaseEntryActive,
      anchor: true,
    }),
  );
}

export default function PurchaseToastsManager() {
  const { entries: list, today, loadError } = useLoaderData<typeof loader>();
  const entries = list.rows;
  const state = useTableManager([...entries, ...list.others], purchaseEntryDefaults);
  const fields = (
    <>
      <p className="text-sm text-slate-600">{m.intro}</p>
      <TextField {...state.field("buyer_name")} label={m.buyerName} maxLength={60} />
      <TextField {...state.field("city")} label={m.city} maxLength={80} />
      <TextField {...state.field("product")} label={m.product} maxLength={120} />
      <DateField {...state.field("purchased_on")} label={m.purchasedOn} hint={m.purchasedOnHint} notFuture />
    </>
  );

  return (
    <TableManager
      section={section}
      listing={{
        list: purchaseEntryList,
        data: list,
        what: "purchases",
        sorts: { purchased: m.purchased, buyer: m.buyerName, city: m.city, product: m.product },
        dateLabel: m.purchased,
      }}
      columns={[
        { label: m.buyerName, sort: "buyer" },
        { label: m.city, sort: "city" },
        { label: m.product, sort: "product" },
        { label: m.purchased, sort: "purchased" },
      ]}
      state={state}
      name={(entry) => `${entry.buyer_name}, ${entry.city}`}
      texts={m}
      fields={fields}
      loadError={loadError}
      renderCells={(entry) => (
        <>
          <th scope="row" className={`${td} font-medium break-words`}>
            {entry.buyer_name}
          </th>
          <td className={`${td} break-words`}>{entry.city}</td>
          <td className={`${td} break-words`}>{entry.product}</td>
          <td className={`${td} whitespace-nowrap`}>
            <time dateTime={entry.purchased_on}>{entry.purchased_on}</time>
            <span className="block text-xs text-slate-600">
              {isShownOn(entry.purchased_on, today) ? daysAgoText(daysBetween(entry.purchased_on, today)) : m.expired}
            </span>
          </td>
        </>
      )}
    />
  );
}
