import type { FreeCourseCardData } from "~/db/queries/catalog.server";
import { formatCount } from "~/lib/format";
import { buttonStyles } from "./buttons";
import { CardActionLabel, CardFrame, type CardImageProps } from "./card-frame";
import type { PagePicture } from "~/lib/media/page-media.server";
import { IconList } from "./icon-list";
import { ClockIcon, StudentsIcon, TestsIcon, VideoIcon } from "./icons";
import { externalLinkProps } from "./links";

const messages = {
  free: "Free",
  enrol: "Enrol for Free",
  students: "students",
  tests: "tests",
  videos: "videos",
};

/** A free sample course (spec §2 "Free Courses", §9: free, with its student count). */
export function FreeCourseCard({
  course,
  ...image
}: { course: FreeCourseCardData & { picture?: PagePicture | null } } & CardImageProps) {
  const details = [
    { icon: TestsIcon, text: `${formatCount(course.tests)} ${messages.tests}` },
    { icon: VideoIcon, text: `${formatCount(course.videos)} ${messages.videos}` },
    { icon: ClockIcon, text: course.duration },
  ];
  return (
    <CardFrame image={course.image} picture={course.picture} {...image} imageBackground="bg-slate-200" gap="gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <span className="rounded-full bg-green-100 px-2.5 py-0.5 text-sm font-bold uppercase tracking-wide text-green-800">
          {messages.free}
        </span>
        <span className="inline-flex items-center gap-1.5 text-sm font-semibold text-slate-700">
          <StudentsIcon width={18} height={18} className="text-brand-700" />
          {formatCount(course.students)} {messages.students}
        </span>
      </div>
      <h2 className="text-lg font-bold leading-snug text-slate-900">{course.title}</h2>
      <p className="text-sm leading-relaxed text-slate-700">{course.description}</p>
      <IconList
        items={details}
        className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700"
        itemClassName="flex items-center gap-1.5"
        icon={{ width: 16, height: 16, className: "shrink-0 text-brand-700" }}
      />
      {course.purchase_url && (
        <div className="mt-auto pt-2">
          <a
            href={course.purchase_url}
            {...externalLinkProps(course.purchase_url)}
            className={`${buttonStyles.primary} w-full`}
          >
            <CardActionLabel label={messages.enrol} title={course.title} />
          </a>
        </div>
      )}
    </CardFrame>
  );
}
