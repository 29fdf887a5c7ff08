import type { Route } from "./+types/courses";
import { CourseCard } from "~/components/catalog/course-card";
import { courseHref } from "~/components/catalog/links";
import { itemListJsonLd, staticPageMeta } from "~/components/static/page-meta";
import { getDb } from "~/db/client.server";
import { listCourses } from "~/db/queries/catalog.server";
import { withFirstImageInlined } from "~/lib/inline-image.server";

const messages = {
  title: "All Courses",
  description:
    "Online test series courses for GATE 2026 Chemical Engineering and IOCL-2025 recruitment: full-length mocks, topicwise tests and detailed solutions.",
  intro: "Test series courses for GATE Chemical Engineering and PSU recruitment exams.",
} as const;

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  staticPageMeta(matches, {
    ...messages,
    jsonLd: import.meta.env.SSR
      ? (origin) => [
          itemListJsonLd(
            origin,
            (loaderData?.courses ?? []).map((course) => ({ name: course.title, path: courseHref(course.id) })),
          ),
        ]
      : undefined,
  });

export async function loader() {
  return { courses: withFirstImageInlined(await listCourses(getDb()), "image") };
}

export default function Courses({ loaderData: { courses } }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{messages.title}</h1>
      <p className="mt-2 max-w-3xl text-slate-700">{messages.intro}</p>
      <ul className="mt-8 grid gap-6 md:grid-cols-2">
        {courses.map((course, i) => (
          <li key={course.id}>
            <CourseCard course={course} eagerImage={i === 0} />
          </li>
        ))}
      </ul>
    </div>
  );
}
