import { useLoaderData, type MetaFunction } from "react-router";
import type { Route } from "./+types/catalogue";
import { CoursesTab, TestSeriesTab } from "~/components/admin/catalogue-manager";
import {
  listCoursesForAdmin,
  listTestSeriesForAdmin,
  pageCoursesForAdmin,
  pageTestSeriesForAdmin,
  type AdminCourse,
  type AdminTestSeries,
} from "~/db/queries/catalog.server";
import { courseList, testSeriesList } from "~/lib/admin/admin-lists";
import { emptyList, readList } from "~/lib/admin/list-actions.server";
import { answerCatalogue } from "~/lib/admin/catalogue-actions.server";
import { catalogueTabOf } from "~/lib/admin/catalogue-tabs";
import { loadPage } from "~/lib/admin/manager-actions.server";
import { mediaChoices, withMediaFields, type MediaFieldSpec } from "~/lib/admin/media-fields.server";
import { catalogueMessages } from "~/lib/admin/messages/catalogue";
import { adminSection } from "~/lib/admin/sections";
import { requireAdmin } from "~/lib/auth/guard.server";
import { courseDefaults, CourseSchema, testSeriesDefaults, TestSeriesSchema } from "~/lib/schemas/admin/catalogue";
import { dbContext } from "~/lib/request-context";

// The catalogue manager (issue 26): the test series and courses the site sells, two tables on
// one page (?tab=courses), each with its add/edit form and delete. The Image is picked from the
// media library or uploaded in place (issue 45). Every loader and action starts with the guard.

const section = adminSection("catalogue");

/** The card's picture: decorative (the card's title says what it is), titled after the item. */
const mediaFields: MediaFieldSpec[] = [
  { name: "image", kind: "image", label: "Image", decorative: true, title: (values) => values.title },
];

export const meta: MetaFunction = () => [{ title: `${section.title} · Admin` }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  await requireAdmin(db, request);
  const url = new URL(request.url);
  const courses = catalogueTabOf(url.searchParams) === "courses";
  // Both tables on either tab: the course form chooses among the series, and a series' delete
  // says when courses are sold as it. The tab's own list is read as its address says (issue 48).
  return loadPage(
    db,
    "catalogue",
    catalogueMessages,
    {
      testSeries: listTestSeriesForAdmin,
      courses: listCoursesForAdmin,
      seriesList: () => (courses ? Promise.resolve(null) : readList(db, testSeriesList, url, pageTestSeriesForAdmin)),
      courseList: () => (courses ? readList(db, courseList, url, pageCoursesForAdmin) : Promise.resolve(null)),
      media: () => mediaChoices(db, ["image"]),
    },
    {
      testSeries: [],
      courses: [],
      seriesList: courses ? null : emptyList<AdminTestSeries>(testSeriesList, url),
      courseList: courses ? emptyList<AdminCourse>(courseList, url) : null,
      media: undefined,
    },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const admin = await requireAdmin(db, request);
  return withMediaFields(
    db,
    request,
    admin,
    mediaFields,
    (values) => answerCatalogue(db, request, values, admin),
    (values) => (values.table === "courses" ? CourseSchema : TestSeriesSchema),
  );
}

export default function CatalogueManager() {
  const { testSeries, courses, seriesList, courseList: coursePage, media, loadError } = useLoaderData<typeof loader>();
  return coursePage ? (
    <CoursesTab
      list={coursePage}
      testSeries={testSeries}
      defaults={courseDefaults}
      loadError={loadError}
      media={media}
    />
  ) : (
    <TestSeriesTab
      list={seriesList!}
      courses={courses}
      defaults={testSeriesDefaults}
      loadError={loadError}
      media={media}
    />
  );
}
