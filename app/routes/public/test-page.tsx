import { data, href, Link, redirect } from "react-router";
import type { Route } from "./+types/test-page";
import { ExamInstructions } from "~/components/exam/exam-instructions";
import { ExamCheckbox } from "~/components/exam/exam-form-parts";
import { primaryButton, TextField } from "~/components/forms/fields";
import { QuestionHtml, QuestionNotFound } from "~/components/questions/question-parts";
import { staticPageMeta } from "~/components/static/page-meta";
import { formatIstTime } from "~/core/ist";
import { findPublishedTest, listTestPaper } from "~/db/queries/practice-tests.server";
import { attemptCookie, readAttemptCookie } from "~/lib/exam/attempt-cookie.server";
import {
  attemptPath,
  examMessages,
  findAttemptByToken,
  resultPath,
  startAttempt,
  startRefusal,
} from "~/lib/exam/attempts.server";
import { SECTION_TITLES, SECTIONS } from "~/lib/exam/scoring";
import { formFailure, parseForm, readForm } from "~/lib/forms/read-form.server";
import { noScripts } from "~/lib/route-handle";
import { dbContext, requestInfoContext } from "~/lib/request-context";
import { ExamStartSchema, examStartMessages } from "~/lib/schemas/exam-start";
import { formatMarks } from "~/lib/questions/answers";
import { HeadedSection } from "~/components/ui/headed-section";

// A timed test's page (issue 47): what it is (questions, marks, time, sections), its instructions
// and the exam's, the declaration, an optional e-mail for the result link, and Start. Start posts
// here: the attempt begins on the server (its clock, its deadline), the browser gets the attempt's
// cookie and goes to the first question. A browser that already has an attempt at this test is
// offered to resume it, or its result. The page needs no script.

const messages = {
  notFound: "Test not found",
  back: "See the free tests",
  kinds: {
    topic: "Topic test",
    subject: "Subject test",
    full_mock: "Full-length mock test",
    previous_year: "Previous-year paper",
  },
  /** A sample mock is short (the publish check lets it be): not called full-length. */
  sampleMock: "Sample mock test (short, in the GATE pattern)",
  sample: "Sample test: built from the question bank's sample questions.",
  facts: "About this test",
  duration: "Time",
  minutes: (n: number) => `${n} minutes`,
  questions: "Questions",
  marks: "Marks",
  sections: "Sections",
  sectionLine: (title: string, questions: number, marks: string) => `${title}: ${questions} questions, ${marks} marks`,
  window: "Window",
  opens: (at: string) => `Opens at ${at}`,
  closes: (at: string) => `Closes at ${at}`,
  testInstructions: "Instructions for this test",
  start: "Start the test",
  startHeading: "Ready?",
  resume: "You have started this test in this browser.",
  resumeLink: "Resume the test",
  done: "You have taken this test in this browser.",
  resultLink: "See your result",
  paid: "This test is part of a paid test series.",
  buy: "See the test series",
  notOpen: (at: string) => `This test opens at ${at}. Come back then to start it.`,
  closed: "This test has closed.",
  noEmail: "No e-mail is needed: the link to your test stays in this browser, and you can bookmark it.",
  formError: "Please correct the highlighted fields.",
  toForm: "Go to the form",
  description: (title: string, kind: string) =>
    `${title}: a timed ${kind.toLowerCase()} in the GATE Chemical Engineering exam interface, free, with your score, rank among test takers and a review of every question.`,
} as const;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const test = await findPublishedTest(db, params.slug);
  if (!test) return data({ test: null }, { status: 404 });
  const now = new Date();
  const paper = await listTestPaper(db, test.id);
  const token = readAttemptCookie(request.headers, test.id);
  const mine = token ? await findAttemptByToken(db, token, now) : undefined;
  const refusal = startRefusal(test, now);
  const sections = SECTIONS.map((section) => {
    const questions = paper.filter((q) => q.section === section);
    return {
      section,
      title: SECTION_TITLES[section],
      questions: questions.length,
      marks: formatMarks(3 * questions.reduce((sum, q) => sum + q.marks, 0)),
    };
  }).filter((s) => s.questions > 0);
  return data(
    {
      test: {
        slug: test.slug,
        title: test.title,
        kind: test.kind,
        isSample: test.is_sample,
        instructionsHtml: test.instructions_html,
        durationMinutes: test.duration_minutes,
        paidUrl: test.paid_url,
        opensAt: test.opens_at,
        closesAt: test.closes_at,
        questions: paper.length,
        marks: formatMarks(3 * paper.reduce((sum, q) => sum + q.marks, 0)),
        sections,
      },
      refusal: refusal?.reason ?? null,
      mine:
        mine && token
          ? mine.submitted_at
            ? { kind: "result" as const, href: resultPath(test.slug, token) }
            : { kind: "resume" as const, href: attemptPath(test.slug, token) }
          : null,
    },
    // A window makes the page change with the clock (not only at midnight): never a shared copy then.
    test.opens_at || test.closes_at ? { headers: { "Cache-Control": "private, no-store" } } : undefined,
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const read = await readForm(request);
  if (!read.ok) return formFailure(read.reason === "too-large" ? 413 : 415, { formError: messages.formError });
  const values = { email: read.values.email ?? "" };
  const parsed = parseForm(ExamStartSchema, read.values);
  if (!parsed.ok) return formFailure(400, { formError: messages.formError, fieldErrors: parsed.errors, values });
  const { clientIp } = context.get(requestInfoContext);
  const started = await startAttempt(db, params.slug, {
    ipKey: clientIp,
    email: parsed.data.email,
    consent: parsed.data.consent,
  });
  if (started.ok) {
    return redirect(`${attemptPath(started.test.slug, started.token)}?q=1`, {
      headers: { "Set-Cookie": attemptCookie(started.test.id, started.token) },
    });
  }
  const refused = (status: number, formError: string) => formFailure(status, { formError, values });
  switch (started.reason) {
    case "not_found":
      throw data(null, { status: 404 });
    case "paid":
      return refused(403, examMessages.paid);
    case "not_open":
      return refused(403, messages.notOpen(formatIstTime(started.opensAt)));
    case "closed":
      return refused(403, examMessages.closed);
    case "rate_limited":
      return refused(429, examMessages.rateLimited(Math.max(1, Math.ceil(started.retryAfterMs / 60_000))));
  }
}

