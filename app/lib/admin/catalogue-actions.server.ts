import type { AdminActor } from "~/db/audited-write.server";
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
import { CourseSchema, TestSeriesSchema } from "~/lib/schemas/admin/catalogue";
import { catalogueHref } from "./catalogue-tabs";
import { answerCrud, parseId } from "./manager-actions.server";
import { adminMessages } from "./messages";

// The catalogue manager's action (issue 26): the posted `table` picks the test series or the
// courses, then a create, update or delete is answered as every manager's is (answerCrud):
// audited, back to that tab with the toast, or refused with each field's error.

const m = adminMessages.catalogue;

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
  const editing = values.intent === "update" ? parseId(values.id) : null;
  return answerCrud(values, admin, {
    schema: TestSeriesSchema,
    messages: m.seriesSection,
    home: catalogueHref("test-series"),
    what: "test series",
    // Titles are URLs, compared in any case: two series cannot share one.
    check: async (input, db) =>
      (await testSeriesTitleTaken(db, input.title, editing)) ? { title: m.seriesSection.titleTaken } : null,
    writes: { create: createTestSeries, update: updateTestSeries, remove: deleteTestSeries },
  });
}
