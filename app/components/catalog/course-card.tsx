import { Link } from "react-router";
import type { CourseCardData } from "~/db/queries/catalog.server";
import { formatCount } from "~/lib/format";
import { buttonStyles } from "./buttons";
import { CardActionLabel, CardFrame, type CardImageProps } from "./card-frame";
import { IconList } from "./icon-list";
import { ClockIcon, StudentsIcon, TestsIcon, VideoIcon } from "./icons";
import { BuyLink } from "./buy-link";
import { courseHref } from "./links";
import { PriceTag } from "./price-tag";
import { TermsLink } from "./terms-link";
import type { PagePicture } from "~/lib/media/page-media.server";

const messages = {
  viewDetails: "View Details",
  tests: "Tests",
  students: "Students",
  videos: "Videos",
};

export type CourseCardProps = {
  course: CourseCardData & { picture?: PagePicture | null };
  headingLevel?: "h2" | "h3";
} & CardImageProps;

/**
 * A paid course (spec §2 "All Courses"): image, title, price, highlights, View Details, and Buy Now
 * (or Buy on WhatsApp without a purchase page). A course sold as a test series shows the series'
 * figures (the query reads them).
 */
export function CourseCard({ course, headingLevel: Heading = "h2", ...image }: CourseCardProps) {
  const highlights = [
    { icon: TestsIcon, text: `${formatCount(course.tests)} ${messages.tests}` },
    { icon: StudentsIcon, text: `${formatCount(course.students)} ${messages.students}` },
    { icon: ClockIcon, text: course.duration },
    { icon: VideoIcon, text: `${formatCount(course.videos)} ${messages.videos}` },
  ];
  return (
    <CardFrame image={course.image} picture={course.picture} {...image}>
      <Heading className="text-lg font-bold leading-snug text-slate-900">
        <Link to={courseHref(course.id)} className="hover:text-brand-700 hover:underline">
          {course.title}
        </Link>
      </Heading>
      <PriceTag price={course.price} originalPrice={course.original_price} />
      <IconList
        items={highlights}
        className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm text-slate-700"
        itemClassName="flex items-center gap-2"
        icon={{ className: "shrink-0 text-brand-700", width: 18, height: 18 }}
      />
      <div className="mt-auto grid grid-cols-2 gap-3 pt-1">
        <Link to={courseHref(course.id)} className={buttonStyles.secondary}>
          <CardActionLabel label={messages.viewDetails} title={course.title} />
        </Link>
        <BuyLink title={course.title} purchaseUrl={course.purchase_url} className={buttonStyles.buy} card />
      </div>
      <TermsLink className="self-center" />
    </CardFrame>
  );
}
