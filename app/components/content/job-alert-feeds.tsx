import { useLocation } from "react-router";
import { CalendarIcon } from "~/components/layout/icons";
import { atomFeedPath, calendarFeedPath, webcalHref } from "~/lib/job-alerts/job-alert-links";
import { FeedIcon } from "./icons";
import { parseJobAlertTab } from "./job-alert-categories";
import { HeadedSection } from "~/components/ui/headed-section";

// Job alerts that come to the aspirant (issue 49): the Atom feed of every tab and of the tab
// shown, and the calendar of every open last date, as webcal: (a calendar app subscribes and
// fetches it again by itself) and as https (for "add by URL" in a web calendar). Plain links:
// nothing here needs JavaScript.

export const feedLinkMessages = {
  heading: "Follow job alerts",
  intro: "New alerts reach your feed reader and every last date reaches your calendar: both update by themselves.",
  feed: "Follow in a feed reader",
  feedContext: " (every tab)",
  tabFeed: (label: string) => `Follow ${label} only`,
  calendar: "Add to your calendar",
  calendarHttps: "Calendar address (https)",
  calendarNote:
    "The calendar holds every open alert's last date, in India's time zone. In Google Calendar or Outlook, add it from its https address (“From URL”).",
};

const linkClass = "inline-flex min-h-11 items-center gap-1.5 font-semibold text-brand-800 underline underline-offset-2";

export function JobAlertFeeds({ origin }: { origin: string }) {
  // The tab shown, as the tabs read it: switching tabs changes the location, not the loader's data.
  const tab = parseJobAlertTab(new URLSearchParams(useLocation().search).get("tab"));
  const calendar = calendarFeedPath();
  return (
    <HeadedSection
      heading={feedLinkMessages.heading}
      headingClassName="text-xl font-bold text-slate-900"
      intro={feedLinkMessages.intro}
      introClassName="mt-1 text-slate-700"
      className="mt-10 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <ul className="mt-3 flex flex-col text-sm sm:flex-row sm:flex-wrap sm:gap-x-6">
        <li>
          <a href={atomFeedPath()} type="application/atom+xml" className={linkClass}>
            <FeedIcon width={16} height={16} className="shrink-0" />
            {feedLinkMessages.feed}
            <span className="sr-only">{feedLinkMessages.feedContext}</span>
          </a>
        </li>
        <li>
          <a href={atomFeedPath(tab.slug)} type="application/atom+xml" className={linkClass}>
            <FeedIcon width={16} height={16} className="shrink-0" />
            {feedLinkMessages.tabFeed(tab.label)}
          </a>
        </li>
        <li>
          <a href={webcalHref(origin, calendar)} className={linkClass}>
            <CalendarIcon width={16} height={16} className="shrink-0" />
            {feedLinkMessages.calendar}
          </a>
        </li>
        <li>
          <a href={origin + calendar} type="text/calendar" className={linkClass}>
            <CalendarIcon width={16} height={16} className="shrink-0" />
            {feedLinkMessages.calendarHttps}
          </a>
        </li>
      </ul>
      <p className="mt-2 text-sm text-slate-600">{feedLinkMessages.calendarNote}</p>
    </HeadedSection>
  );
}
