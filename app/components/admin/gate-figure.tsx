import type { ReactNode } from "react";
import { CheckboxField } from "~/components/forms/checkbox-field";
import { DateField } from "~/components/forms/date-field";
import { FieldError, TextField } from "~/components/forms/fields";
import { gateYearMessages } from "~/lib/admin/messages/gate-data";
import type { FormValues } from "./manager-state";
import { OpenLink } from "./open-link";

// A published figure in the GATE data manager (issue 24): in the form, a group of its value
// fields with what it is and where to read it, then its provenance (source URL, date read,
// verified); in the table, the value with its verified state in words and a link to its source.

const m = gateYearMessages;

type Bind = (name: string) => { name: string; defaultValue?: string; error?: string };

export function FigureFieldset({
  figure,
  legend,
  help,
  field,
  values,
  children,
}: {
  /** The columns' prefix: qualifying, top_mean, candidates. */
  figure: string;
  legend: string;
  help: string;
  field: Bind;
  values: FormValues;
  children: ReactNode;
}) {
  const verified = `is_${figure}_verified`;
  return (
    <fieldset className="space-y-4 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 font-semibold text-slate-900">{legend}</legend>
      <p className="text-sm text-slate-600">{help}</p>
      <div className="grid gap-4 sm:grid-cols-3">{children}</div>
      <TextField {...field(`${figure}_source_url`)} type="url" label={m.sourceUrl} hint={m.sourceHint} optional />
      <DateField
        {...field(`${figure}_retrieved_on`)}
        label={m.retrievedOn}
        hint={m.retrievedOnHint}
        notFuture
        optional
      />
      <div>
        <CheckboxField
          name={verified}
          label={m.verified}
          defaultChecked={values[verified] === true || values[verified] === "on"}
        />
        <FieldError id={verified} error={field(verified).error} />
      </div>
    </fieldset>
  );
}

/** A figure in the table: its value(s), 'Verified' or 'Not verified', and its source. */
export function FigureCell({
  values,
  verified,
  sourceUrl,
  context,
}: {
  values: (number | null)[];
  verified: boolean;
  sourceUrl: string | null;
  context: string;
}) {
  if (values.every((value) => value === null)) return <span className="text-slate-500">{m.noFigure}</span>;
  return (
    <div className="space-y-1">
      <p className="font-medium whitespace-nowrap">{values.map((value) => value ?? m.noFigure).join(" / ")}</p>
      <p
        className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ${verified ? "bg-emerald-100 text-emerald-800" : "bg-amber-100 text-amber-900"}`}
      >
        {verified ? m.isVerified : m.notVerified}
      </p>
      <div className="text-sm">
        <OpenLink link={sourceUrl} context={context} label={m.source} />
      </div>
    </div>
  );
}
