import { href } from "react-router";
import { Link } from "~/components/ui/link";
import type { Route } from "./+types/testimonial-new";
import { testimonialMessages } from "~/components/forms/testimonial-messages";
import { TestimonialForm } from "~/components/forms/testimonial-form";
import { staticPageMeta } from "~/components/static/page-meta";
import { submitTestimonial } from "~/lib/visitor-forms.server";
import { FormToaster } from "~/components/forms/form-toasts";

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
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{messages.title}</h1>
      <p className="mt-2 max-w-3xl text-slate-700">{testimonialMessages.intro}</p>
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
    </div>
  );
}
