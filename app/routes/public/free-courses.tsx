import type { Route } from "./+types/free-courses";
import { FreeCourseCard } from "~/components/catalog/free-course-card";
import { staticPageMeta } from "~/components/static/page-meta";
import { getDb } from "~/db/client.server";
import { listFreeCourses } from "~/db/queries/catalog.server";
import { withFirstImageInlined } from "~/lib/inline-image.server";

const messages = {
  title: "Free Courses",
  description:
    "Free sample courses for GATE Chemical Engineering and PSU aspirants: video lessons and practice tests on fluid mechanics and general aptitude.",
  intro: "Try our teaching for free: short video lessons with GATE-style practice tests.",
} as const;

export const meta: Route.MetaFunction = ({ matches }) => staticPageMeta(matches, messages);

export async function loader() {
  return { courses: withFirstImageInlined(await listFreeCourses(getDb()), "image") };
}

export default function FreeCourses({ loaderData: { courses } }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{messages.title}</h1>
      <p className="mt-2 max-w-3xl text-slate-700">{messages.intro}</p>
      <ul className="mt-8 grid gap-6 md:grid-cols-2">
        {courses.map((course, i) => (
          <li key={course.id}>
            <FreeCourseCard course={course} eagerImage={i === 0} />
          </li>
        ))}
      </ul>
    </div>
  );
}
