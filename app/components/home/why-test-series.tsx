import {
  AnalyticsIcon,
  ClockIcon,
  SolutionsIcon,
  StudentsIcon,
  TargetIcon,
  TestsIcon,
} from "~/components/catalog/icons";
import type { FigureId, SiteFigure } from "~/lib/site/site-figures";
import { HomeBand } from "./section-heading";

// The figures are staff's, from Site Settings, or counted on the site (issue 48 item 6,
// ~/lib/site/site-figures.ts); until staff set them, the spec's own claims (§9).
const icons = { students: StudentsIcon, success_rate: TargetIcon, practice_tests: TestsIcon } satisfies Record<
  FigureId,
  unknown
>;

const messages = {
  heading: "Why Choose Our Test Series?",
  intro: "Everything you need to practise for GATE Chemical Engineering and PSU exams, in one place.",
  features: [
    {
      title: "Real Exam Interface",
      text: "Practise in the same interface, timer and question types (MCQ, MSQ, NAT) as the GATE exam.",
      icon: ClockIcon,
    },
    {
      title: "Detailed Solutions",
      text: "Every question comes with a step-by-step solution, so each mistake becomes a lesson.",
      icon: SolutionsIcon,
    },
    {
      title: "Performance Analytics",
      text: "See your rank, accuracy and time per subject and find your weak topics early.",
      icon: AnalyticsIcon,
    },
  ],
};

/** The why-test-series features block (spec §2 Home): the figures shown, then the features. */
export function WhyTestSeries({ figures }: { figures: readonly SiteFigure[] }) {
  return (
    <HomeBand id="why-heading" title={messages.heading} intro={messages.intro}>
      {figures.length > 0 ? (
        <dl className="grid gap-4 sm:grid-cols-3">
          {figures.map(({ id, value, label, note }) => {
            const Icon = icons[id];
            return (
              // dt and dd are the group's only children (a <dl> allows no other wrapper): the icon
              // sits inside the term, placed at the left of the card; the value shows above its
              // label, and where the figure comes from below it.
              <div key={id} className="relative flex flex-col rounded-2xl bg-brand-50 p-5 pl-21">
                <dt className="order-2 text-sm font-medium text-slate-700">
                  <span className="absolute top-1/2 left-5 inline-flex size-12 -translate-y-1/2 items-center justify-center rounded-full bg-white text-brand-700">
                    <Icon width={26} height={26} />
                  </span>
                  {label}
                </dt>
                <dd className="order-1 text-3xl font-extrabold text-brand-800">{value}</dd>
                {note ? <dd className="order-3 mt-1 text-xs text-slate-600">{note}</dd> : null}
              </div>
            );
          })}
        </dl>
      ) : null}
      <ul className="mt-6 grid gap-4 md:grid-cols-3">
        {messages.features.map(({ title, text, icon: Icon }) => (
          <li key={title} className="rounded-2xl border border-slate-200 p-5">
            <Icon width={26} height={26} className="text-brand-700" />
            <h3 className="mt-3 font-bold text-slate-900">{title}</h3>
            <p className="mt-1 text-sm leading-relaxed text-slate-700">{text}</p>
          </li>
        ))}
      </ul>
    </HomeBand>
  );
}
