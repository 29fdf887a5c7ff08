import { href } from "react-router";
import { contactMessages } from "~/lib/forms/contact-messages";
import type { FormResult } from "~/lib/forms/submission";
import { TextAreaField, TextField } from "./fields";
import { notify } from "./form-toasts";
import { useVisitorForm } from "./use-visitor-form";
import { FormEnd, FormStatusBanner } from "./visitor-parts";

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
export function ContactForm({ serverResult }: { serverResult?: FormResult }) {
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
        <TextField {...form.field("name")} label={labels.name} autoComplete="name" maxLength={100} />
        <TextField {...form.field("email")} label={labels.email} type="email" autoComplete="email" maxLength={254} />
      </div>
      <TextField {...form.field("phone")} label={labels.phone} type="tel" autoComplete="tel" maxLength={20} />
      <TextAreaField {...form.field("message")} label={labels.message} rows={5} maxLength={5000} />
      <FormEnd pending={form.pending} messages={contactMessages} />
    </form.fetcher.Form>
  );
}
