import { href, Link } from "react-router";
import { ArrowRightIcon, GuidanceIcon, LiveIcon, TestsIcon, VideoIcon } from "~/components/catalog/icons";
import { HomeBand } from "./section-heading";

const messages = {
  heading: "About Us",
  intro:
    "We help GATE Chemical Engineering and PSU aspirants prepare with focused practice and personal guidance. Here is what we offer.",
  comingSoon: "Coming Soon",
  available: "Available Now",
  offers: [
    {
      title: "Live Classes",
      text: "Interactive online classes with doubt solving across the GATE CH syllabus.",
      icon: LiveIcon,
    },
    {
      title: "Recorded Classes",
      text: "Watch concept lectures at your own pace and revise whenever you need to.",
      icon: VideoIcon,
    },
    {
      title: "Test Series",
      text: "Full-length, topicwise and previous-year tests with detailed solutions and analytics.",
      icon: TestsIcon,
      to: href("/test-series"),
      cta: "Explore test series",
    },
    {
      title: "Interview Guidance",
      text: "1:1 sessions for PSU interviews, higher studies and career decisions after GATE.",
      icon: GuidanceIcon,
      to: href("/post-gate-guidance"),
      cta: "Get guidance",
    },
  ],
};

/** The about section (spec §2 Home): live and recorded classes coming soon, the rest available now. */
export function About() {
  return (
    <HomeBand id="about-heading" title={messages.heading} intro={messages.intro}>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {messages.offers.map(({ title, text, icon: Icon, to, cta }) => (
          <li
            key={title}
            className={`flex flex-col gap-3 rounded-2xl border p-5 ${to ? "border-brand-100 bg-brand-50" : "border-slate-200 bg-slate-50"}`}
          >
            <div className="flex items-start justify-between gap-2">
              <Icon width={28} height={28} className={to ? "text-brand-700" : "text-slate-500"} />
              <span
                className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${
                  to ? "bg-green-100 text-green-800" : "bg-amber-100 text-amber-800"
                }`}
              >
                {to ? messages.available : messages.comingSoon}
              </span>
            </div>
            <h3 className="font-bold text-slate-900">{title}</h3>
            <p className="flex-1 text-sm leading-relaxed text-slate-700">{text}</p>
            {to && (
              <Link
                to={to}
                className="inline-flex min-h-11 items-center gap-1.5 self-start font-semibold text-brand-700 hover:underline"
              >
                {cta}
                <span className="sr-only">: {title}</span>
                <ArrowRightIcon width={18} height={18} />
              </Link>
            )}
          </li>
        ))}
      </ul>
    </HomeBand>
  );
}
