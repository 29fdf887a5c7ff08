import { OPTION_LABELS } from "~/lib/questions/answers";
import { QuestionHtml } from "~/components/questions/question-parts";
import { onPlainClick, type PaletteSection } from "./palette";
import { questionMessages, type PanelQuestion } from "./question-panel";

// The "question paper" view of the exam (issue 47): every question of the test, section by section,
// to read through; answering is done on each question's own screen, reached from here.

export const paperMessages = {
  heading: "Question paper",
  goTo: (n: number) => `Go to question ${n}`,
  back: "Back to the question",
} as const;

export function QuestionPaper({
  sections,
  questions,
  hrefFor,
  onJump,
  headingRef,
}: {
  sections: readonly PaletteSection[];
  questions: readonly PanelQuestion[];
  hrefFor: (position: number) => string;
  onJump?: (position: number) => void;
  headingRef?: React.Ref<HTMLHeadingElement>;
}) {
  return (
    <section aria-labelledby="paper-heading">
      <h2
        id="paper-heading"
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-bold text-slate-900 focus:outline-none"
      >
        {paperMessages.heading}
      </h2>
      {sections.map((section) => (
        <section key={section.section} aria-labelledby={`paper-${section.section}`} className="mt-5">
          <h3 id={`paper-${section.section}`} className="rounded-md bg-slate-100 px-3 py-2 font-bold text-slate-900">
            {section.title}
          </h3>
          <ol className="mt-2 divide-y divide-slate-200">
            {section.positions.map((position) => {
              const question = questions[position - 1];
              if (!question) return null;
              return (
                <li key={position} className="py-4">
                  <p className="text-sm font-semibold text-slate-800">
                    {questionMessages.question(position)} · {questionMessages.marks(question.marks)}
                  </p>
                  <QuestionHtml html={question.textHtml} className="mt-2" />
                  {question.options.length > 0 ? (
                    <ul className="mt-2 space-y-1">
                      {question.options.map((html, index) => (
                        <li key={OPTION_LABELS[index]} className="flex gap-2">
                          <span className="font-semibold">{OPTION_LABELS[index]}.</span>
                          <QuestionHtml html={html} inline className="min-w-0" />
                        </li>
                      ))}
                    </ul>
                  ) : null}
                  <a
                    href={hrefFor(position)}
                    onClick={onPlainClick(onJump && (() => onJump(position)))}
                    className="mt-2 inline-flex min-h-11 items-center font-semibold text-brand-700 underline hover:text-brand-800"
                  >
                    {paperMessages.goTo(position)}
                  </a>
                </li>
              );
            })}
          </ol>
        </section>
      ))}
    </section>
  );
}
