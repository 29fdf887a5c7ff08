import { Link } from "react-router";
import { difficultyLabels, practiceHref, typeLabels } from "~/lib/questions/practice-link";
import { cutText, gateSourceLabel, type QuestionView } from "~/lib/questions/question-view";

// The parts every page of the question bank shows a question with (issue 46). Their looks are
// written here rather than taken from the catalogue's components, so that a question's page loads
// no catalogue code (first-load JavaScript, issue 6).

const linkBase =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 py-2 text-center text-sm font-semibold";

/** Links that look like buttons: at least 44 px tall. */
export const linkButton = {
  primary: `${linkBase} bg-brand-700 text-white hover:bg-brand-800`,
  secondary: `${linkBase} border border-brand-700 bg-white text-brand-700 hover:bg-brand-50`,
} as const;

/** What a question's pages show for an address that is no published question. */
export function QuestionNotFound({ message, back }: { message: string; back: string }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{message}</h1>
      <Link to="/question-bank" className={`${linkButton.primary} mt-6`}>
        {back}
      </Link>
    </div>
  );
}

export const partMessages = {
  bank: "Question Bank",
  breadcrumb: "Breadcrumb",
  sample: "Sample question",
  marks: (marks: number) => (marks === 1 ? "1 mark" : `${marks} marks`),
  number: (number: number, total: number) => `Question ${number} of ${total}`,
} as const;

/** Stored question HTML (sanitised when saved, MathML included), with room for its paragraphs, lists and pictures. */
export function QuestionHtml({
  html,
  className = "",
  inline = false,
}: {
  html: string;
  className?: string;
  /** An option's HTML, which has no blocks: a span, which a label may hold. */
  inline?: boolean;
}) {
  const Tag = inline ? "span" : "div";
  return (
    <Tag
      className={`text-slate-900 [&_a]:text-brand-700 [&_a]:underline [&_img]:h-auto [&_img]:max-w-full [&_li]:mt-1 [&_ol]:list-decimal [&_ol]:pl-6 [&>*+*]:mt-3 [&_pre]:overflow-x-auto [&_table]:block [&_table]:max-w-full [&_table]:overflow-x-auto [&_td]:border [&_td]:border-slate-300 [&_td]:px-2 [&_th]:border [&_th]:border-slate-300 [&_th]:px-2 [&_ul]:list-disc [&_ul]:pl-6 ${className}`}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/** One line of facts: type, marks, difficulty, source; "Sample question" when it is one. */
export function QuestionMeta({ question }: { question: QuestionView }) {
  const gate = gateSourceLabel(question);
  const facts = [typeLabels[question.type], partMessages.marks(question.marks), difficultyLabels[question.difficulty]];
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
      {facts.map((fact) => (
        <span key={fact}>{fact}</span>
      ))}
      {gate ? <span className="rounded bg-amber-100 px-2 py-0.5 font-semibold text-amber-900">{gate}</span> : null}
      {question.isSample ? (
        <span className="rounded bg-slate-200 px-2 py-0.5 font-semibold text-slate-800">{partMessages.sample}</span>
      ) : null}
    </p>
  );
}

/** Question Bank › subject › topic, each a link to its practice set (the last one too). */
export function Breadcrumbs({
  subject,
  topic,
}: {
  subject?: { key: string; title: string };
  topic?: { key: string; title: string };
}) {
  const trail = [
    { label: partMessages.bank, to: "/question-bank" },
    ...(subject ? [{ label: subject.title, to: practiceHref({ subject: subject.key }) }] : []),
    // A syllabus line can run to three lines on a phone: cut, as a trail should be.
    ...(subject && topic
      ? [{ label: cutText(topic.title, 48), to: practiceHref({ subject: subject.key, topic: topic.key }) }]
      : []),
  ];
  return (
    <nav aria-label={partMessages.breadcrumb} className="text-sm">
      <ol className="flex flex-wrap items-center gap-x-1 gap-y-1 text-slate-700">
        {trail.map((step, index) => (
          <li key={step.to} className="flex items-center gap-1">
            {index > 0 ? <span aria-hidden="true">›</span> : null}
            <Link
              to={step.to}
              className="inline-flex min-h-8 items-center font-medium text-brand-700 underline hover:text-brand-800"
            >
              {step.label}
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}
