import type { AdminActor } from "~/db/audited-write.server";
import { getDb } from "~/db/client.server";
import {
  createCourse,
  createTestSeries,
  deleteCourse,
  deleteTestSeries,
  testSeriesExists,
  testSeriesTitleTaken,
  updateCourse,
  updateTestSeries,
} from "~/db/queries/catalog-writes.server";
import { formFailure } from "~/lib/forms/read-form.server";
import { CourseSchema, TestSeriesSchema } from "~/lib/schemas/admin/catalogue";
import { catalogueHref } from "./catalogue-tabs";
import { answerCrud, attempt, done, parseId, postedForm } from "./manager-actions.server";
import { adminMessages } from "./messages";

// The catalogue manager's action (issue 26): the posted `table` picks the test series or the
// courses, then a create, update or delete is answered as every manager's is (answerCrud):
// audited, back to that tab with the toast, or refused with each field's error. A test series'
// delete is its own: refused while courses are sold as it.

const m = adminMessages.catalogue;

/**
 * A test series' delete: refused, naming them, while courses are sold as it (issue 42: deleting
 * it put them on sale at ₹0).
 */
async function deleteSeries(values: Record<string, string>, admin: AdminActor) {
  const t = m.seriesSection;
  const which = postedForm(values);
  const id = parseId(values.id);
  if (id === null) return formFailure(400, { formError: t.deleteFailed, values: which });
  const result = await attempt("delete test series", () => deleteTestSeries(getDb(), admin, id));
  if (!result.ok) return formFailure(503, { formError: t.deleteFailed, values: which });
  const { deleted, soldAs } = result.value;
  if (soldAs.length > 0) return formFailure(409, { formError: t.soldAs(soldAs), values: which });
  if (!deleted) return formFailure(404, { formError: t.deleteFailed, values: which });
  return done(catalogueHref("test-series"), t.deleted);
}

/** The answer to a posted catalogue form. The caller has run requireAdmin. */
export function answerCatalogue(values: Record<string, string>, admin: AdminActor) {
  if (values.table === "courses") {
    return answerCrud(values, admin, {
      schema: CourseSchema,
      messages: m.courseSection,
      home: catalogueHref("courses"),
      what: "course",
      // The chosen series must still exist (another admin may have just deleted it).
      check: async (input, db) =>
        input.test_series_id !== null && !(await testSeriesExists(db, input.test_series_id))
          ? { test_series_id: m.courseSection.seriesMissing }
          : null,
      writes: { create: createCourse, update: updateCourse, remove: deleteCourse },
    });
  }
  if (values.intent === "delete") return deleteSeries(values, admin);
  const editing = values.intent === "update" ? parseId(values.id) : null;
  return answerCrud(values, admin, {
    schema: TestSeriesSchema,
    messages: m.seriesSection,
    home: catalogueHref("test-series"),
    what: "test series",
    // Titles are URLs, compared in any case: two series cannot share one.
    check: async (input, db) =>
      (await testSeriesTitleTaken(db, input.title, editing)) ? { title: m.seriesSection.titleTaken } : null,
    // A delete is answered above (deleteSeries), which can say why it was refused.
    writes: {
      create: createTestSeries,
      update: updateTestSeries,
      remove: async (db, actor, id) => (await deleteTestSeries(db, actor, id)).deleted,
    },
  });
}
