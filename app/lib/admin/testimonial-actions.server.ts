import type { AdminActor } from "~/db/audited-write.server";
import type { DB } from "~/db/client.server";
import { deleteTestimonial, renameTestimonial, setTestimonialStatus } from "~/db/queries/testimonials.server";
import { formFailure, parseForm } from "~/lib/forms/read-form.server";
import { TestimonialNameSchema, testimonialStatusIntents } from "~/lib/schemas/admin/testimonial";
import { listBack, withRow } from "~/core/list-query";
import { testimonialList } from "./admin-lists";
import { answerBulk } from "./list-actions.server";
import { attempt, done, parseId, postedForm, withPostedForm } from "./manager-actions.server";
import { commonMessages } from "./messages/common";
import { testimonialModerationMessages } from "./messages/testimonials";
import { adminSection } from "./sections";

// What the testimonials manager's action does (issue 25): approve, hide, rename or delete the
// testimonial with the posted id. The route runs requireAdmin first and passes the admin.

const m = testimonialModerationMessages;
const home = adminSection("testimonials").path;

/** What each posted intent does to the testimonial with the posted id, and its toasts. */
function writeOf(admin: AdminActor, values: Record<string, string>) {
  const intent = values.intent ?? "";
  if (intent === "approve" || intent === "hide") {
    const status = testimonialStatusIntents[intent];
    const success = status === "approved" ? m.approved : m.hidden;
    return { success, failed: m.saveFailed, run: (db: DB, id: number) => setTestimonialStatus(db, admin, id, status) };
  }
  if (intent === "delete") {
    return {
      success: m.deleted,
      failed: m.deleteFailed,
      run: (db: DB, id: number) => deleteTestimonial(db, admin, id),
    };
  }
  return null;
}

/** The answer to a post to the testimonials manager, back to the list as it was viewed (issue 48). */
export function answerTestimonialsForm(db: DB, request: Request, admin: AdminActor) {
  const back = listBack(home, request.url);
  return withPostedForm(request, async (values) => {
    if (values.intent === "bulk") {
      return answerBulk(db, request, values, {
        admin,
        list: testimonialList,
        home,
        writes: {
          approve: (_db, actor, id) => setTestimonialStatus(db, actor, id, "approved"),
          hide: (_db, actor, id) => setTestimonialStatus(db, actor, id, "hidden"),
          pending: (_db, actor, id) => setTestimonialStatus(db, actor, id, "pending"),
          delete: deleteTestimonial,
        },
      });
    }
    const id = parseId(values.id);
    if (values.intent === "update") {
      if (id === null) return formFailure(400, { formError: m.saveFailed, values });
      const parsed = parseForm(TestimonialNameSchema, values);
      if (!parsed.ok) {
        return formFailure(400, { formError: commonMessages.invalid, fieldErrors: parsed.errors, values });
      }
      const result = await attempt("rename testimonial", () => renameTestimonial(db, admin, id, parsed.data));
      if (!result.ok) return formFailure(503, { formError: m.saveFailed, values });
      if (!result.value) return formFailure(404, { formError: m.saveFailed, values });
      return done(withRow(back, id), m.updated);
    }
    const write = writeOf(admin, values);
    const which = postedForm(values);
    if (!write || id === null) return formFailure(400, { formError: write?.failed ?? m.saveFailed, values: which });
    const result = await attempt(`${values.intent} testimonial`, () => write.run(db, id));
    if (!result.ok || !result.value) {
      return formFailure(result.ok ? 404 : 503, { formError: write.failed, values: which });
    }
    return done(write.success === m.deleted ? back : withRow(back, id), write.success);
  });
}
