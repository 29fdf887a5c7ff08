import { useLoaderData, type MetaFunction } from "react-router";
import type { Route } from "./+types/testimonials";
import { ConfirmDeletePanel, type DeleteRequest } from "~/components/admin/confirm-delete";
import { ListTable, viewHref } from "~/components/admin/list-controls";
import { TableManagerForm } from "~/components/admin/manager-form";
import { ManagerPage } from "~/components/admin/manager-page";
import { useTableManager } from "~/components/admin/manager-state";
import { RowActions, td } from "~/components/admin/manager-table";
import { TestimonialStatusBadge, TestimonialStatusButtons } from "~/components/admin/testimonial-status";
import { formatIstDate } from "~/core/ist";
import { TextField } from "~/components/forms/fields";
import { labelled } from "~/components/forms/select-field";
import {
  countPendingTestimonials,
  pageTestimonialsForAdmin,
  type AdminTestimonial,
} from "~/db/queries/testimonials.server";
import { TESTIMONIAL_STATUSES, testimonialList } from "~/lib/admin/admin-lists";
import { emptyList, readList } from "~/lib/admin/list-actions.server";
import { listMessages } from "~/lib/admin/messages/lists";
import { loadPage } from "~/lib/admin/manager-actions.server";
import { commonMessages } from "~/lib/admin/messages/common";
import { testimonialModerationMessages } from "~/lib/admin/messages/testimonials";
import { adminSection } from "~/lib/admin/sections";
import { answerTestimonialsForm } from "~/lib/admin/testimonial-actions.server";
import { requireAdmin } from "~/lib/auth/guard.server";
import { dbContext } from "~/lib/request-context";

// Testimonials manager (issue 25): every testimonial visitors sent, newest first, each approved
// (on the home page), waiting for approval, or hidden; staff approve, hide, correct the display
// name and delete (with the spec's style of prompt, §5). Every write goes through auditedWrite,
// so the cached home page is marked stale. Issue 48: searched, filtered (?status=pending: those
// waiting), sorted and paged by its address, with bulk Approve, Hide and Delete. The loader and
// the action start with the guard.

const section = adminSection("testimonials");
const m = testimonialModerationMessages;

export const meta: MetaFunction = () => [{ title: `${section.title} · Admin` }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  await requireAdmin(db, request);
  const url = new URL(request.url);
  return loadPage(
    db,
    "testimonials",
    m,
    {
      testimonials: () => readList(db, testimonialList, url, pageTestimonialsForAdmin),
      waiting: countPendingTestimonials,
    },
    { testimonials: emptyList<AdminTestimonial>(testimonialList, url), waiting: null },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const admin = await requireAdmin(db, request);
  return answerTestimonialsForm(db, request, admin);
}

export default function TestimonialsManager() {
  const { testimonials: list, waiting, loadError } = useLoaderData<typeof loader>();
  const testimonials = list.rows;
  const state = useTableManager([...testimonials, ...list.others], { name: "" });
  const { manager, dialog, confirming } = state;
  const home = section.path;
  const view = list.view;
  const back = viewHref(home, view);
  const deleteRequest = (row: { id: number; name: string }): DeleteRequest => ({
    fields: { intent: "delete", id: String(row.id) },
    title: commonMessages.deleteTitle(m.what),
    prompt: m.confirmDelete,
    name: row.name,
    restorable: true,
  });

  return (
    <ManagerPage
      section={section}
      formOpen={Boolean(state.editing || state.failure)}
      loadError={loadError}
      manager={manager}
      dialog={dialog}
    >
      {waiting === null ? null : <p className="text-slate-700">{m.waiting(waiting)}</p>}
      {state.editing || state.failure ? (
        <TableManagerForm state={state} home={back} addTitle={m.editTitle} editTitle={m.editTitle}>
          <TextField {...state.field("name")} label={m.name} maxLength={100} />
        </TableManagerForm>
      ) : null}
      {confirming ? <ConfirmDeletePanel manager={manager} request={deleteRequest(confirming)} cancelTo={back} /> : null}
      <ListTable<AdminTestimonial>
        home={home}
        manager={manager}
        listing={{
          list: testimonialList,
          data: list,
          what: "testimonials",
          sorts: { received: m.received, name: m.name, rating: m.rating },
          dateLabel: m.received,
          controls: [
            {
              name: "status",
              label: listMessages.status,
              options: labelled(TESTIMONIAL_STATUSES, m.status),
            },
            {
              name: "rating",
              label: m.rating,
              options: ["5", "4", "3", "2", "1"].map((value) => ({ value, label: m.stars(Number(value)) })),
            },
          ],
        }}
        label={m.table}
        columns={[
          { label: m.name, sort: "name" },
          { label: m.rating, sort: "rating" },
          m.comment,
          { label: m.received, sort: "received" },
        ]}
        trailing={[commonMessages.status, commonMessages.actions]}
        empty={m.empty}
        loadError={loadError}
        name={(row) => row.name}
        renderRow={(row) => (
          <>
            <th scope="row" className={`${td} font-medium break-words`}>
              {row.name}
            </th>
            <td className={`${td} whitespace-nowrap`}>{m.stars(row.rating)}</td>
            <td className={`${td} max-w-md break-words whitespace-pre-line`}>{row.comment}</td>
            <td className={`${td} whitespace-nowrap`}>
              <time dateTime={row.created_at}>{formatIstDate(row.created_at)}</time>
            </td>
            <td className={td}>
              <TestimonialStatusBadge status={row.status} />
            </td>
            <td className={td}>
              <div className="flex flex-wrap gap-2">
                <TestimonialStatusButtons manager={manager} id={row.id} name={row.name} status={row.status} />
                <RowActions
                  name={row.name}
                  editHref={viewHref(home, view, { edit: row.id })}
                  deleteHref={viewHref(home, view, { delete: row.id })}
                  onDelete={(trigger) => dialog.open(trigger, deleteRequest(row))}
                />
              </div>
            </td>
          </>
        )}
      />
    </ManagerPage>
  );
}
