import type { FreeCourseCardData } from "~/db/queries/catalog.server";
import { formatCount } from "~/lib/format";
import { buttonStyles } from "./buttons";
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
export function FreeCourseCard({ course, eagerImage = false }: { course: FreeCourseCardData; eagerImage?: boolean }) {
  const details = [
    { icon: TestsIcon, text: `${formatCount(course.tests)} ${messages.tests}` },
    { icon: VideoIcon, text: `${formatCount(course.videos)} ${messages.videos}` },
    { icon: ClockIcon, text: course.duration },
  ];
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <img
        src={course.image}
        alt=""
        width={640}
        height={360}
        loading={eagerImage ? "eager" : "lazy"}
        decoding="async"
        className="aspect-video w-full bg-slate-200 object-cover"
      />
      <div className="flex flex-1 flex-col gap-3 p-5">
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
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
          {details.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-center gap-1.5">
              <Icon width={16} height={16} className="shrink-0 text-brand-700" />
              {text}
            </li>
          ))}
        </ul>
        {course.purchase_url && (
          <div className="mt-auto pt-2">
            <a
              href={course.purchase_url}
              {...externalLinkProps(course.purchase_url)}
              className={`${buttonStyles.primary} w-full`}
            >
              {messages.enrol}
              <span className="sr-only">: {course.title}</span>
            </a>
          </div>
        )}
      </div>
    </article>
  );
}
