import type { FormEvent } from "react";
import { Form, useNavigate } from "react-router";
import { labelled } from "~/components/forms/select-field";
import { leadMessages } from "~/lib/admin/messages/leads";
import { listMessages as lm } from "~/lib/admin/messages/lists";
import { LEAD_KINDS, LEAD_SORTS, LEAD_STATUSES, SEARCH_MAX, type LeadFilterInput } from "~/lib/schemas/admin/lead";
import {
  ChoiceFilter,
  DateFilter,
  DirFilter,
  FilterActions,
  filterGrid,
  SearchFilter,
  wideOnPhone,
} from "./filter-fields";
import { secondaryButton } from "./styles";

// The leads inbox's filters (issue 25): a GET form, so a filtered list has its own address,
// works without JavaScript and is what the CSV export link downloads.

const t = leadMessages;

export function LeadFilters({
  filter,
  home,
  exportHref,
}: {
  filter: LeadFilterInput;
  home: string;
  exportHref: string;
}) {
  const filtered = Boolean(filter.kind || filter.status || filter.q || filter.from || filter.to || filter.sort);
  const navigate = useNavigate();
  // With JavaScript the address holds only what was chosen: no empty fields, no default order
  // (a plain form sends every field, which the loader reads the same).
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const chosen = new URLSearchParams();
    for (const [name, value] of new FormData(event.currentTarget)) {
      if (typeof value !== "string" || value === "") continue;
      if (name === "sort" && value === "received") continue;
      if (name === "dir" && value === (chosen.get("sort") === "name" ? "asc" : "desc")) continue;
      chosen.append(name, value);
    }
    const query = chosen.toString();
    void navigate(query ? `${home}?${query}` : home);
  };
  return (
    <section aria-label={t.filters} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <Form method="get" action={home} onSubmit={onSubmit} className={filterGrid}>
        <ChoiceFilter
          id="lead-filter-kind"
          name="kind"
          label={t.kind}
          any={t.anyKind}
          value={filter.kind}
          options={labelled(LEAD_KINDS, t.kinds)}
        />
        <ChoiceFilter
          id="lead-filter-status"
          name="status"
          label={t.status}
          any={t.anyStatus}
          value={filter.status}
          options={labelled(LEAD_STATUSES, t.statuses)}
        />
        <div className={wideOnPhone}>
          <SearchFilter id="lead-filter-q" label={t.search} maxLength={SEARCH_MAX} value={filter.q} />
        </div>
        {/* Issue 48: the days received, and the order. */}
        {(["from", "to"] as const).map((name) => (
          <div key={name} className={wideOnPhone}>
            <DateFilter
              id={`lead-filter-${name}`}
              name={name}
              label={`${t.received} ${lm[name].toLowerCase()}`}
              value={filter[name] ?? ""}
            />
          </div>
        ))}
        <ChoiceFilter
          id="lead-filter-sort"
          name="sort"
          label={lm.sort}
          value={filter.sort ?? "received"}
          options={LEAD_SORTS.map((sort) => ({ value: sort, label: sort === "name" ? lm.name : t.received }))}
        />
        <DirFilter id="lead-filter-dir" value={filter.dir ?? (filter.sort === "name" ? "asc" : "desc")} />
        <div className={wideOnPhone}>
          <FilterActions apply={t.apply} clear={t.clear} clearTo={home} filtered={filtered} />
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
