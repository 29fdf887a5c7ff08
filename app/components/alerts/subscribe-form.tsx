import { TextField } from "~/components/forms/fields";
import { useVisitorForm } from "~/components/forms/use-visitor-form";
import { FormEnd, FormStatusBanner } from "~/components/forms/visitor-parts";
import {
  subscribeMessages as m,
  subscriptionPaths,
  subscriptionTabs,
  type SubscribeSource,
} from "~/lib/alert-mail/messages";
import type { FormResult } from "~/lib/forms/submission";
import { SubscriptionChoices } from "./subscription-choices";

// The subscription form (issue 49), on /job-alerts, the home page and /subscribe (the footer links
// there): an address, what to receive and how often. It always posts to /subscribe: without
// JavaScript the browser goes there and the page says "check your inbox"; with it the form stays
// where it is and says so in place.

const fields = ["email", "tabs", "frequency"] as const;

const defaults = {
  tabs: subscriptionTabs.map((tab) => tab.slug),
  reminders: true,
  tests: true,
  frequency: "daily",
} as const;

export function SubscribeForm({ source, serverResult }: { source: SubscribeSource; serverResult?: FormResult }) {
  const form = useVisitorForm({
    action: subscriptionPaths.subscribe,
    loadSchema: () => import("~/lib/schemas/alert-subscription").then((s) => s.SubscribeSchema),
    fields,
    serverResult,
  });
  const email = form.field("email");
  const kept = serverResult && !serverResult.ok ? serverResult.values : undefined;
  const errors = { tabs: form.field("tabs").error, frequency: form.field("frequency").error };
  return (
    <form.fetcher.Form {...form.formProps} className="relative space-y-4">
      {/* The answer stays in place, with or without JavaScript: it says what to do next. */}
      <FormStatusBanner status={form.bannerStatus(true)} />
      <input type="hidden" name="source" value={source} />
      <TextField {...email} label={m.email} type="email" autoComplete="email" maxLength={254} />
      <SubscriptionChoices idPrefix={email.id} choices={defaults} kept={kept} errors={errors} />
      <FormEnd pending={form.pending} messages={{ privacy: m.consent, submit: m.submit, submitting: m.submitting }} />
    </form.fetcher.Form>
  );
}
