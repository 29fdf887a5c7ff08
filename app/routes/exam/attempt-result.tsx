import { data, redirect } from "react-router";
import type { Route } from "./+types/attempt-result";
import { ResultSummary, ReviewList } from "~/components/exam/result-view";
import { ExamCheckbox, FormErrorLine } from "~/components/exam/exam-form-parts";
import { Field, inputClass, primaryButton } from "~/components/forms/fields";
import { formatIstTime } from "~/core/ist";
import { attemptPath, loadResult, requestResultEmail } from "~/lib/exam/attempts.server";
import { formFailure, parseForm, readForm } from "~/lib/forms/read-form.server";
import { noScripts } from "~/lib/route-handle";
import { ResultEmailSchema, resultEmailMessages } from "~/lib/schemas/exam-result-email";
import { dbContext } from "~/lib/request-context";
import { HeadedSection } from "~/components/ui/headed-section";

// A submitted attempt's result and review (issue 47): /tests/:slug/attempt/:token/result. Before
// submission the address sends back to the test (the key and the solutions are only ever read
// here, once the attempt is over; a read past the deadline submits it first). The aspirant may ask
// for the link by e-mail here (consent recorded, a lead in the inbox), once per attempt.

const messages = {
  title: (test: string) => `Your result: ${test}`,
  submittedAt: (at: string) => `Submitted ${at}.`,
  keepLink: "Keep this page's address: it is the only way back to your result (no account is needed).",
  emailHeading: "Get this link by e-mail",
  emailSend: "Send me the link",
  emailSent: "The link is on its way to your inbox.",
  emailAlready: "The link to this result has already been sent by e-mail.",
  emailSentTo: (email: string) => `The link to this result was sent to ${email}.`,
  formError: "Please correct the highlighted fields.",
  again: "See the test's page",
} as const;

/** One aspirant's result: never a shared copy. */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const read = await loadResult(db, params.token);
  if (!read.ok) {
    if (read.reason === "not_submitted") throw redirect(attemptPath(read.testSlug, params.token));
    throw data(null, { status: 404 });
  }
  if (read.result.test.slug !== params.slug)
    throw redirect(`${attemptPath(read.result.test.slug, params.token)}/result`);
  return { result: read.result };
}

type EmailSent = { ok: true; message: string };

export async function action({ request, params, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const read = await readForm(request);
  if (!read.ok) return formFailure(415, { formError: messages.formError });
  const values = { email: read.values.email ?? "" };
  const parsed = parseForm(ResultEmailSchema, read.values);
  if (!parsed.ok) return formFailure(400, { formError: messages.formError, fieldErrors: parsed.errors, values });
  const sent = await requestResultEmail(db, params.token, { email: parsed.data.email, consent: true });
  if (sent.ok) return data<EmailSent>({ ok: true, message: messages.emailSent });
  switch (sent.reason) {
    case "not_found":
      throw data(null, { status: 404 });
    case "already_sent":
      return data<EmailSent>({ ok: true, message: messages.emailAlready });
    case "invalid_email":
      return formFailure(400, { fieldErrors: { email: resultEmailMessages.emailInvalid }, values });
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? messages.title(loaderData.result.test.title) : "Result" },
  { name: "robots", content: "noindex, nofollow" },
];

// The result is read, not worked with: no script (issue 28).
export const handle = noScripts;

export default function AttemptResult({ loaderData: { result }, actionData }: Route.ComponentProps) {
  const failure = actionData && !actionData.ok ? actionData : undefined;
  const errors = failure?.fieldErrors ?? {};
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{messages.title(result.test.title)}</h1>
      <p className="mt-2 text-slate-700">{messages.submittedAt(formatIstTime(result.attempt.submittedAt))}</p>
      <div className="mt-6">
        <ResultSummary result={result} />
      </div>

      <HeadedSection
        heading={messages.emailHeading}
        headingClassName="font-bold text-slate-900"
        intro={messages.keepLink}
        introClassName="mt-1 text-sm text-slate-700"
        className="mt-5 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        {result.attempt.email ? (
          <p className="mt-3 text-slate-800">{messages.emailSentTo(result.attempt.email)}</p>
        ) : actionData?.ok ? (
          <output className="mt-3 block font-medium text-emerald-800">{actionData.message}</output>
        ) : (
          <form method="post" className="mt-3 space-y-3" noValidate>
            <FormErrorLine error={failure?.formError} />
            <Field id="result-email" field={{ name: "email", label: resultEmailMessages.email, error: errors.email }}>
              <input
                id="result-email"
                name="email"
                type="email"
                autoComplete="email"
                maxLength={254}
                defaultValue={failure?.values.email ?? ""}
                aria-invalid={errors.email ? true : undefined}
                aria-describedby={errors.email ? "result-email-error" : undefined}
                className={inputClass}
              />
            </Field>
            <ExamCheckbox
              id="result-consent"
              name="consent"
              label={resultEmailMessages.consent}
              error={errors.consent}
            />
            <button type="submit" className={primaryButton}>
              {messages.emailSend}
            </button>
          </form>
        )}
      </HeadedSection>

      <div className="mt-8">
        <ReviewList items={result.review} />
      </div>
      <p className="mt-8">
        <a
          href={`/tests/${encodeURIComponent(result.test.slug)}`}
          className="font-semibold text-brand-700 underline hover:text-brand-800"
        >
          {messages.again}
        </a>
      </p>
    </div>
  );
}
