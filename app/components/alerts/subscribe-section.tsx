import { subscribeMessages as m, type SubscribeSource } from "~/lib/alert-mail/messages";
import { SubscribeForm } from "./subscribe-form";
import { HeadedSection } from "~/components/ui/headed-section";

// The subscription form as a section of a page (issue 49): below the tabs of /job-alerts, and a
// band of the home page. `below-fold` keeps its layout out of the first screen's work; the size it
// reserves is the section's own (68.6rem at 360-375 px, 45-46.4rem from 640 px), at least: a
// smaller one left the form's last line over the footer for axe's contrast check.

export function SubscribeSection({ source }: { source: SubscribeSource }) {
  return (
    <HeadedSection
      heading={m.heading}
      headingClassName="text-xl font-bold text-slate-900 sm:text-2xl"
      intro={m.intro}
      introClassName="mt-2 mb-4 text-slate-700"
      id="subscribe"
      className="below-fold mx-auto mt-10 max-w-3xl rounded-xl border border-slate-200 bg-white p-5 shadow-sm [--below-fold-size:69rem] sm:[--below-fold-size:47rem]"
    >
      <SubscribeForm source={source} />
    </HeadedSection>
  );
}
