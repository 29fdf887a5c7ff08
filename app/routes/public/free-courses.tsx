import type { Route } from "./+types/free-courses";
import { CardListPage } from "~/components/catalog/card-list-page";
import { FreeCourseCard } from "~/components/catalog/free-course-card";
import { staticPageMeta } from "~/components/static/page-meta";
import { listFreeCourses } from "~/db/queries/catalog.server";
import { withCardPictures } from "~/lib/media/page-media.server";
import { noScripts } from "~/lib/route-handle";
import { dbContext } from "~/lib/request-context";

const messages = {
  title: "Free Courses",
  description:
    "Free sample courses for GATE Chemical Engineering and PSU aspirants: video lessons and practice tests on fluid mechanics and general aptitude.",
  intro: "Try our teaching for free: short video lessons with GATE-style practice tests.",
} as const;

export const meta: Route.MetaFunction = ({ matches }) => staticPageMeta(matches, messages);

export async function loader({ context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const courses = await listFreeCourses(db);
  return { courses: await withCardPictures(db, courses) };
}

// Nothing on this page needs a script (issue 28): it ships no JavaScript.
export const handle = noScripts;

export default function FreeCourses({ loaderData: { courses } }: Route.ComponentProps) {
  return (
    <CardListPage
      title={messages.title}
      intro={messages.intro}
      items={courses}
      renderCard={(course, imagePriority) => <FreeCourseCard course={course} imagePriority={imagePriority} />}
    />
  );
}
