import type { Route } from "./+types/courses";
import { CardListPage } from "~/components/catalog/card-list-page";
import { CourseCard } from "~/components/catalog/course-card";
import { courseHref } from "~/components/catalog/links";
import { listPageMeta } from "~/components/static/page-meta";
import { listCourses } from "~/db/queries/catalog.server";
import { withCardPictures } from "~/lib/media/page-media.server";
import { noScripts } from "~/lib/route-handle";
import { dbContext } from "~/lib/request-context";

const messages = {
  title: "All Courses",
  description:
    "Online test series courses for GATE Chemical Engineering (CH) and IOCL recruitment: full-length mocks, topicwise tests and detailed solutions.",
  intro: "Test series courses for GATE Chemical Engineering and PSU recruitment exams.",
} as const;

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  listPageMeta(
    matches,
    messages,
    (loaderData?.courses ?? []).map((course) => ({ name: course.title, path: courseHref(course.id) })),
  );

export async function loader({ context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const courses = await listCourses(db);
  return { courses: await withCardPictures(db, courses) };
}

// Nothing on this page needs a script (issue 28): it ships no JavaScript.
export const handle = noScripts;

export default function Courses({ loaderData: { courses } }: Route.ComponentProps) {
  return (
    <CardListPage
      title={messages.title}
      intro={messages.intro}
      items={courses}
      renderCard={(course, imagePriority) => <CourseCard course={course} imagePriority={imagePriority} />}
    />
  );
}
