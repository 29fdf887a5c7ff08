import { useLoaderData, type MetaFunction } from "react-router";
import type { Route } from "./+types/testimonials";
import { ConfirmDeletePanel, type DeleteRequest } from "~/components/admin/confirm-delete";
import { TableManagerForm } from "~/components/admin/manager-form";
import { ManagerPage } from "~/components/admin/manager-page";
import { useTableManager } from "~/components/admin/manager-state";
import { ManagerTable, RowActions, td } from "~/components/admin/manager-table";
import { TestimonialStatusBadge, TestimonialStatusButtons } from "~/components/admin/testimonial-status";
import { formatIstDate } from "~/core/ist";
import { TextField } from "~/components/forms/fields";
import { listTestimonialsForAdmin } from "~/db/queries/testimonials.server";
import { loadPage } from "~/lib/admin/manager-actions.server";
import { adminMessages } from "~/lib/admin/messages";
import { adminSection } from "~/lib/admin/sections";
import { answerTestimonialsForm } from "~/lib/admin/testimonial-actions.server";
import { requireAdmin } from "~/lib/auth/guard.server";

// Testimonials manager (issue 25): every testimonial visitors sent, newest first, each approved
// (on the home page), waiting for approval, or hidden; staff approve, hide, correct the display
// name and delete (with the spec's style of prompt, §5). Every write goes through auditedWrite,
// so the cached home page is marked stale. The loader and the action start with the guard.

const section = adminSection("testimonials");
const m = adminMessages.testimonials;

export const meta: MetaFunction = () => [{ title: `${section.title} · Admin` }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return loadPage("testimonials", m, { testimonials: listTestimonialsForAdmin }, { testimonials: [] });
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  return answerTestimonialsForm(request, admin);
}

export default function TestimonialsManager() {
  const { testimonials, loadError } = useLoaderData<typeof loader>();
  const state = useTableManager(testimonials, { name: "" });
  const { manager, dialog, confirming } = state;
  const home = section.path;
  const waiting = testimonials.filter((t) => t.status === "pending").length;
  const deleteRequest = (row: { id: number; name: string }): DeleteRequest => ({
    fields: { intent: "delete", id: String(row.id) },
    title: adminMessages.common.deleteTitle(m.what),
    prompt: m.confirmDelete,
    name: row.name,
  });

  return (
    <ManagerPage
      section={section}
      formOpen={Boolean(state.editing || state.failure)}
      loadError={loadError}
      manager={manager}
      dialog={dialog}
    >
      {loadError ? null : <p className="text-slate-700">{m.waiting(waiting)}</p>}
      {state.editing || state.failure ? (
        <TableManagerForm state={state} home={home} addTitle={m.editTitle} editTitle={m.editTitle}>
          <TextField {...state.field("name")} label={m.name} maxLength={100} />
        </TableManagerForm>
      ) : null}
      {confirming ? <ConfirmDeletePanel manager={manager} request={deleteRequest(confirming)} cancelTo={home} /> : null}
      <ManagerTable
        label={m.table}
        columns={[m.name, m.rating, m.comment, m.received]}
        empty={testimonials.length === 0 ? (loadError ?? m.empty) : null}
      >
        {testimonials.map((row) => (
          <tr key={row.id}>
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
                  editHref={`${home}?edit=${row.id}`}
                  deleteHref={`${home}?delete=${row.id}`}
                  onDelete={(trigger) => dialog.open(trigger, deleteRequest(row))}
                />
              </div>
            </td>
          </tr>
        ))}
      </ManagerTable>
    </ManagerPage>
  );
}
