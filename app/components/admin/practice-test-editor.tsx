import { useId } from "react";
import { bindFields } from "~/components/forms/bind-fields";
import { CheckboxField } from "~/components/forms/checkbox-field";
import { Field, inputClass, TextAreaField, TextField, useControl, type FieldProps } from "~/components/forms/fields";
import { labelled, SelectField } from "~/components/forms/select-field";
import { practiceTestMessages as m } from "~/lib/admin/messages/practice-tests";
import type { FormFailure } from "~/lib/forms/submission";
import {
  DURATION,
  INSTRUCTIONS_MAX,
  TEST_ACCESS,
  TEST_KINDS,
  TEST_STATUSES,
  TITLE_MAX,
} from "~/lib/schemas/admin/practice-test";
import { TableManagerForm } from "./manager-form";
import type { FormValues, Manager } from "./manager-state";

// A timed test's form (issue 47): title, kind, instructions (Markdown), duration, free or paid
// (with where it is sold), the optional window typed in India's time, sample, and status. A plain
// form (~/lib/schemas/admin/practice-test.ts decides it on the server), so it works without
// JavaScript; its questions are the panel beneath it (./practice-test-questions.tsx).

/**
 * A field one kind of test needs and the other leaves empty (where a paid test is sold): not
 * `required` (a browser would refuse a free test's form) and not labelled optional; its hint says.
 */
function ConditionalField({ type, ...field }: Omit<FieldProps, "optional"> & { type: "url" | "datetime-local" }) {
  const control = useControl(field);
  return (
    <Field id={control.id} field={field}>
      <input {...control} type={type} maxLength={type === "url" ? 2000 : undefined} className={inputClass} />
    </Field>
  );
}

/** The window's two ends, in India's time: a group whose hint says they may be left empty. */
function WindowFields({ field }: { field: ReturnType<typeof bindFields> }) {
  const id = useId();
  return (
    <fieldset aria-describedby={`${id}-hint`} className="space-y-4 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 font-semibold text-slate-900">{m.window}</legend>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        {m.windowHint}
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <ConditionalField {...field("opens_at")} type="datetime-local" label={m.opensAt} />
        <ConditionalField {...field("closes_at")} type="datetime-local" label={m.closesAt} />
      </div>
    </fieldset>
  );
}

export function PracticeTestForm({
  manager,
  editing,
  values,
  failure,
  cancelTo,
}: {
  manager: Manager;
  /** The test being edited; none for a new one. */
  editing?: { id: number };
  values: FormValues;
  failure?: FormFailure;
  cancelTo: string;
}) {
  const errors = failure?.fieldErrors ?? {};
  const field = bindFields(values, errors);
  return (
    <TableManagerForm
      state={{ manager, editing, failure }}
      home={cancelTo}
      addTitle={m.addTitle}
      editTitle={m.editTitle}
    >
      <TextField {...field("title")} label={m.title} maxLength={TITLE_MAX} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          {...field("kind")}
          label={m.kind}
          placeholder={m.chooseKind}
          hint={m.kindHint}
          options={labelled(TEST_KINDS, m.kinds)}
        />
        <TextField
          {...field("duration_minutes")}
          type="number"
          inputMode="numeric"
          min={DURATION.min}
          label={m.duration}
          hint={m.durationHint}
        />
      </div>
      <TextAreaField
        {...field("instructions")}
        label={m.instructions}
        hint={m.instructionsHint}
        rows={8}
        maxLength={INSTRUCTIONS_MAX}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          {...field("access")}
          label={m.accessLabel}
          placeholder={m.chooseAccess}
          options={labelled(TEST_ACCESS, m.access)}
        />
        <ConditionalField {...field("paid_url")} type="url" label={m.paidUrl} hint={m.paidUrlHint} />
      </div>
      <WindowFields field={field} />
      <CheckboxField name="is_sample" label={m.isSample} defaultChecked={values.is_sample === true} />
      <SelectField
        {...field("status")}
        label={m.status}
        placeholder={m.status}
        hint={m.statusHint}
        options={labelled(TEST_STATUSES, m.statuses)}
      />
    </TableManagerForm>
  );
}
