import { href, Link } from "react-router";
import type { Route } from "./+types/faqs";
import { staticPageMeta } from "~/components/static/page-meta";
import { ContentPage } from "~/components/content/page-header";
import { faqJsonLd } from "~/content/faqs";
import { listActiveFaqs } from "~/db/queries/faqs.server";
import { loadOrEmpty } from "~/lib/load-or-empty.server";
import { noScripts } from "~/lib/route-handle";
import { termsPage } from "~/lib/site/terms-page";
import { dbContext } from "~/lib/request-context";

const messages = {
  title: "Frequently Asked Questions",
  description:
    "Answers to common questions about the GATE Chemical Engineering and IOCL test series: what is included, how to buy, 12-month validity and how to log in.",
  intro: "Quick answers about our GATE Chemical Engineering and PSU test series.",
  empty: "No questions have been answered here yet. Ask us on the contact page.",
  terms: "Paying, refunds and cancellations:",
} as const;

// The questions are staff's, kept in the FAQ manager (issue 48 item 7); the five the site started
// with are its default content (~/content/faqs.ts). A failed read shows none (spec §8).
export async function loader({ context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  return { faqs: await loadOrEmpty("faqs", () => listActiveFaqs(db), []) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...staticPageMeta(matches, messages),
  // Structured data on the server only, as staticPageMeta explains; none for a page without questions.
  ...(import.meta.env.SSR && loaderData?.faqs.length ? [{ "script:ld+json": faqJsonLd(loaderData.faqs) }] : []),
];

// Nothing on this page needs a script (issue 28): it ships no JavaScript.
export const handle = noScripts;

/** An answer's paragraphs: staff leave a blank line between them. */
const paragraphs = (answer: string) => answer.split(/\n\s*\n/).filter((part) => part.trim());

// One open at a time (spec §2) with no JavaScript: <details> elements sharing a name form a
// native exclusive accordion.
export default function Faqs({ loaderData: { faqs } }: Route.ComponentProps) {
  return (
    <ContentPage title={messages.title} intro={messages.intro}>
      <div className="mt-6 max-w-3xl space-y-3">
        {faqs.length === 0 ? <p className="text-slate-700">{messages.empty}</p> : null}
        {faqs.map((faq, i) => (
          <details
            key={faq.id}
            id={faq.slug}
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
            <div className="space-y-3 px-5 pb-5 text-slate-700">
              {paragraphs(faq.answer).map((paragraph, index) => (
                <p key={index} className="whitespace-pre-line">
                  {paragraph}
                </p>
              ))}
            </div>
          </details>
        ))}
        <p className="pt-3 text-slate-700">
          {messages.terms}{" "}
          <Link to={href("/terms")} className="font-medium text-brand-700 underline hover:text-brand-800">
            {termsPage.title}
          </Link>
        </p>
      </div>
    </ContentPage>
  );
}