const kindOf = (test: { kind: keyof typeof messages.kinds; isSample: boolean }) =>
  test.isSample && test.kind === "full_mock" ? messages.sampleMock : messages.kinds[test.kind];

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const test = loaderData?.test;
  if (!test) return [{ title: messages.notFound }, { name: "robots", content: "noindex" }];
  return staticPageMeta(matches, {
    title: test.title,
    description: messages.description(test.title, kindOf(test)),
  });
};

// Links, a form that posts and text: nothing here needs a script (issue 28).
export const handle = noScripts;

export default function TestPage({ loaderData, actionData }: Route.ComponentProps) {
  const { test } = loaderData;
  if (!test) return <QuestionNotFound message={messages.notFound} back={messages.back} />;
  const { refusal, mine } = loaderData;
  const failure = actionData && !actionData.ok ? actionData : undefined;
  const errors = failure?.fieldErrors ?? {};
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <p className="text-sm font-semibold text-brand-700">{kindOf(test)}</p>
      <h1 className="mt-1 text-2xl font-bold text-slate-900 sm:text-3xl">{test.title}</h1>
      {test.isSample ? <p className="mt-2 text-slate-700">{messages.sample}</p> : null}
      {failure ? <StartErrorSummary failure={failure} /> : null}

      <HeadedSection
        heading={messages.facts}
        headingClassName="text-lg font-bold text-slate-900"
        className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-slate-800">
          <dt className="font-semibold">{messages.duration}</dt>
          <dd>{messages.minutes(test.durationMinutes)}</dd>
          <dt className="font-semibold">{messages.questions}</dt>
          <dd>{test.questions}</dd>
          <dt className="font-semibold">{messages.marks}</dt>
          <dd>{test.marks}</dd>
          <dt className="font-semibold">{messages.sections}</dt>
          <dd>
            <ul>
              {test.sections.map((s) => (
                <li key={s.section}>{messages.sectionLine(s.title, s.questions, s.marks)}</li>
              ))}
            </ul>
          </dd>
          {test.opensAt || test.closesAt ? (
            <>
              <dt className="font-semibold">{messages.window}</dt>
              <dd>
                {[
                  test.opensAt && messages.opens(formatIstTime(test.opensAt)),
                  test.closesAt && messages.closes(formatIstTime(test.closesAt)),
                ]
                  .filter(Boolean)
                  .join(". ")}
              </dd>
            </>
          ) : null}
        </dl>
      </HeadedSection>

      {mine ? (
        <p className="mt-6 rounded-xl border border-brand-100 bg-brand-50 p-4 text-slate-900">
          {mine.kind === "resume" ? messages.resume : messages.done}{" "}
          <a href={mine.href} className="font-semibold text-brand-700 underline hover:text-brand-800">
            {mine.kind === "resume" ? messages.resumeLink : messages.resultLink}
          </a>
        </p>
      ) : null}

      {test.instructionsHtml.trim() ? (
        <HeadedSection
          heading={messages.testInstructions}
          headingClassName="text-lg font-bold text-slate-900"
          className="mt-6"
        >
          <QuestionHtml html={test.instructionsHtml} className="mt-2" />
        </HeadedSection>
      ) : null}
      <div className="mt-6">
        <ExamInstructions />
      </div>

      <HeadedSection
        heading={messages.startHeading}
        headingClassName="text-lg font-bold text-slate-900"
        className="mt-8 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        {refusal === "paid" ? (
          <p className="mt-2 text-slate-800">
            {messages.paid}{" "}
            {test.paidUrl ? (
              <a href={test.paidUrl} className="font-semibold text-brand-700 underline">
                {messages.buy}
              </a>
            ) : (
              <Link to="/test-series" className="font-semibold text-brand-700 underline">
                {messages.buy}
              </Link>
            )}
          </p>
        ) : refusal === "not_open" && test.opensAt ? (
          <p className="mt-2 text-slate-800">{messages.notOpen(formatIstTime(test.opensAt))}</p>
        ) : refusal === "closed" ? (
          <p className="mt-2 text-slate-800">{messages.closed}</p>
        ) : (
          // The address without the fragment an error link may have added, which the attempt's
          // address would otherwise inherit through the redirect.
          <form
            id={START_FORM_ID}
            method="post"
            action={href("/tests/:slug", { slug: test.slug })}
            className="mt-3 space-y-4"
            noValidate
          >
            <ExamCheckbox
              id="start-declaration"
              name="declaration"
              label={examStartMessages.declaration}
              error={errors.declaration}
            />
            <TextField
              id="start-email"
              name="email"
              label={examStartMessages.email}
              optional
              hint={examStartMessages.emailHint}
              error={errors.email}
              defaultValue={failure?.values.email ?? ""}
              type="email"
              autoComplete="email"
              maxLength={254}
            />
            <ExamCheckbox id="start-consent" name="consent" label={examStartMessages.consent} error={errors.consent} />
            <p className="text-sm text-slate-700">{messages.noEmail}</p>
            <button type="submit" className={primaryButton}>
              {messages.start}
            </button>
          </form>
        )}
      </HeadedSection>
    </div>
  );
}

const START_FORM_ID = "start-form";

/**
 * A refused Start, said at the top of the page the server sends back (it has no scripts, so the
 * browser shows it from its top, while the form is at the end of the instructions): the refusal,
 * and each field's error as a link to that field; a refusal without one links to the form.
 */
function StartErrorSummary({
  failure,
}: {
  failure: { formError?: string; fieldErrors?: Partial<Record<string, string>> };
}) {
  const fieldErrors = Object.entries(failure.fieldErrors ?? {}).filter(
    (entry): entry is [string, string] => entry[1] !== undefined,
  );
  return (
    <div role="alert" className="mt-4 rounded-xl border border-red-300 bg-red-50 p-4">
      <p className="font-semibold text-red-800">{failure.formError}</p>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-red-800">
        {fieldErrors.length > 0 ? (
          fieldErrors.map(([name, error]) => (
            <li key={name}>
              <a href={`#start-${name}`} className="underline hover:text-red-900">
                {error}
              </a>
            </li>
          ))
        ) : (
          <li>
            <a href={`#${START_FORM_ID}`} className="underline hover:text-red-900">
              {messages.toForm}
            </a>
          </li>
        )}
      </ul>
    </div>
  );
}
