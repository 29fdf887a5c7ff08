import { describedByIds, FieldError } from "~/components/forms/fields";
import {
  FREQUENCIES,
  subscribeMessages as m,
  subscriptionTabs,
  type SubscriptionFrequency,
  type SubscriptionTabSlug,
} from "~/lib/alert-mail/messages";

// What a subscriber receives and how often (issue 49): the four job-alert tabs, deadline
// reminders, new free tests and mocks, then the frequency. Plain checkboxes and radios: they post
// without JavaScript (checked: "on", unchecked: nothing), as the schema reads them
// (~/lib/schemas/alert-subscription.ts).

export interface Choices {
  tabs: readonly SubscriptionTabSlug[];
  reminders: boolean;
  tests: boolean;
  frequency: SubscriptionFrequency;
}

const box =
  "flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-300 bg-white px-3 py-2 has-checked:border-brand-600 has-checked:bg-brand-50";

function Check({ name, label, checked }: { name: string; label: string; checked: boolean }) {
  return (
    <label className={box}>
      <input type="checkbox" name={name} defaultChecked={checked} className="size-4 shrink-0 accent-brand-700" />
      <span>{label}</span>
    </label>
  );
}

/**
 * The choices as fieldsets. `idPrefix` names the error lines; `kept`, after a refused post without
 * JavaScript, is what was posted (then unchecked boxes are those not posted).
 */
export function SubscriptionChoices({
  idPrefix,
  choices,
  kept,
  errors,
}: {
  idPrefix: string;
  choices: Choices;
  kept?: Record<string, string>;
  errors: Partial<Record<string, string>>;
}) {
  const posted = kept && Object.keys(kept).length > 0 ? kept : null;
  const isChecked = (name: string, fallback: boolean) => (posted ? posted[name] === "on" : fallback);
  const frequency = (posted?.frequency as SubscriptionFrequency | undefined) ?? choices.frequency;
  const tabsId = `${idPrefix}-tabs`;
  const frequencyId = `${idPrefix}-frequency`;
  return (
    <>
      <fieldset aria-describedby={describedByIds(tabsId, { error: errors.tabs })}>
        <legend className="font-medium text-slate-900">{m.what}</legend>
        <p className="mt-1 text-sm text-slate-600">{m.tabs}</p>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {subscriptionTabs.map((tab) => (
            <Check
              key={tab.slug}
              name={`tab_${tab.slug}`}
              label={tab.label}
              checked={isChecked(`tab_${tab.slug}`, choices.tabs.includes(tab.slug))}
            />
          ))}
        </div>
        <div className="mt-2 grid gap-2">
          <Check name="reminders" label={m.reminders} checked={isChecked("reminders", choices.reminders)} />
          <Check name="tests" label={m.tests} checked={isChecked("tests", choices.tests)} />
        </div>
        <FieldError id={tabsId} error={errors.tabs} />
      </fieldset>
      <fieldset aria-describedby={describedByIds(frequencyId, { hint: m.frequencyHint, error: errors.frequency })}>
        <legend className="font-medium text-slate-900">{m.how}</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-3">
          {FREQUENCIES.map((value) => (
            <label key={value} className={box}>
              <input
                type="radio"
                name="frequency"
                value={value}
                required
                defaultChecked={frequency === value}
                className="size-4 shrink-0 accent-brand-700"
              />
              <span>{m.frequencies[value]}</span>
            </label>
          ))}
        </div>
        <p id={`${frequencyId}-hint`} className="mt-1 text-sm text-slate-600">
          {m.frequencyHint}
        </p>
        <FieldError id={frequencyId} error={errors.frequency} />
      </fieldset>
    </>
  );
}
