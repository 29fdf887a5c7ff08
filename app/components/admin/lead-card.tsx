import type { ReactNode } from "react";
import { SubmitButton, TextAreaField } from "~/components/forms/fields";
import { labelled, SelectField } from "~/components/forms/select-field";
import type { Lead } from "~/db/queries/leads.server";
import { commonMessages } from "~/lib/admin/messages/common";
import { leadMessages } from "~/lib/admin/messages/leads";
import type { FormFailure } from "~/lib/forms/submission";
import { NOTE_MAX, statusesFor } from "~/lib/schemas/admin/lead";
import { IstTime } from "./ist-time";
import { RowCheck, rowProps } from "./list-controls";
import type { Manager } from "./manager-state";
import { UnsavedWork } from "./unsaved-work";

// One lead of the inbox (issue 25) as a card, readable on a 360 px phone: what the visitor sent,
// when, whether its e-mail got through, and the status form (status and note), a real form post.

const t = leadMessages;

const statusTone: Record<string, string> = {
  new: "bg-brand-50 text-brand-800",
  contacted: "bg-amber-100 text-amber-900",
  booked: "bg-emerald-100 text-emerald-800",
  closed: "bg-slate-200 text-slate-700",
  spam: "bg-red-100 text-red-800",
};

function Detail({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={`min-w-0${wide ? " sm:col-span-2" : ""}`}>
      <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-0.5 break-words text-slate-800">{children}</dd>
    </div>
  );
}

export function LeadCard({ lead, manager, failure }: { lead: Lead; manager: Manager; failure?: FormFailure }) {
  const { fetcher } = manager;
  const key = `${lead.kind}-${lead.id}`;
  const errors = failure?.fieldErrors ?? {};
  const busy = fetcher.state !== "idle" && fetcher.formData?.get("id") === String(lead.id);
  return (
    // Issue 48: the lead's anchor, where a save returns (#row-contact-12), and its bulk checkbox.
    <li {...rowProps(key)}>
      <article
        aria-labelledby={`lead-${key}`}
        className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm lg:grid-cols-[1fr_18rem]"
      >
        <div className="min-w-0 space-y-3">
          <header className="flex flex-wrap items-center gap-2">
            <RowCheck id={key} name={lead.name} />
            <h2 id={`lead-${key}`} className="text-lg font-semibold break-words text-slate-900">
              {lead.name}
            </h2>
            <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">
              {t.kinds[lead.kind]}
            </span>
            <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${statusTone[lead.status] ?? ""}`}>
              {t.statuses[lead.status] ?? lead.status}
            </span>
          </header>
          <dl className="grid gap-3 text-sm sm:grid-cols-2">
            {lead.email ? (
              <Detail label={t.email}>
                <a className="underline" href={`mailto:${lead.email}`}>
                  {lead.email}
                </a>
              </Detail>
            ) : null}
            <Detail label={t.phone}>
              <a className="underline" href={`tel:${lead.phone}`}>
                {lead.phone}
              </a>
            </Detail>
            {lead.kind === "booking" ? (
              <>
                <Detail label={t.sessionType}>{t.sessionTypes[lead.sessionType ?? ""] ?? lead.sessionType}</Detail>
                <Detail label={t.gateScore}>{lead.gateScore ?? t.notGiven}</Detail>
                <Detail label={t.college}>{lead.collegeName}</Detail>
              </>
            ) : null}
            <Detail label={t.received}>
              <IstTime iso={lead.createdAt} />
            </Detail>
            <Detail label={t.delivery}>
              {lead.emailStatus ? (t.deliveryStates[lead.emailStatus] ?? lead.emailStatus) : t.deliveryUnknown}
            </Detail>
            <Detail label={lead.kind === "booking" ? t.query : t.message} wide>
              <span className="whitespace-pre-line">{lead.message}</span>
            </Detail>
          </dl>
        </div>
        <fetcher.Form
          method="post"
          className="space-y-3 border-t border-slate-100 pt-3 lg:border-t-0 lg:border-l lg:pt-0 lg:pl-4"
        >
          <input type="hidden" name="intent" value="status" />
          <input type="hidden" name="kind" value={lead.kind} />
          <input type="hidden" name="id" value={lead.id} />
          <UnsavedWork manager={manager} failure={failure} />
          <SelectField
            id={`lead-status-${key}`}
            name="status"
            label={t.status}
            placeholder={t.status}
            defaultValue={failure?.values.status ?? lead.status}
            error={errors.status}
            options={labelled(statusesFor(lead.kind), t.statuses)}
          />
          <TextAreaField
            id={`lead-note-${key}`}
            name="note"
            label={t.note}
            optional
            maxLength={NOTE_MAX}
            defaultValue={failure?.values.note ?? lead.note ?? ""}
            error={errors.note}
          />
          <p className="text-xs text-slate-600">
            {lead.statusChangedAt && lead.statusChangedBy ? (
              <>
                {t.changed(lead.statusChangedBy)}, <IstTime iso={lead.statusChangedAt} />
              </>
            ) : (
              t.neverChanged
            )}
          </p>
          <SubmitButton label={t.save} pendingLabel={commonMessages.saving} pending={busy} width="full-on-phones" />
        </fetcher.Form>
      </article>
    </li>
  );
}
