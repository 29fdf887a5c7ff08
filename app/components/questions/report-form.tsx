import { TextAreaField, TextField } from "~/components/forms/fields";
import { useVisitorForm } from "~/components/forms/use-visitor-form";
import { FormEnd, FormStatusBanner } from "~/components/forms/visitor-parts";
import { questionReportMessages as messages } from "~/lib/forms/question-report-messages";
import type { FormResult } from "~/lib/forms/submission";
import { questionReportHref } from "~/lib/questions/practice-link";

const fields = ["message", "email"] as const;

/**
 * "Report a problem with this question" (issue 46): a visitor form like the contact form, posting
 * to the question's report page. With JavaScript it stays where it is and says it was received;
 * without it the report page shows the result.
 */
export function ReportForm({ slug, serverResult }: { slug: string; serverResult?: FormResult }) {
  const form = useVisitorForm({
    action: questionReportHref(slug),
    loadSchema: () => import("~/lib/schemas/question-report").then((m) => m.QuestionReportSchema),
    fields,
    serverResult,
  });
  return (
    <form.fetcher.Form {...form.formProps} className="relative space-y-4">
      <FormStatusBanner status={form.bannerStatus(true)} />
      <TextAreaField
        {...form.field("message")}
        label={messages.message}
        hint={messages.messageHint}
        rows={4}
        maxLength={2000}
      />
      <TextField
        {...form.field("email")}
        label={messages.email}
        hint={messages.emailHint}
        type="email"
        autoComplete="email"
        maxLength={254}
        optional
      />
      <FormEnd pending={form.pending} messages={messages} />
    </form.fetcher.Form>
  );
}
