import { Form, Link } from "react-router";
import { Field, inputClass } from "~/components/forms/fields";
import { adminMessages } from "~/lib/admin/messages";
import { LEAD_KINDS, LEAD_STATUSES, SEARCH_MAX, type LeadFilterInput } from "~/lib/schemas/admin/lead";
import { secondaryButton, textLink } from "./styles";

// The leads inbox's filters (issue 25): a GET form, so a filtered list has its own address,
// works without JavaScript and is what the CSV export link downloads.

const t = adminMessages.leads;

function Choice({
  name,
  label,
  any,
  value,
  options,
}: {
  name: string;
  label: string;
  any: string;
  value: string | null;
  options: readonly string[];
}) {
  const id = `lead-filter-${name}`;
  return (
    <Field id={id} field={{ name, label }}>
      <select id={id} name={name} defaultValue={value ?? ""} className={inputClass}>
        <option value="">{any}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {name === "kind" ? t.kinds[option] : t.statuses[option]}
          </option>
        ))}
      </select>
    </Field>
  );
}

export function LeadFilters({
  filter,
  home,
  exportHref,
}: {
  filter: LeadFilterInput;
  home: string;
  exportHref: string;
}) {
  const filtered = Boolean(filter.kind || filter.status || filter.q);
  return (
    <section aria-label={t.filters} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <Form method="get" action={home} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4 lg:items-end">
        <Choice name="kind" label={t.kind} any={t.anyKind} value={filter.kind} options={LEAD_KINDS} />
        <Choice name="status" label={t.status} any={t.anyStatus} value={filter.status} options={LEAD_STATUSES} />
        <Field id="lead-filter-q" field={{ name: "q", label: t.search }}>
          <input
            id="lead-filter-q"
            name="q"
            type="search"
            maxLength={SEARCH_MAX}
            defaultValue={filter.q ?? ""}
            className={inputClass}
          />
        </Field>
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className={secondaryButton}>
            {t.apply}
          </button>
          {filtered ? (
            <Link to={home} className={textLink}>
              {t.clear}
            </Link>
          ) : null}
        </div>
      </Form>
      <p className="mt-4 flex flex-wrap items-center gap-3 text-sm text-slate-600">
        {/* A download, not a page: the browser fetches it itself. */}
        <a href={exportHref} download className={secondaryButton}>
          {t.exportCsv}
        </a>
        <span>{t.exportHint}</span>
      </p>
    </section>
  );
}
