import { useLoaderData, type MetaFunction } from "react-router";
import type { Route } from "./+types/faqs";
import { TextAreaField, TextField } from "~/components/forms/fields";
import { useTableManager } from "~/components/admin/manager-state";
import { td } from "~/components/admin/manager-table";
import { OrderCell } from "~/components/admin/move-button";
import { TableManager } from "~/components/admin/table-manager";
import { listBack, withRow } from "~/core/list-query";
import {
  createFaq,
  deleteFaq,
  moveFaq,
  pageFaqsForAdmin,
  setFaqActive,
  updateFaq,
  type AdminFaq,
} from "~/db/queries/faqs.server";
import { faqList } from "~/lib/admin/faq-list";
import {
  answerBulkOrCrud,
  answerMove,
  emptyList,
  readList,
  withPositions,
  type Positioned,
} from "~/lib/admin/list-actions.server";
import { done, loadPage, withPostedForm } from "~/lib/admin/manager-actions.server";
import { adminSection } from "~/lib/admin/sections";
import { siteContentMessages } from "~/lib/admin/messages/site-content";
import { requireAdmin } from "~/lib/auth/guard.server";
import { faqDefaults, FaqMoveSchema, FaqSchema } from "~/lib/schemas/admin/faq";
import { dbContext } from "~/lib/request-context";

// The FAQ manager (issue 48 item 7): the FAQ page's questions, added, reworded, put in order with
// up and down arrows, switched off and deleted; /faqs and its structured data follow. Every
// loader and action starts with the guard.

const section = adminSection("faqs");
const m = siteContentMessages.faqs;

export const meta: MetaFunction = () => [{ title: `${section.title} · Admin` }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  await requireAdmin(db, request);
  const url = new URL(request.url);
  const faqs = () => readList(db, faqList, url, withPositions(pageFaqsForAdmin));
  return loadPage(db, "faqs", m, { faqs }, { faqs: emptyList<Positioned<AdminFaq>>(faqList, url) });
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const admin = await requireAdmin(db, request);
  const back = listBack(section.path, request.url);
  return withPostedForm(request, (values) =>
    values.intent === "move"
      ? answerMove(db, values, admin, {
          schema: FaqMoveSchema,
          what: "faq",
          failed: m.orderFailed,
          move: moveFaq,
          // At an end (or for a question gone meanwhile) nothing happens.
          answer: (id, moved) => done(withRow(back, id), moved ? m.orderUpdated : undefined),
        })
      : answerBulkOrCrud(db, request, values, admin, {
          list: faqList,
          setActive: setFaqActive,
          schema: FaqSchema,
          messages: m,
          home: section.path,
          what: "faq",
          writes: { create: createFaq, update: updateFaq, remove: deleteFaq },
        }),
  );
}

export default function FaqsManager() {
  const { faqs: list, loadError } = useLoaderData<typeof loader>();
  const faqs = list.rows;
  const state = useTableManager([...faqs, ...list.others], faqDefaults);
  const { manager, field } = state;

  return (
    <TableManager
      section={section}
      state={state}
      texts={m}
      loadError={loadError}
      listing={{ list: faqList, data: list, what: "FAQ questions", sorts: { order: m.order } }}
      columns={[m.order, m.question]}
      name={(faq) => faq.question}
      fields={
        <>
          <TextField {...field("question")} label={m.question} maxLength={300} />
          <TextAreaField {...field("answer")} label={m.answer} hint={m.answerHint} rows={6} maxLength={4000} />
        </>
      }
      renderCells={(faq, index) => {
        const position = faq.position ?? faq.display_order;
        return (
          <>
            <OrderCell
              manager={manager}
              id={faq.id}
              position={faq.position}
              place={position}
              last={index === faqs.length - 1 && !list.hasNext}
              texts={m}
            />
            <td className={`${td} break-words`}>
              <span className="font-medium text-slate-900">{faq.question}</span>
              <span className="mt-1 block line-clamp-2 text-sm text-slate-700">{faq.answer}</span>
              <span className="mt-1 block text-xs text-slate-600">{m.anchor(faq.slug)}</span>
            </td>
          </>
        );
      }}
    />
  );
}
