import type { Route } from "./+types/contact";
import { ContactForm } from "~/components/forms/contact-form";
import { contactMessages } from "~/lib/forms/contact-messages";
import { ContactDetails } from "~/components/layout/contact-details";
import { staticPageMeta } from "~/components/static/page-meta";
import { submitContact } from "~/lib/forms/visitor-forms.server";
import { useSiteSettings } from "~/components/layout/use-site-settings";
import { FormToaster } from "~/components/forms/form-toasts";
import { ContentPage } from "~/components/content/page-header";
import { HeadedSection } from "~/components/ui/headed-section";

const messages = {
  title: contactMessages.heading,
  description:
    "Contact us about the GATE Chemical Engineering and IOCL test series, free tests, payments or 1:1 guidance. We reply by e-mail or phone.",
  otherWays: "Other ways to reach us",
} as const;

export const meta: Route.MetaFunction = ({ matches }) => staticPageMeta(matches, messages);

// The contact form posts here from this page and from the home page's contact section.
export function action({ request, context }: Route.ActionArgs) {
  return submitContact(request, context);
}

export default function Contact({ actionData }: Route.ComponentProps) {
  const settings = useSiteSettings();
  return (
    <ContentPage title={messages.title} intro={contactMessages.intro}>
      <div className="mt-6 grid gap-6 lg:grid-cols-[2fr_1fr]">
        <section aria-label={messages.title} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <ContactForm serverResult={actionData} />
        </section>

        <HeadedSection
          heading={messages.otherWays}
          headingClassName="font-semibold text-slate-900"
          className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
        >
          <ContactDetails settings={settings} look="page" />
        </HeadedSection>
      </div>
      <FormToaster />
    </ContentPage>
  );
}
