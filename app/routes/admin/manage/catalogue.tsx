import { useLoaderData, useLocation, type MetaFunction } from "react-router";
import type { Route } from "./+types/catalogue";
import { CoursesTab, TestSeriesTab } from "~/components/admin/catalogue-manager";
import { listCoursesForAdmin, listTestSeriesForAdmin } from "~/db/queries/catalog-writes.server";
import { answerCatalogue } from "~/lib/admin/catalogue-actions.server";
import { catalogueTabOf } from "~/lib/admin/catalogue-tabs";
import { loadPage } from "~/lib/admin/manager-actions.server";
import { mediaChoices, withMediaFields, type MediaFieldSpec } from "~/lib/admin/media-fields.server";
import { adminMessages } from "~/lib/admin/messages";
import { adminSection } from "~/lib/admin/sections";
import { requireAdmin } from "~/lib/auth/guard.server";
import { courseDefaults, CourseSchema, testSeriesDefaults, TestSeriesSchema } from "~/lib/schemas/admin/catalogue";

// The catalogue manager (issue 26): the test series and courses the site sells, two tables on
// one page (?tab=courses), each with its add/edit form and delete. The Image is picked from the
// media library or uploaded in place (issue 45). Every loader and action starts with the guard.

const section = adminSection("catalogue");

/** The card's picture: decorative (the card's title says what it is), titled after the item. */
const mediaFields: MediaFieldSpec[] = [
  { name: "image", kind: "image", label: "Image", decorative: true, title: (values) => values.title },
];

export const meta: MetaFunction = () => [{ title: `${section.title} · Admin` }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  // Both tables on either tab: the course form chooses among the series, and a series' delete
  // says when courses are sold as it.
  return loadPage(
    "catalogue",
    adminMessages.catalogue,
    { testSeries: listTestSeriesForAdmin, courses: listCoursesForAdmin, media: (db) => mediaChoices(db, ["image"]) },
    { testSeries: [], courses: [], media: undefined },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  return withMediaFields(
    request,
    admin,
    mediaFields,
    (values) => answerCatalogue(values, admin),
    (values) => (values.table === "courses" ? CourseSchema : TestSeriesSchema),
  );
}

export default function CatalogueManager() {
  const { testSeries, courses, media, loadError } = useLoaderData<typeof loader>();
  const tab = catalogueTabOf(new URLSearchParams(useLocation().search));
  return tab === "courses" ? (
    <CoursesTab rows={courses} testSeries={testSeries} defaults={courseDefaults} loadError={loadError} media={media} />
  ) : (
    <TestSeriesTab
      rows={testSeries}
      courses={courses}
      defaults={testSeriesDefaults}
      loadError={loadError}
      media={media}
    />
  );
}
