import { data, href } from "react-router";
import type { Route } from "./+types/course-detail";
import { CatalogNotFound } from "~/components/catalog/buy-now-card";
import { CatalogDetail } from "~/components/catalog/catalog-detail";
import { CalendarIcon, ClockIcon, StudentsIcon, TestsIcon, VideoIcon } from "~/components/catalog/icons";
import { courseHref } from "~/components/catalog/links";
import { courseJsonLd, staticPageMeta } from "~/components/static/page-meta";
import { getCourse } from "~/db/queries/catalog.server";
import { formatCount } from "~/lib/format";
import { parseId } from "~/lib/test-series-link";
import { withCardPicture } from "~/lib/media/page-media.server";
import { noScripts } from "~/lib/route-handle";
import { dbContext } from "~/lib/request-context";

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

// Every active paid course has a page (issue 26: staff add courses); a course sold as a test series
// shows the series' price and figures (getCourse reads them). Free and inactive courses have none.
export async function loader({ params, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const id = parseId(params.id);
  const course = id === null ? null : await getCourse(db, id);
  // An unknown course is a real 404 for search engines, with the spec's message on the page.
  if (!course) return data({ course: null }, { status: 404 });
  return { course: await withCardPicture(db, course) };
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
            url: course.purchase_url || courseHref(course.id),
          }),
        ]
      : undefined,
  });
};

// Nothing on this page needs a script (issue 28): it ships no JavaScript.
export const handle = noScripts;

export default function CourseDetail({ loaderData: { course } }: Route.ComponentProps) {
  if (!course)
    return <CatalogNotFound message={messages.notFound} backHref={href("/courses")} backLabel={messages.back} />;
  const highlights = [
    { icon: TestsIcon, text: `${formatCount(course.tests)} ${messages.tests}` },
    { icon: StudentsIcon, text: `${formatCount(course.students)} ${messages.students}` },
    { icon: ClockIcon, text: course.duration },
    { icon: CalendarIcon, text: `${messages.expiry}: ${course.expiry}` },
    { icon: VideoIcon, text: `${formatCount(course.videos)} ${messages.videos}` },
  ];
  return (
    <CatalogDetail
      item={course}
      headings={messages}
      checklist={{ id: "learn", heading: messages.learn, items: course.learn_points }}
      highlights={highlights}
      offer={{ price: course.price, originalPrice: course.original_price, purchaseUrl: course.purchase_url }}
    />
  );
}
