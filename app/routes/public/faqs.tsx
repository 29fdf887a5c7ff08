import type { Route } from "./+types/faqs";
import { staticPageMeta } from "~/components/static/page-meta";
import { ContentPage } from "~/components/content/page-header";
import { faqJsonLd, faqs } from "~/content/faqs";
import { noScripts } from "~/lib/route-handle";

const messages = {
  title: "Frequently Asked Questions",
  description:
    "Answers to common questions about the GATE Chemical Engineering and IOCL test series: what is included, how to buy, 12-month validity and how to log in.",
  intro: "Quick answers about our GATE Chemical Engineering and PSU test series.",
} as const;

export const meta: Route.MetaFunction = ({ matches }) => [
  ...staticPageMeta(matches, messages),
  // Structured data on the server only, as staticPageMeta explains.
  ...(import.meta.env.SSR ? [{ "script:ld+json": faqJsonLd(faqs) }] : []),
];

// Nothing on this page needs a script (issue 28): it ships no JavaScript.
export const handle = noScripts;

// One open at a time (spec §2) with no JavaScript: <details> elements sharing a name form a
// native exclusive accordion.
export default function Faqs() {
  return (
    <ContentPage title={messages.title} intro={messages.intro}>
      <div className="mt-6 max-w-3xl space-y-3">
        {faqs.map((faq, i) => (
          <details
            key={faq.id}
            id={faq.id}
            name="faq"
            open={i === 0}
            className="group scroll-mt-20 rounded-xl border border-slate-200 bg-white shadow-sm open:border-brand-100"
          >
            <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-4 rounded-xl px-5 py-4 font-semibold text-slate-900 [&::-webkit-details-marker]:hidden">
              <span>{faq.question}</span>
              <svg
                aria-hidden="true"
                viewBox="0 0 20 20"
                width="20"
                height="20"
                className="shrink-0 fill-current text-brand-700 transition-transform group-open:rotate-180"
              >
                <path d="M5.3 7.3 10 12l4.7-4.7 1.06 1.06L10 14.12 4.24 8.36 5.3 7.3Z" />
              </svg>
            </summary>
            <p className="px-5 pb-5 text-slate-700">{faq.answer}</p>
          </details>
        ))}
      </div>
    </ContentPage>
  );
}
