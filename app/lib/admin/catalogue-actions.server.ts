import type { AdminActor } from "~/db/audited-write.server";
import type { DB } from "~/db/client.server";
import {
  createCourse,
  createTestSeries,
  deleteCourse,
  deleteTestSeries,
  setCourseActive,
  setTestSeriesActive,
  testSeriesExists,
  testSeriesTitleTaken,
  updateCourse,
  updateTestSeries,
} from "~/db/queries/catalog.server";
import { formFailure } from "~/lib/forms/read-form.server";
import { CourseSchema, TestSeriesSchema } from "~/lib/schemas/admin/catalogue";
import { listBack } from "~/core/list-query";
import { courseList, testSeriesList } from "./admin-lists";
import { catalogueHref, catalogueTabOf } from "./catalogue-tabs";
import { activeRowWrites, answerBulk, type BulkWrite } from "./list-actions.server";
import { adminSection } from "./sections";
import { answerCrud, attempt, done, parseId, postedForm } from "./manager-actions.server";
import { catalogueMessages } from "./messages/catalogue";

// The catalogue manager's action (issue 26): the posted `table` picks the test series or the
// courses, then a create, update or delete is answered as every manager's is (answerCrud):
// audited, back to that tab with the toast, or refused with each field's error. A test series'
// delete is its own: refused while courses are sold as it.

const m = catalogueMessages;

/**
 * A test series' delete: refused, naming them, while courses are sold as it (issue 42: deleting
 * it put them on sale at ₹0).
 */
async function deleteSeries(db: DB, values: Record<string, string>, admin: AdminActor, back: string) {
  const t = m.seriesSection;
  const which = postedForm(values);
  const id = parseId(values.id);
  if (id === null) return formFailure(400, { formError: t.deleteFailed, values: which });
  const result = await attempt("delete test series", () => deleteTestSeries(db, admin, id));
  if (!result.ok) return formFailure(503, { formError: t.deleteFailed, values: which });
  const { deleted, soldAs } = result.value;
  if (soldAs.length > 0) return formFailure(409, { formError: t.soldAs(soldAs), values: which });
  if (!deleted) return formFailure(404, { formError: t.deleteFailed, values: which });
  return done(back, t.deleted);
}

/** A test series' delete as one row of a bulk delete: refused while courses are sold as it. */
const deleteSeriesRow: BulkWrite = async (db, actor, id) => {
  const { deleted, soldAs } = await deleteTestSeries(db, actor, id);
  return deleted ? true : soldAs.length > 0 ? "refused" : false;
};

/**
 * The answer to a posted catalogue form, back to the tab's list as it was viewed (issue 48). The
 * caller has run requireAdmin.
 */
export function answerCatalogue(db: DB, request: Request, values: Record<string, string>, admin: AdminActor) {
  const home = adminSection("catalogue").path;
  const back = listBack(home, request.url);
  const tab = catalogueTabOf(new URL(request.url).searchParams);
  if (values.intent === "bulk") {
    const courses = tab === "courses";
    return answerBulk(db, request, values, {
      admin,
      list: courses ? courseList : testSeriesList,
      home,
      writes: courses
        ? activeRowWrites(setCourseActive, deleteCourse)
        : activeRowWrites(setTestSeriesActive, deleteSeriesRow),
    });
  }
  if (values.table === "courses") {
    return answerCrud(db, values, admin, {
      schema: CourseSchema,
      messages: m.courseSection,
      home: tab === "courses" ? back : catalogueHref("courses"),
      what: "course",
      anchor: true,
      // The chosen series must still exist (another admin may have just deleted it).
      check: async (input) =>
        input.test_series_id !== null && !(await testSeriesExists(db, input.test_series_id))
          ? { test_series_id: m.courseSection.seriesMissing }
          : null,
      writes: { create: createCourse, update: updateCourse, remove: deleteCourse },
    });
  }
  const seriesBack = tab === "test-series" ? back : home;
  if (values.intent === "delete") return deleteSeries(db, values, admin, seriesBack);
  const editing = values.intent === "update" ? parseId(values.id) : null;
  return answerCrud(db, values, admin, {
    schema: TestSeriesSchema,
    messages: m.seriesSection,
    home: seriesBack,
    what: "test series",
    anchor: true,
    // Titles are URLs, compared in any case: two series cannot share one.
    check: async (input) =>
      (await testSeriesTitleTaken(db, input.title, editing)) ? { title: m.seriesSection.titleTaken } : null,
    // A delete is answered above (deleteSeries), which can say why it was refused.
    writes: {
      create: createTestSeries,
      update: updateTestSeries,
      remove: async (_db, actor, id) => (await deleteTestSeries(db, actor, id)).deleted,
    },
  });
}
