import { data } from "react-router";
import type { Route } from "./+types/course-detail";
import { BuyNowCard, CatalogNotFound, HighlightList } from "~/components/catalog/buy-now-card";
import { CalendarIcon, CheckIcon, ClockIcon, StudentsIcon, TestsIcon, VideoIcon } from "~/components/catalog/icons";
import { coursePurchaseHref } from "~/components/catalog/links";
import { courseJsonLd, staticPageMeta } from "~/components/static/page-meta";
import { getDb } from "~/db/client.server";
import { getCourse } from "~/db/queries/catalog.server";
import { formatCount } from "~/lib/format";
import { parseId } from "~/lib/test-series-link";
import { inlineSmallImage } from "~/lib/inline-image.server";

const messages = {
  notFound: "Course not found",
  back: "See all courses",
  about: "About this course",
  learn: "What you'll learn",
  highlights: "Course highlights",
  tests: "Tests",
  students: "Students",
  videos: "Videos",
  expiry: "Validity",
} as const;

export async function loader({ params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const course = id === null ? null : await getCourse(getDb(), id);
  // An unknown course is a real 404 for search engines, with the spec's message on the page.
  return course
    ? { course: { ...course, image: inlineSmallImage(course.image) } }
    : data({ course: null }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const course = loaderData?.course;
  if (!course) return [{ title: messages.notFound }, { name: "robots", content: "noindex" }];
  return staticPageMeta(matches, {
    title: course.title,
    description: course.description.slice(0, 160),
    jsonLd: import.meta.env.SSR
      ? () => [
          courseJsonLd({
            title: course.title,
            description: course.description,
            price: course.price,
            url: coursePurchaseHref(course),
          }),
        ]
      : undefined,
  });
};

export default function CourseDetail({ loaderData: { course } }: Route.ComponentProps) {
  if (!course) return <CatalogNotFound message={messages.notFound} backHref="/courses" backLabel={messages.back} />;
  const highlights = [
    { icon: TestsIcon, text: `${formatCount(course.tests)} ${messages.tests}` },
    { icon: StudentsIcon, text: `${formatCount(course.students)} ${messages.students}` },
    { icon: ClockIcon, text: course.duration },
    { icon: CalendarIcon, text: `${messages.expiry}: ${course.expiry}` },
    { icon: VideoIcon, text: `${formatCount(course.videos)} ${messages.videos}` },
  ];
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8 lg:grid-cols-[1fr_20rem]">
      <div className="min-w-0 space-y-8">
        <header className="space-y-4">
          <img
            src={course.image}
            alt=""
            width={640}
            height={360}
            fetchPriority="high"
            className="aspect-video w-full rounded-2xl bg-brand-100 object-cover"
          />
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{course.title}</h1>
        </header>
        <section aria-labelledby="about">
          <h2 id="about" className="text-xl font-bold text-slate-900">
            {messages.about}
          </h2>
          <p className="mt-3 leading-relaxed text-slate-700">{course.description}</p>
        </section>
        {course.learn_points.length > 0 && (
          <section aria-labelledby="learn">
            <h2 id="learn" className="text-xl font-bold text-slate-900">
              {messages.learn}
            </h2>
            <ul className="mt-3 space-y-2 text-slate-700">
              {course.learn_points.map((point) => (
                <li key={point} className="flex items-start gap-2">
                  <CheckIcon className="mt-0.5 shrink-0 text-green-700" />
                  {point}
                </li>
              ))}
            </ul>
          </section>
        )}
        <section aria-labelledby="highlights">
          <h2 id="highlights" className="text-xl font-bold text-slate-900">
            {messages.highlights}
          </h2>
          <div className="mt-3">
            <HighlightList items={highlights} />
          </div>
        </section>
      </div>
      <div>
        <BuyNowCard
          title={course.title}
          price={course.price}
          originalPrice={course.original_price}
          discountPercent={course.discount_percent}
          href={coursePurchaseHref(course)}
        />
      </div>
    </div>
  );
}
