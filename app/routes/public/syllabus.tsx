import type { Route } from "./+types/syllabus";
import { staticPageMeta } from "~/components/static/page-meta";
import { ContentPage } from "~/components/content/page-header";
import { syllabusOverview, syllabusSections } from "~/content/syllabus";
import { noScripts } from "~/lib/route-handle";
import { HeadedSection } from "~/components/ui/headed-section";

const messages = {
  title: "GATE Chemical Engineering Syllabus",
  description:
    "Complete GATE Chemical Engineering (CH) syllabus, section by section: engineering mathematics, process calculations, thermodynamics, fluid mechanics, heat and mass transfer, reaction engineering, process control, plant design, chemical technology and general aptitude.",
  intro:
    "The official syllabus of the GATE Chemical Engineering (CH) paper, with the General Aptitude section common to all papers.",
  pattern: "Exam pattern",
  contents: "On this page",
  backToContents: "Back to contents",
} as const;

export const meta: Route.MetaFunction = ({ matches }) => staticPageMeta(matches, messages);

// The syllabus travels as loader data rather than in the page's script: in the document it sits
// next to the same words in the HTML, where compression makes it almost free, while a script of
// its own would cost its full size on every first visit (issue 6, first-load JS).
export function loader() {
  return { overview: syllabusOverview, sections: syllabusSections };
}

// Nothing on this page needs a script (issue 28): it ships no JavaScript.
export const handle = noScripts;

/**
 * The room a section's topics take before they are laid out, roughly (rem at a phone's width and
 * at lg): each section's topics lay out only near the screen (`below-fold`), since a phone's first
 * screen shows the pattern and the contents. Laid out all at once they were a third of the page's
 * layout and paint (27 → 18 ms and 11 → 8 ms of thread time in plain Chromium here). On the
 * section's inner part, not on the section: its white background stays where contrast checks look.
 */
function topicsSize(section: { parts: { topics: string[] }[] }) {
  const topics = section.parts.reduce((count, part) => count + part.topics.length, 0);
  if (topics <= 8) return "[--below-fold-size:22rem] lg:[--below-fold-size:12rem]";
  if (topics <= 16) return "[--below-fold-size:50rem] lg:[--below-fold-size:30rem]";
  return "[--below-fold-size:85rem] lg:[--below-fold-size:60rem]";
}

export default function Syllabus({ loaderData }: Route.ComponentProps) {
  const { overview, sections } = loaderData;
  return (
    <ContentPage title={messages.title} intro={messages.intro}>
      <HeadedSection
        heading={`${messages.pattern}: ${overview.paper}`}
        headingClassName="font-bold text-brand-800"
        className="mt-6 max-w-4xl rounded-xl bg-brand-50 p-5"
      >
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-800">
          {overview.facts.map((fact) => (
            <li key={fact}>{fact}</li>
          ))}
        </ul>
      </HeadedSection>

      <HeadedSection
        heading={messages.contents}
        headingClassName="font-bold text-slate-900"
        as="nav"
        id="contents"
        className="mt-6 max-w-4xl scroll-mt-20 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <ol className="mt-3 gap-x-6 sm:columns-2">
          {sections.map((section) => (
            <li key={section.id} className="break-inside-avoid">
              <a
                href={`#${section.id}`}
                className="inline-block py-1.5 text-brand-700 underline-offset-2 hover:underline"
              >
                <span className="text-slate-600">{section.label}:</span> {section.title}
              </a>
            </li>
          ))}
        </ol>
      </HeadedSection>

      <div className="mt-8 max-w-4xl space-y-6">
        {sections.map((section) => (
          <section
            key={section.id}
            id={section.id}
            aria-labelledby={`${section.id}-heading`}
            className="scroll-mt-20 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
          >
            <h2 id={`${section.id}-heading`} className="text-xl font-bold text-slate-900">
              <span className="block text-sm font-semibold tracking-wide text-brand-700 uppercase">
                {section.label}
              </span>
              <span className="sr-only">: </span>
              {section.title}
            </h2>
            <div className={`below-fold mt-3 space-y-4 ${topicsSize(section)}`}>
              {section.parts.map((part, i) => (
                <div key={part.title ?? i}>
                  {part.title ? <h3 className="font-semibold text-slate-900">{part.title}</h3> : null}
                  <ul className="mt-1 list-disc space-y-1 pl-5 text-slate-700 marker:text-brand-600">
                    {part.topics.map((topic) => (
                      <li key={topic}>{topic}</li>
                    ))}
                  </ul>
                </div>
              ))}
            </div>
            <p className="mt-4 text-right text-sm">
              <a href="#contents" className="inline-block py-1 text-brand-700 underline underline-offset-2">
                {messages.backToContents}
              </a>
            </p>
          </section>
        ))}
      </div>
    </ContentPage>
  );
}
