import { Form, href } from "react-router";
import type { Route } from "./+types/rank-predictor";
import { ContentPage } from "~/components/content/page-header";
import { staticPageMeta } from "~/components/static/page-meta";
import { branchOptions, categoryOptions, type RankPredictorField } from "~/lib/rank-predictor";
import { readRankPredictorQuery } from "~/lib/schemas/rank-predictor";

const messages = {
  title: "GATE Rank Predictor",
  description:
    "Estimate your GATE rank from your expected marks, branch and category with our free GATE Rank Predictor.",
  intro: "Enter your expected GATE marks, your branch and your category to see an indicative rank range.",
  marks: "Your GATE marks (out of 100)",
  marksHint: "Use your expected marks after checking the answer key, e.g. 56.33.",
  branch: "Branch",
  branchPlaceholder: "Select your branch",
  category: "Category",
  categoryPlaceholder: "Select your category",
  submit: "Predict My Rank",
  resultHeading: "Your predicted rank range",
  resultFor: (marks: number, branch: string, category: string) =>
    `For ${marks} marks in ${branch}, ${category} category`,
  note: "This is an indicative range, not an official result. Your actual rank depends on how all candidates perform in your paper and session, and is announced only with the GATE result.",
  errorSummary: "Please correct the highlighted fields.",
} as const;

export const meta: Route.MetaFunction = ({ matches }) => staticPageMeta(matches, messages);

// A GET form, so the prediction works without JavaScript and can be bookmarked or shared.
export function loader({ request }: Route.LoaderArgs) {
  return readRankPredictorQuery(new URL(request.url).searchParams);
}

const inputClass =
  "mt-1 block min-h-11 w-full rounded-lg border bg-white px-3 text-base text-slate-900 aria-invalid:border-red-600 aria-invalid:ring-1 aria-invalid:ring-red-600";

/** A labelled control (`children`, whose id is `field`) with its error message below it. */
function Field({
  field,
  label,
  error,
  children,
}: {
  field: RankPredictorField;
  label: string;
  error: string | undefined;
  children: React.ReactNode;
}) {
  return (
    <div>
      <label htmlFor={field} className="font-medium text-slate-900">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${field}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A required choice from a list, with a placeholder option first. */
function SelectField({
  field,
  label,
  placeholder,
  options,
  defaultValue,
  error,
}: {
  field: RankPredictorField;
  label: string;
  placeholder: string;
  options: readonly { value: string; label: string }[];
  defaultValue: string;
  error: string | undefined;
}) {
  return (
    <Field field={field} label={label} error={error}>
      <select
        id={field}
        name={field}
        required
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${field}-error` : undefined}
        className={`${inputClass} border-slate-500`}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

const choiceFields = [
  { field: "branch", label: messages.branch, placeholder: messages.branchPlaceholder, options: branchOptions },
  { field: "category", label: messages.category, placeholder: messages.categoryPlaceholder, options: categoryOptions },
] as const;

export default function RankPredictor({ loaderData: state }: Route.ComponentProps) {
  const errors: Partial<Record<RankPredictorField, string>> = state.status === "invalid" ? state.errors : {};

  return (
    <ContentPage title={messages.title} intro={messages.intro}>
      <div className="mt-6 grid max-w-4xl gap-6 md:grid-cols-2">
        <Form
          key={JSON.stringify(state.values)}
          method="get"
          action={href("/rank-predictor")}
          preventScrollReset
          className="space-y-5 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
        >
          {state.status === "invalid" ? (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
              {messages.errorSummary}
            </p>
          ) : null}

          <Field field="marks" label={messages.marks} error={errors.marks}>
            <input
              id="marks"
              name="marks"
              type="number"
              inputMode="decimal"
              min={0}
              max={100}
              step={0.01}
              required
              defaultValue={state.values.marks}
              aria-invalid={errors.marks ? true : undefined}
              aria-describedby={errors.marks ? "marks-hint marks-error" : "marks-hint"}
              className={`${inputClass} border-slate-500`}
            />
            <p id="marks-hint" className="mt-1 text-sm text-slate-600">
              {messages.marksHint}
            </p>
          </Field>

          {choiceFields.map((choice) => (
            <SelectField
              key={choice.field}
              {...choice}
              defaultValue={state.values[choice.field]}
              error={errors[choice.field]}
            />
          ))}

          <button
            type="submit"
            className="inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
          >
            {messages.submit}
          </button>
        </Form>

        <div aria-live="polite">
          {state.status === "predicted" ? (
            <section
              aria-labelledby="result-heading"
              className="rounded-xl border border-brand-100 bg-brand-50 p-5 text-center"
            >
              <h2 id="result-heading" className="font-semibold text-brand-800">
                {messages.resultHeading}
              </h2>
              <p className="mt-2 text-4xl font-extrabold text-brand-800">{state.range}</p>
              <p className="mt-2 text-sm text-slate-700">
                {messages.resultFor(
                  state.input.marks,
                  branchOptions.find((o) => o.value === state.input.branch)?.label ?? "",
                  categoryOptions.find((o) => o.value === state.input.category)?.label ?? "",
                )}
              </p>
            </section>
          ) : null}
          <p className="mt-4 text-sm text-slate-600">{messages.note}</p>
        </div>
      </div>
    </ContentPage>
  );
}
