import { useLoaderData, useLocation, type MetaFunction } from "react-router";
import type { Route } from "./+types/catalogue";
import { CoursesTab, TestSeriesTab } from "~/components/admin/catalogue-manager";
import { listCoursesForAdmin, listTestSeriesForAdmin } from "~/db/queries/catalog-writes.server";
import { answerCatalogue } from "~/lib/admin/catalogue-actions.server";
import { catalogueTabOf } from "~/lib/admin/catalogue-tabs";
import { loadPage, withPostedForm } from "~/lib/admin/manager-actions.server";
import { adminMessages } from "~/lib/admin/messages";
import { adminSection } from "~/lib/admin/sections";
import { requireAdmin } from "~/lib/auth/guard.server";
import { courseDefaults, testSeriesDefaults } from "~/lib/schemas/admin/catalogue";

// The catalogue manager (issue 26): the test series and courses the site sells, two tables on
// one page (?tab=courses), each with its add/edit form and delete. Every loader and action starts
// with the guard.

const section = adminSection("catalogue");

export const meta: MetaFunction = () => [{ title: `${section.title} · Admin` }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  // Both tables on either tab: the course form chooses among the series, and a series' delete
  // says when courses are sold as it.
  return loadPage(
    "catalogue",
    adminMessages.catalogue,
    { testSeries: listTestSeriesForAdmin, courses: listCoursesForAdmin },
    { testSeries: [], courses: [] },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  return withPostedForm(request, (values) => answerCatalogue(values, admin));
}

export default function CatalogueManager() {
  const { testSeries, courses, loadError } = useLoaderData<typeof loader>();
  const tab = catalogueTabOf(new URLSearchParams(useLocation().search));
  return tab === "courses" ? (
    <CoursesTab rows={courses} testSeries={testSeries} defaults={courseDefaults} loadError={loadError} />
  ) : (
    <TestSeriesTab rows={testSeries} courses={courses} defaults={testSeriesDefaults} loadError={loadError} />
  );
}
