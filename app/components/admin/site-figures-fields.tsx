import type { bindFields } from "~/components/forms/bind-fields";
import { DateField } from "~/components/forms/date-field";
import { TextField } from "~/components/forms/fields";
import { siteContentMessages } from "~/lib/admin/messages/site-content";
import { FIGURE_IDS, PRACTICE_TESTS_SOURCES, type FigureId, type SiteCounts } from "~/lib/site/site-figures";

// The fields of the "Figures on the home page" form of Site Settings (issue 48 item 6): each figure
// with its date and source, and whether the practice tests figure is typed or counted on the site
// (the counts as they are now beside each choice). Plain fields and radios: the form works without
// JavaScript.

const m = siteContentMessages.figures;

export function SiteFiguresFields({
  field,
  practiceTestsFrom,
  counts,
}: {
  field: ReturnType<typeof bindFields>;
  practiceTestsFrom: string;
  counts: SiteCounts;
}) {
  const from = field("figure_practice_tests_from");
  return (
    <>
      <p className="text-sm text-slate-600">{m.intro}</p>
      {FIGURE_IDS.map((id) => (
        <FigureFields key={id} id={id} field={field} />
      ))}
      <fieldset className="space-y-2" aria-describedby={`figure-from-hint${from.error ? " figure-from-error" : ""}`}>
        <legend className="font-medium text-slate-900">{m.from}</legend>
        {PRACTICE_TESTS_SOURCES.map((source) => (
          <label key={source} className="flex min-h-11 items-center gap-3 text-slate-800">
            <input
              type="radio"
              name="figure_practice_tests_from"
              value={source}
              defaultChecked={practiceTestsFrom === source}
              className="size-5 accent-brand-700"
            />
            {source === "typed" ? m.fromOptions.typed : m.fromOptions[source](counts[source])}
          </label>
        ))}
        <p id="figure-from-hint" className="text-sm text-slate-600">
          {m.fromHint}
        </p>
        {from.error ? (
          <p id="figure-from-error" className="text-sm font-medium text-red-700">
            {from.error}
          </p>
        ) : null}
      </fieldset>
    </>
  );
}

/** One figure: its value as visitors read it, the day it was true and its source. */
function FigureFields({ id, field }: { id: FigureId; field: ReturnType<typeof bindFields> }) {
  const label = m.labels[id];
  return (
    <div className="grid gap-4 border-t border-slate-100 pt-4 first-of-type:border-0 sm:grid-cols-[1fr_1fr_2fr]">
      <TextField {...field(`figure_${id}`)} label={label} hint={m.hints[id]} maxLength={20} optional />
      <DateField {...field(`figure_${id}_as_of`)} label={`${label}: ${m.asOf}`} hint={m.asOfHint} notFuture optional />
      <TextField
        {...field(`figure_${id}_source`)}
        label={`${label}: ${m.source}`}
        hint={m.sourceHint}
        maxLength={160}
        optional
      />
    </div>
  );
}
