import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Link, useFetcher } from "react-router";
import { bindFields } from "~/components/forms/bind-fields";
import { CheckboxField } from "~/components/forms/checkbox-field";
import {
  Field,
  FieldError,
  inputClass,
  SubmitButton,
  TextAreaField,
  TextField,
  useControl,
  type FieldProps,
} from "~/components/forms/fields";
import { labelled, SelectField } from "~/components/forms/select-field";
import { useHydrated } from "~/components/layout/use-hydrated";
import { commonMessages } from "~/lib/admin/messages/common";
import { questionBankMessages } from "~/lib/admin/messages/questions";
import type { FieldErrors, FormFailure } from "~/lib/forms/submission";
import type { QuestionPreview } from "~/lib/questions/question-form.server";
import { OPTION_LABELS } from "~/lib/questions/answers";
import { questionHref } from "~/lib/questions/practice-link";
import { GENERAL_APTITUDE, syllabusSubjects } from "~/lib/questions/syllabus-topics";
import {
  CORRECT_FIELDS,
  MAX_NAT_DECIMALS,
  OPTION_FIELDS,
  OPTION_MAX,
  QUESTION_DIFFICULTIES,
  QUESTION_SOURCES,
  QUESTION_STATUSES,
  QUESTION_TYPES,
  SOLUTION_MAX,
  TEXT_MAX,
} from "~/lib/schemas/admin/question";
import { IstTime } from "./ist-time";
import { InlineFailure, SubmitTokenField, useFocusFirstInvalid } from "./manager-form";
import type { FormValues, Manager } from "./manager-state";
import { HeaderRow, TableRegion, td } from "./manager-table";
import { Panel } from "./panel";
import { secondaryButton, textLink } from "./styles";
import { DISCARDS_DRAFT, UnsavedWork } from "./unsaved-work";

// The question editor (issue 46): every field of a question, the preview the server renders, and,
// for a saved question, its address and versions. A plain form: Save and Preview are its two
// submit buttons, so without JavaScript Preview posts the form and the page comes back with the
// question rendered beneath it and every field as typed; all fields are shown, each group saying
// which type it is for. With JavaScript the groups of the other types fold away and the preview
// follows the typing (a debounced POST to /admin/questions/preview).

const m = questionBankMessages;
export const PREVIEW_PATH = "/admin/questions/preview";
/** Quiet time after typing before the preview is asked for again. */
const PREVIEW_DELAY_MS = 400;

export interface EditorVersion {
  version_no: number;
  created_at: string;
  created_by: string | null;
  type: string;
  answers: number;
  right: number;
  current: boolean;
}

export interface EditedQuestion {
  id: number;
  slug: string;
  published: boolean;
  versions: EditorVersion[];
}

function FieldGroup({
  legend,
  hint,
  errors,
  hidden,
  children,
}: {
  legend: string;
  hint: string;
  errors: { id: string; error?: string }[];
  hidden: boolean;
  children: ReactNode;
}) {
  const id = useId();
  const described = [`${id}-hint`, ...errors.filter((e) => e.error).map((e) => `${e.id}-error`)].join(" ");
  return (
    <fieldset hidden={hidden} aria-describedby={described} className="space-y-4 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 font-semibold text-slate-900">{legend}</legend>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        {hint}
      </p>
      {/* Above the fields, where the group starts: under option D they were read last. */}
      {errors.map((e) => (
        <FieldError key={e.id} id={e.id} error={e.error} />
      ))}
      {children}
    </fieldset>
  );
}

/**
 * A field one type of question needs and the others leave empty: not `required` (a browser would
 * refuse the form without JavaScript) and not labelled optional; its group's hint says which type.
 */
function TypeField({
  inputMode,
  maxLength,
  ...field
}: Omit<FieldProps, "optional"> & { inputMode?: "numeric" | "decimal"; maxLength?: number }) {
  const control = useControl(field);
  return (
    <Field id={control.id} field={field}>
      <input {...control} type="text" inputMode={inputMode} maxLength={maxLength} className={inputClass} />
    </Field>
  );
}

/** The errors a changed field answers: its own, and its group's (the options, the key). */
const errorKeysOf = (name: string) => [
  name,
  ...((OPTION_FIELDS as readonly string[]).includes(name) ? ["options"] : []),
  ...((CORRECT_FIELDS as readonly string[]).includes(name) ? ["correct"] : []),
];

