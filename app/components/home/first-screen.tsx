import { href, Link } from "react-router";
import { ArrowRightIcon } from "~/components/catalog/icons";

// The home page's first screen (issue 27): what the site is for and where to start, as text a
// visitor reads in five seconds on a 360 px phone, before and without any image or script. The
// hero banners follow it. The headline's size stops at 11vw, so that at 200 % text its longest
// word still fits a 320 px screen.

const messages = {
  heading: "GATE Chemical Engineering & PSU exam preparation",
  lead: "Mock tests, free practice tests, previous year papers and a rank predictor for GATE CH and PSU recruitment such as IOCL.",
  startHere: "Where to start",
};

const startingPoints = [
  { to: href("/free-tests"), label: "Take a free test", detail: "Topic-wise practice, no payment" },
  { to: href("/rank-predictor"), label: "Predict your GATE rank", detail: "From your expected marks" },
  { to: href("/test-series"), label: "See the test series", detail: "Full-length mocks for GATE and IOCL" },
] as const;

export function FirstScreen() {
  return (
    <section aria-labelledby="home-heading" className="mx-auto max-w-6xl px-4 pt-5 sm:pt-8">
      <h1
        id="home-heading"
        className="text-[length:min(1.5rem,11vw)] font-bold leading-tight break-words text-slate-900 sm:text-4xl"
      >
        {messages.heading}
      </h1>
      <p className="mt-2 max-w-3xl text-slate-700 sm:text-lg">{messages.lead}</p>
      <nav aria-label={messages.startHere} className="mt-4">
        <ul className="grid gap-2 sm:grid-cols-3 sm:gap-3">
          {startingPoints.map((point) => (
            <li key={point.to}>
              <Link
                to={point.to}
                prefetch="intent"
                className="group flex min-h-11 flex-col justify-center rounded-xl border border-slate-300 bg-white px-4 py-2 hover:border-brand-600 hover:bg-brand-50"
              >
                <span className="font-semibold text-brand-800 group-hover:underline">
                  {point.label} <ArrowRightIcon width={16} height={16} className="inline align-[-2px]" />
                </span>
                <span className="text-sm text-slate-600">{point.detail}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  );
}
