import { href, Link } from "react-router";
import type { Route } from "./+types/testimonial-new";
import { testimonialMessages } from "~/lib/forms/testimonial-messages";
import { TestimonialForm } from "~/components/forms/testimonial-form";
import { staticPageMeta } from "~/components/static/page-meta";
import { submitTestimonial } from "~/lib/forms/visitor-forms.server";
import { FormToaster } from "~/components/forms/form-toasts";
import { ContentPage } from "~/components/content/page-header";

const messages = {
  title: testimonialMessages.heading,
  description: "Tell other GATE Chemical Engineering aspirants how our test series and guidance helped you.",
  back: "Back to Home",
} as const;

export const meta: Route.MetaFunction = ({ matches }) => staticPageMeta(matches, messages);

// The home page's Add dialog posts here; without JavaScript, this page is the testimonial form.
export function action({ request, context }: Route.ActionArgs) {
  return submitTestimonial(request, context);
}

export default function NewTestimonial({ actionData }: Route.ComponentProps) {
  return (
    <ContentPage title={messages.title} intro={testimonialMessages.intro}>
      <section
        aria-label={messages.title}
        className="mt-6 max-w-2xl rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <TestimonialForm serverResult={actionData} />
      </section>
      <p className="mt-6">
        <Link to={href("/")} className="font-medium text-brand-700 underline hover:text-brand-800">
          {messages.back}
        </Link>
      </p>
      <FormToaster />
    </ContentPage>
  );
}