/** The question as the server rendered it: text, options (the key marked), range, solution. */
export function QuestionPreviewPanel({ preview, updating }: { preview: QuestionPreview | null; updating: boolean }) {
  const headingId = useId();
  const errors = Object.values(preview?.errors ?? {});
  return (
    <section
      aria-labelledby={headingId}
      aria-busy={updating}
      className="rounded-xl border border-brand-100 bg-brand-50/40 p-5"
      data-testid="question-preview"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {m.previewHeading}
      </h2>
      <p className="mt-1 text-sm text-slate-600" aria-live="polite">
        {updating ? m.previewUpdating : m.previewHint}
      </p>
      {!preview || (!preview.text && !preview.solution && errors.length === 0) ? (
        // A saved question's first preview is on its way: not "type the question".
        updating ? null : (
          <p className="mt-3 text-slate-700">{m.previewEmpty}</p>
        )
      ) : (
        <div className="mt-4 space-y-4">
          {errors.length ? (
            <ul className="list-disc space-y-1 rounded-lg border border-red-200 bg-red-50 py-2 pr-3 pl-7 text-sm text-red-800">
              {errors.map((error) => (
                <li key={error}>{error}</li>
              ))}
            </ul>
          ) : null}
          {preview.text ? (
            <div className="prose max-w-none text-slate-900" dangerouslySetInnerHTML={{ __html: preview.text }} />
          ) : null}
          {preview.options.length ? (
            <ol className="space-y-2">
              {preview.options.map((option) => (
                <li key={option.label} className="flex gap-2 rounded-lg border border-slate-200 bg-white px-3 py-2">
                  <span className="font-semibold text-slate-700">({option.label})</span>
                  {option.html ? (
                    <span className="min-w-0 flex-1" dangerouslySetInnerHTML={{ __html: option.html }} />
                  ) : (
                    <span className="min-w-0 flex-1 text-slate-500">—</span>
                  )}
                  {option.correct ? (
                    <span className="self-start rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">
                      {m.correctMark}
                    </span>
                  ) : null}
                </li>
              ))}
            </ol>
          ) : null}
          {preview.nat ? (
            <p className="text-sm font-medium text-slate-800">
              {m.natRange(preview.nat.min, preview.nat.max, preview.nat.decimals)}
            </p>
          ) : null}
          {preview.solution ? (
            <div>
              <h3 className="font-semibold text-slate-900">{m.solution}</h3>
              <div
                className="prose mt-1 max-w-none text-slate-900"
                dangerouslySetInnerHTML={{ __html: preview.solution }}
              />
            </div>
          ) : null}
        </div>
      )}
    </section>
  );
}

function Versions({ versions }: { versions: EditorVersion[] }) {
  return (
    <div className="space-y-2">
      <h3 className="font-semibold text-slate-900">{m.versions}</h3>
      <TableRegion label={m.versions}>
        <HeaderRow columns={[...m.versionColumns]} />
        <tbody>
          {versions.map((v) => (
            <tr key={v.version_no}>
              <th scope="row" className={`${td} font-medium`}>
                {m.version(v.version_no)}
                {v.current ? <span className="ml-2 text-xs font-normal text-slate-600">({m.current})</span> : null}
              </th>
              <td className={td}>
                <IstTime iso={v.created_at} />
              </td>
              <td className={`${td} break-all`}>{v.created_by ?? "—"}</td>
              <td className={td}>{m.types[v.type] ?? v.type}</td>
              <td className={td}>{m.answers(v.answers, v.right)}</td>
            </tr>
          ))}
        </tbody>
      </TableRegion>
    </div>
  );
}

