import { Link } from "react-router";
import { Field, inputClass } from "~/components/forms/fields";
import { labelled } from "~/components/forms/select-field";
import { listMessages as lm } from "~/lib/admin/messages/lists";
import { syllabusSubjects } from "~/lib/questions/syllabus-topics";
import { QUESTION_TYPES } from "~/lib/schemas/admin/question";
import { secondaryButton, textLink } from "./styles";

// The fields of the admin filter forms (GET forms: a filtered list has its own address, without
// JavaScript too): the lists' own (./list-controls), the leads inbox's, the question bank's and
// the test editor's question search.

/**
 * A filter form's grid: two columns on a phone too (one field a row put a list's whole first
 * screen under its filters), four on a wide screen.
 */
export const filterGrid = "grid grid-cols-2 items-end gap-3 sm:gap-4 lg:grid-cols-4";
/** A filter that takes a whole row on a phone: the search, a date (half of 360 px cuts its last digit), the buttons. */
export const wideOnPhone = "col-span-2 sm:col-span-1";

export interface FilterOption {
  value: string;
  label: string;
}

/** The search box (`q`). */
export function SearchFilter({
  id,
  label,
  maxLength,
  value,
}: {
  id: string;
  label: string;
  maxLength: number;
  value: string | null;
}) {
  return (
    <Field id={id} field={{ name: "q", label }}>
      <input id={id} name="q" type="search" maxLength={maxLength} defaultValue={value ?? ""} className={inputClass} />
    </Field>
  );
}

/** A select's options, led by an empty choice (`none`: no filter, no value) when given. */
export function ChoiceOptions({ none, options }: { none?: string; options: readonly FilterOption[] }) {
  return (
    <>
      {none ? <option value="">{none}</option> : null}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </>
  );
}

/** A choice among `options`, led by `any` (no filter) when given. */
export function ChoiceFilter({
  id,
  name,
  label,
  any,
  value,
  options,
}: {
  id: string;
  name: string;
  label: string;
  any?: string;
  value: string | null;
  options: readonly FilterOption[];
}) {
  return (
    <Field id={id} field={{ name, label }}>
      <select id={id} name={name} defaultValue={value ?? ""} className={inputClass}>
        <ChoiceOptions none={any} options={options} />
      </select>
    </Field>
  );
}

/** A day the list is filtered from or to (`from`, `to`). */
export function DateFilter({ id, name, label, value }: { id: string; name: string; label: string; value: string }) {
  return (
    <Field id={id} field={{ name, label }}>
      <input id={id} name={name} type="date" defaultValue={value} className={inputClass} />
    </Field>
  );
}

/** The order's direction (`dir`): ascending or descending. */
export function DirFilter({ id, value }: { id: string; value: string }) {
  return (
    <Field id={id} field={{ name: "dir", label: lm.dir }}>
      <select id={id} name="dir" defaultValue={value} className={inputClass}>
        {(["asc", "desc"] as const).map((dir) => (
          <option key={dir} value={dir}>
            {lm.dirs[dir]}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** The form's submit button, and a link back to the unfiltered view while a filter is set. */
export function FilterActions({
  apply,
  clear,
  clearTo,
  filtered,
}: {
  apply: string;
  clear: string;
  clearTo: string;
  filtered: boolean;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button type="submit" className={secondaryButton}>
        {apply}
      </button>
      {filtered ? (
        <Link to={clearTo} className={textLink}>
          {clear}
        </Link>
      ) : null}
    </div>
  );
}

/**
 * The first fields of a question search (the bank's filters, the test editor's picker): its words,
 * then subject, topic (those of the chosen subject; of every subject, each named after it, when
 * none is chosen) and type. Each field's id is `idPrefix` and its name.
 */
export function QuestionSearchFields({
  idPrefix,
  texts: m,
  maxLength,
  filter,
}: {
  idPrefix: string;
  texts: Record<"search" | "subject" | "anySubject" | "topic" | "anyTopic" | "type" | "anyType", string> & {
    types: Record<string, string>;
  };
  maxLength: number;
  filter: { q: string | null; subject: string | null; topic: string | null; type: string | null };
}) {
  const subject = syllabusSubjects.find((s) => s.key === filter.subject);
  const topics = (subject ? [subject] : syllabusSubjects).flatMap((s) =>
    s.topics.map((t) => ({ value: t.key, label: subject ? t.title : `${s.title}: ${t.title}` })),
  );
  return (
    <>
      <div className={wideOnPhone}>
        <SearchFilter id={`${idPrefix}q`} label={m.search} maxLength={maxLength} value={filter.q} />
      </div>
      {/* Subjects and topics have long names: a whole row each on a phone. */}
      <div className={wideOnPhone}>
        <ChoiceFilter
          id={`${idPrefix}subject`}
          name="subject"
          label={m.subject}
          any={m.anySubject}
          value={filter.subject}
          options={syllabusSubjects.map((s) => ({ value: s.key, label: s.title }))}
        />
      </div>
      <div className={wideOnPhone}>
        <ChoiceFilter
          id={`${idPrefix}topic`}
          name="topic"
          label={m.topic}
          any={m.anyTopic}
          value={filter.topic}
          options={topics}
        />
      </div>
      <ChoiceFilter
        id={`${idPrefix}type`}
        name="type"
        label={m.type}
        any={m.anyType}
        value={filter.type}
        options={labelled(QUESTION_TYPES, m.types)}
      />
    </>
  );
}
