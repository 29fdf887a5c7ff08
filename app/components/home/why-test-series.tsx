import {
  AnalyticsIcon,
  ClockIcon,
  SolutionsIcon,
  StudentsIcon,
  TargetIcon,
  TestsIcon,
} from "~/components/catalog/icons";
import { HomeBand } from "./section-heading";

// The marketing claims are the spec's own figures (§9).
const messages = {
  heading: "Why Choose Our Test Series?",
  intro: "Everything you need to practise for GATE Chemical Engineering and PSU exams, in one place.",
  stats: [
    { value: "5000+", label: "Students Enrolled", icon: StudentsIcon },
    { value: "95%", label: "Success Rate", icon: TargetIcon },
    { value: "150+", label: "Practice Tests", icon: TestsIcon },
  ],
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

/** The why-test-series features block (spec §2 Home). */
export function WhyTestSeries() {
  return (
    <HomeBand id="why-heading" title={messages.heading} intro={messages.intro}>
      <dl className="grid gap-4 sm:grid-cols-3">
        {messages.stats.map(({ value, label, icon: Icon }) => (
          // dt and dd are the group's only children (a <dl> allows no other wrapper): the icon sits
          // inside the term, placed at the left of the card; the value shows above its label.
          <div key={label} className="relative flex flex-col-reverse rounded-2xl bg-brand-50 p-5 pl-21">
            <dt className="text-sm font-medium text-slate-700">
              <span className="absolute top-1/2 left-5 inline-flex size-12 -translate-y-1/2 items-center justify-center rounded-full bg-white text-brand-700">
                <Icon width={26} height={26} />
              </span>
              {label}
            </dt>
            <dd className="text-3xl font-extrabold text-brand-800">{value}</dd>
          </div>
        ))}
      </dl>
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
