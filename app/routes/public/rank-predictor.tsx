import { renderToStaticMarkup } from "react-dom/server";
import { Form, href, useNavigation } from "react-router";
import type { Route } from "./+types/rank-predictor";
import { ContentPage } from "~/components/content/page-header";
import { SubmitButton, TextField } from "~/components/forms/fields";
import { SelectField } from "~/components/forms/select-field";
import { GateSection } from "~/components/gate/gate-table";
import { RankChart } from "~/components/gate/rank-chart";
import { RankPointsTable, RankResult, YearVerdicts } from "~/components/gate/rank-result";
import { staticPageMeta } from "~/components/static/page-meta";
import { predictRank } from "~/lib/gate/predictor.server";
import { categoryOptions, MAX_MARKS, MIN_MARKS } from "~/lib/rank-predictor";
import { dbContext } from "~/lib/request-context";

const messages = {
  title: "GATE Rank Predictor",
  description:
    "Estimate your GATE Chemical Engineering (CH) rank from your marks: the GATE score, qualifying status by category and an AIR range from the marks-vs-rank data on record, with every source shown.",
  intro:
    "Enter your expected GATE marks, your paper and your category. We compare them with each year's figures on record and show the data behind the answer.",
  marks: "Your GATE marks (out of 100)",
  marksHint: `Your expected marks after checking the answer key, from ${MIN_MARKS} to ${MAX_MARKS}, e.g. 56.33.`,
  branch: "Branch",
  branchPlaceholder: "Select your paper",
  category: "Category",
  categoryPlaceholder: "Select your category",
  submit: "Predict My Rank",
  pending: "Predicting...",
  errorSummary: "Please correct the highlighted fields.",
  chartHeading: (paper: string) => `Marks and rank on record: ${paper}`,
  note: "An estimate, not an official result: your actual rank depends on how all candidates perform in your paper, and is announced only with the GATE result.",
} as const;

const marksField = {
  id: "marks",
  name: "marks",
  label: messages.marks,
  hint: messages.marksHint,
  inputMode: "decimal",
  maxLength: 7,
} as const;

const resultId = "result";

const choices = [
  { name: "branch", label: messages.branch, placeholder: messages.branchPlaceholder },
  { name: "category", label: messages.category, placeholder: messages.categoryPlaceholder },
] as const;

export const meta: Route.MetaFunction = ({ matches }) => staticPageMeta(matches, messages);

/**
 * A GET form, so the prediction works without JavaScript and its URL can be shared. The answer is
 * rendered to HTML here, on the server: the browser's first load carries the form's code only, not
 * the maths or the report's components (first-load JS budget, issue 6). React escapes it as usual.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const { state, branches, paper, points, chart, result } = await predictRank(db, new URL(request.url).searchParams);
  const paperName = paper ? `${paper.name} (${paper.code})` : "";
  return {
    state,
    branches,
    resultHtml:
      result && paper
        ? renderToStaticMarkup(
            <RankResult paper={paperName} category={result.category} marks={result.marks} estimate={result.estimate} />,
          )
        : null,
    detailsHtml: paper
      ? renderToStaticMarkup(
          <>
            {result ? <YearVerdicts verdicts={result.verdicts} category={result.category} /> : null}
            {chart ? (
              <GateSection id="chart-heading" title={messages.chartHeading(paperName)}>
                <RankChart chart={chart} paper={paperName} marks={result?.marks ?? null} />
              </GateSection>
            ) : null}
            {points.length > 0 ? (
              <RankPointsTable points={points} paper={paperName} estimate={result?.estimate ?? null} />
            ) : null}
          </>,
        )
      : null,
  };
}

export default function RankPredictor({
  loaderData: { state, branches, resultHtml, detailsHtml },
}: Route.ComponentProps) {
  const errors = state.status === "invalid" ? state.errors : {};
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && Boolean(navigation.formAction?.startsWith(href("/rank-predictor")));
  return (
    <ContentPage title={messages.title} intro={messages.intro}>
      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <Form
          key={JSON.stringify(state.values)}
          method="get"
          // The answer sits below the form on a phone: the fragment takes the visitor to it, with
          // or without JavaScript (a GET form keeps its action's fragment).
          action={`${href("/rank-predictor")}#${resultId}`}
          className="space-y-5 self-start rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
        >
          {state.status === "invalid" ? (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
              {messages.errorSummary}
            </p>
          ) : null}
          <TextField {...marksField} defaultValue={state.values.marks} error={errors.marks} />
          {choices.map((choice) => (
            <SelectField
              key={choice.name}
              id={choice.name}
              {...choice}
              options={choice.name === "branch" ? branches : categoryOptions}
              defaultValue={state.values[choice.name]}
              error={errors[choice.name]}
            />
          ))}
          <SubmitButton label={messages.submit} pendingLabel={messages.pending} pending={pending} width="full" />
        </Form>

        <div id={resultId} aria-live="polite" className="scroll-mt-20">
          {resultHtml ? <div dangerouslySetInnerHTML={{ __html: resultHtml }} /> : null}
          <p className="mt-4 text-sm text-slate-600">{messages.note}</p>
        </div>
      </div>

      {/* The year-by-year verdicts, the chart and the table are below a phone's first screen: laid
          out only as they come near it (issue 28, the first layout on a budget phone). */}
      {detailsHtml ? (
        <div className="below-fold [--below-fold-size:90rem]" dangerouslySetInnerHTML={{ __html: detailsHtml }} />
      ) : null}
    </ContentPage>
  );
}
