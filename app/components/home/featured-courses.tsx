import { href, Link } from "react-router";
import { CourseCard } from "~/components/catalog/course-card";
import { ArrowRightIcon } from "~/components/catalog/icons";
import { TestSeriesCard } from "~/components/catalog/test-series-card";
import { cardImageSizes } from "~/components/catalog/card-frame";
import type { PagePicture } from "~/lib/media/page-media.server";
import type { CourseCardData, TestSeriesData } from "~/db/queries/catalog.server";
import { CarouselSection } from "./carousel-section";

const messages = {
  heading: "Featured Courses",
  intro: "Test series for GATE Chemical Engineering and PSU recruitment, in the real exam interface.",
  viewAll: "View all test series",
};

/**
 * The featured courses carousel (spec §2 Home): the paid courses, then the test series no course is
 * sold as (loadHomeContent leaves the others out), so each product shows once.
 */
export function FeaturedCourses({
  courses,
  testSeries,
}: {
  courses: (CourseCardData & { picture?: PagePicture | null })[];
  testSeries: (TestSeriesData & { picture?: PagePicture | null })[];
}) {
  if (courses.length + testSeries.length === 0) return null;
  return (
    <CarouselSection
      id="featured-heading"
      title={messages.heading}
      intro={messages.intro}
      action={
        <Link
          to={href("/test-series")}
          className="inline-flex min-h-11 items-center gap-1.5 font-semibold text-brand-700 hover:underline"
        >
          {messages.viewAll}
          <ArrowRightIcon width={18} height={18} />
        </Link>
      }
      className="mx-auto max-w-6xl px-4 py-10"
    >
      {/* The first card is in a phone's first screen, where its image is the largest one: it
            loads at once, the others as they scroll into view. */}
      {courses.map((course, i) => (
        <CourseCard
          key={`course-${course.id}`}
          course={course}
          headingLevel="h3"
          imagePriority={i === 0 ? "eager" : "lazy"}
          imageSizes={cardImageSizes.carousel}
        />
      ))}
      {testSeries.map((series, i) => (
        <TestSeriesCard
          key={`series-${series.id}`}
          series={series}
          headingLevel="h3"
          compact
          imagePriority={courses.length === 0 && i === 0 ? "eager" : "lazy"}
          imageSizes={cardImageSizes.carousel}
        />
      ))}
    </CarouselSection>
  );
}
