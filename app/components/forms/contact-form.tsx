import { href } from "react-router";
import { FormStatusBanner, Honeypot, PrivacyNotice, SubmitButton, TextAreaField, TextField } from "./fields";
import { contactMessages } from "./contact-messages";
import { notify } from "./form-toasts";
import type { SubmissionResult } from "./submission";
import { useVisitorForm } from "./use-visitor-form";

const fields = ["name", "email", "phone", "message"] as const;

const labels = {
  name: "Name",
  email: "Email",
  phone: "Phone",
  message: "Message",
} as const;

/**
 * The contact form (spec §5: name, email, phone, message, all required). It always posts to the
 * /contact action, so it works the same on /contact and in the home page's contact section:
 * with JavaScript no reload, a toast and the form cleared on success (spec §8); without it the
 * /contact page shows the result.
 */
export function ContactForm({ serverResult }: { serverResult?: SubmissionResult }) {
  const form = useVisitorForm({
    action: href("/contact"),
    loadSchema: () => import("~/lib/schemas/contact").then((m) => m.ContactSchema),
    fields,
    serverResult,
    onResult(result) {
      if (result.ok) notify.success(contactMessages.success);
      else notify.error(contactMessages.failure);
    },
  });

  return (
    <form.fetcher.Form {...form.formProps} className="relative space-y-4">
      {/* With JavaScript the success is a toast; the banner is for the no-JavaScript page. */}
      <FormStatusBanner status={form.bannerStatus()} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField form={form} name="name" label={labels.name} autoComplete="name" maxLength={100} />
        <TextField form={form} name="email" label={labels.email} type="email" autoComplete="email" maxLength={254} />
      </div>
      <TextField form={form} name="phone" label={labels.phone} type="tel" autoComplete="tel" maxLength={20} />
      <TextAreaField form={form} name="message" label={labels.message} rows={5} maxLength={5000} />
      <Honeypot />
      <PrivacyNotice>{contactMessages.privacy}</PrivacyNotice>
      <SubmitButton pending={form.pending} label={contactMessages.submit} pendingLabel={contactMessages.submitting} />
    </form.fetcher.Form>
  );
}
