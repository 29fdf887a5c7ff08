import { z } from "zod";
import {
  FREQUENCIES,
  SUBSCRIBE_SOURCES,
  subscribeMessages as m,
  type SubscribeSource,
  type SubscriptionFrequency,
  subscriptionTabs as jobAlertTabs,
  type SubscriptionTabSlug as JobAlertTabSlug,
} from "~/lib/alert-mail/messages";
import { emailField } from "./fields";

// Job alerts by e-mail (issue 49): what an address receives and how often, one schema for the
// subscription form (with the address and the page it is on) and the preferences form, used by
// the forms in the browser and by their actions. A tab is a checkbox named tab_<slug>: checked
// posts "on", unchecked posts nothing.

export const tabField = (slug: JobAlertTabSlug) => `tab_${slug}`;

const checked = z
  .string()
  .optional()
  .transform((v) => v === "on");

const choiceFields = {
  tab_jobs: checked,
  tab_vacancy: checked,
  tab_results: checked,
  "tab_admit-cards": checked,
  reminders: checked,
  tests: checked,
  frequency: z.enum(FREQUENCIES as [SubscriptionFrequency, ...SubscriptionFrequency[]], { error: m.chooseFrequency }),
} satisfies Record<`tab_${JobAlertTabSlug}`, typeof checked> & Record<string, z.ZodType>;

export interface SubscriptionChoices {
  tabs: JobAlertTabSlug[];
  reminders: boolean;
  tests: boolean;
  frequency: SubscriptionFrequency;
}

type ChoiceValues = { [K in keyof typeof choiceFields]: z.infer<(typeof choiceFields)[K]> };

function toChoices(values: ChoiceValues): SubscriptionChoices {
  return {
    tabs: jobAlertTabs.filter((tab) => values[tabField(tab.slug) as `tab_${JobAlertTabSlug}`]).map((tab) => tab.slug),
    reminders: values.reminders,
    tests: values.tests,
    frequency: values.frequency,
  };
}

/** Something to receive: a tab or the tests; reminders only with a tab to remind of. */
function checkChoices(choices: SubscriptionChoices, ctx: z.RefinementCtx) {
  if (choices.tabs.length === 0 && !choices.tests)
    ctx.addIssue({ code: "custom", path: ["tabs"], message: m.chooseSomething });
  else if (choices.tabs.length === 0 && choices.reminders)
    ctx.addIssue({ code: "custom", path: ["tabs"], message: m.remindersNeedTab });
}

export const PreferencesSchema = z
  .object(choiceFields)
  .transform(toChoices)
  .superRefine((choices, ctx) => checkChoices(choices, ctx));

export const SubscribeSchema = z
  .object({
    email: emailField,
    source: z
      .string()
      .optional()
      .transform((v): SubscribeSource => SUBSCRIBE_SOURCES.find((s) => s === v) ?? "/subscribe"),
    ...choiceFields,
  })
  .transform(({ email, source, ...values }) => ({ email: email.toLowerCase(), source, ...toChoices(values) }))
  .superRefine((input, ctx) => checkChoices(input, ctx));

export type SubscribeInput = z.infer<typeof SubscribeSchema>;

/** The form's starting choices: every tab, reminders and tests, a daily digest. */
export const defaultChoices: SubscriptionChoices = {
  tabs: jobAlertTabs.map((tab) => tab.slug),
  reminders: true,
  tests: true,
  frequency: "daily",
};