export function QuestionEditor({
  manager,
  edited,
  values,
  errors,
  failure,
  preview,
  cancelTo,
}: {
  manager: Manager;
  /** The saved question being edited; none for a new one. */
  edited?: EditedQuestion;
  /** What the fields start from: a refused or previewed post's values, the question's, or the defaults. */
  values: FormValues;
  errors: FieldErrors;
  failure?: FormFailure;
  /** The preview a post without JavaScript brought back. */
  preview: QuestionPreview | null;
  cancelTo: string;
}) {
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const { fetcher } = manager;
  const intent = edited ? "update" : "create";
  // A field changed since the refusal drops its error: Preview does not check the whole form
  // again, and an error beside a corrected field reads as if it still held. Save checks it again.
  const [corrected, setCorrected] = useState<{ failure?: FormFailure; names: ReadonlySet<string> }>({
    failure,
    names: new Set(),
  });
  const correctedNames = corrected.failure === failure ? corrected.names : new Set<string>();
  const shownErrors = Object.fromEntries(Object.entries(errors).filter(([name]) => !correctedNames.has(name)));
  const field = bindFields(values, shownErrors);
  useFocusFirstInvalid(formRef, fetcher.data?.ok === false ? failure : undefined);
  // "Needs four options" stands under the first empty option, which is marked and takes the focus.
  const emptyOption = shownErrors.options
    ? OPTION_FIELDS.find((name) => typeof values[name] !== "string" || values[name].trim() === "")
    : undefined;

  // With JavaScript, the groups of the other type and source fold away, and the topic list keeps
  // the chosen subject's lines.
  const [type, setType] = useState(String(values.type ?? "mcq"));
  const [source, setSource] = useState(String(values.source ?? "original"));
  const [subject, setSubject] = useState(String(values.subject ?? ""));
  const live = useFetcher<{ ok: boolean; preview?: QuestionPreview }>();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const refresh = () => {
    if (!formRef.current) return;
    void live.submit(new FormData(formRef.current), { method: "post", action: PREVIEW_PATH });
  };
  const schedule = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(refresh, PREVIEW_DELAY_MS);
  };
  useEffect(() => {
    // A saved question opens with its preview.
    if (values.text) refresh();
    return () => clearTimeout(timer.current);
    // Once, when the editor opens.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const shown = hydrated && live.data?.ok ? (live.data.preview ?? null) : preview;
  const choicesHidden = hydrated && type === "nat";
  const natHidden = hydrated && type !== "nat";
  const gateHidden = hydrated && source !== "gate";
  const subjects = syllabusSubjects.map((s) => ({ value: s.key, label: s.title }));
  const topicGroups = syllabusSubjects
    .filter((s) => !hydrated || !subject || s.key === subject)
    .map((s) => ({ label: s.title, options: s.topics.map((t) => ({ value: t.key, label: t.title })) }));

  // From 1280 px the preview stands beside the form and stays in view while staff type (below
  // it, the preview sat some 1,300 px under the question's text).
  return (
    <div className="space-y-6 xl:grid xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] xl:items-start xl:gap-6 xl:space-y-0">
      <Panel heading={edited ? m.editTitle : m.addTitle}>
        {edited ? (
          <p className="mt-1 text-sm wrap-anywhere text-slate-600">
            {m.address(edited.slug)}
            {edited.published ? (
              <>
                {" "}
                {m.addressFixed}{" "}
                <Link to={questionHref(edited.slug)} className={textLink}>
                  {m.view}
                </Link>
              </>
            ) : null}
          </p>
        ) : null}
        <InlineFailure manager={manager} failure={failure} />
        <fetcher.Form
          ref={formRef}
          method="post"
          noValidate={hydrated}
          onChange={(event) => {
            const target = event.target as unknown as HTMLInputElement;
            const answered = errorKeysOf(target.name).filter((key) => errors[key] && !correctedNames.has(key));
            if (answered.length) setCorrected({ failure, names: new Set([...correctedNames, ...answered]) });
            if (target.name === "type") setType(target.value);
            if (target.name === "source") setSource(target.value);
            if (target.name === "subject") setSubject(target.value);
            schedule();
          }}
          className="mt-4 space-y-5"
        >
          {edited ? <input type="hidden" name="id" value={edited.id} /> : <SubmitTokenField />}
          <UnsavedWork manager={manager} failure={failure} />
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              {...field("type")}
              label={m.type}
              placeholder={m.type}
              options={labelled(QUESTION_TYPES, m.typeNames)}
            />
            <SelectField
              {...field("marks")}
              label={m.marksLabel}
              placeholder={m.marksLabel}
              options={labelled(["1", "2"], m.marksOptions)}
            />
            <SelectField
              {...field("subject")}
              label={m.subject}
              placeholder={m.chooseSubject}
              hint={subject === GENERAL_APTITUDE ? `${m.generalAptitude}. ${m.subjectHint}` : m.subjectHint}
              options={subjects}
            />
            <SelectField
              key={hydrated ? subject : "all"}
              {...field("topic")}
              label={m.topic}
              placeholder={m.chooseTopic}
              hint={m.topicHint}
              groups={topicGroups}
            />
            <SelectField
              {...field("difficulty")}
              label={m.difficulty}
              placeholder={m.difficulty}
              options={labelled(QUESTION_DIFFICULTIES, m.difficulties)}
            />
            <SelectField
              {...field("status")}
              label={m.status}
              placeholder={m.status}
              options={labelled(QUESTION_STATUSES, m.statuses)}
            />
            <SelectField
              {...field("source")}
              label={m.source}
              placeholder={m.source}
              options={labelled(QUESTION_SOURCES, m.sources)}
            />
          </div>
          <FieldGroup legend={m.sources.gate!} hint={m.gateHint} errors={[]} hidden={gateHidden}>
            <div className="grid gap-4 sm:grid-cols-2">
              <TypeField {...field("gate_year")} label={m.gateYear} inputMode="numeric" maxLength={4} />
              <TypeField {...field("gate_question_no")} label={m.gateQuestionNo} inputMode="numeric" maxLength={2} />
            </div>
            <TextField {...field("source_media")} label={m.sourceMedia} hint={m.sourceMediaHint} optional />
          </FieldGroup>
          <CheckboxField name="is_sample" label={m.isSample} defaultChecked={values.is_sample === true} />
          <TextAreaField
            {...field("text")}
            label={m.text}
            hint={`${m.markdownHint} ${m.diagramHint}`}
            rows={8}
            maxLength={TEXT_MAX}
          />
          <FieldGroup
            legend={m.options}
            hint={m.optionsHint}
            errors={[
              { id: "question-options", error: emptyOption ? undefined : shownErrors.options },
              { id: "question-correct", error: shownErrors.correct },
            ]}
            hidden={choicesHidden}
          >
            {OPTION_FIELDS.map((name, index) => (
              <div key={name} className="space-y-2">
                <TypeField
                  {...field(name)}
                  {...(name === emptyOption ? { error: shownErrors.options } : {})}
                  label={m.option(OPTION_LABELS[index]!)}
                  maxLength={OPTION_MAX}
                />
                <CheckboxField
                  name={CORRECT_FIELDS[index]!}
                  label={m.correct(OPTION_LABELS[index]!)}
                  defaultChecked={values[CORRECT_FIELDS[index]!] === true}
                />
              </div>
            ))}
          </FieldGroup>
          <FieldGroup legend={m.nat} hint={m.natHint} errors={[]} hidden={natHidden}>
            <div className="grid gap-4 sm:grid-cols-3">
              <TypeField {...field("nat_min")} label={m.natMin} inputMode="decimal" maxLength={24} />
              <TypeField {...field("nat_max")} label={m.natMax} inputMode="decimal" maxLength={24} />
              <TypeField
                {...field("nat_decimals")}
                label={m.natDecimals}
                hint={m.natDecimalsHint}
                inputMode="numeric"
                maxLength={String(MAX_NAT_DECIMALS).length}
              />
            </div>
          </FieldGroup>
          <TextAreaField
            {...field("solution")}
            label={m.solution}
            hint={`${m.solutionHint} ${m.diagramHint}`}
            rows={8}
            maxLength={SOLUTION_MAX}
          />
          <div className="flex flex-wrap gap-3 pt-1">
            {/* First, so that Enter in a field saves. */}
            <SubmitButton
              name="intent"
              value={intent}
              label={edited ? commonMessages.update : commonMessages.create}
              pendingLabel={commonMessages.saving}
              pending={manager.busyIntent === intent}
            />
            <button
              type="submit"
              name="intent"
              value="preview"
              className={secondaryButton}
              onClick={
                hydrated
                  ? (event) => {
                      // With JavaScript the preview is the live one: asked for now, not in a moment.
                      event.preventDefault();
                      clearTimeout(timer.current);
                      refresh();
                    }
                  : undefined
              }
            >
              {live.state !== "idle" ? m.previewing : m.previewButton}
            </button>
            <Link to={cancelTo} className={secondaryButton} {...DISCARDS_DRAFT}>
              {commonMessages.cancel}
            </Link>
          </div>
        </fetcher.Form>
      </Panel>
      <div className="space-y-6 xl:sticky xl:top-4">
        <QuestionPreviewPanel preview={shown} updating={hydrated && live.state !== "idle"} />
        {edited ? <Versions versions={edited.versions} /> : null}
      </div>
    </div>
  );
}
