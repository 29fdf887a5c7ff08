import type { ReactNode } from "react";
import { href, Link } from "react-router";
import type { Route } from "./+types/privacy";
import { staticPageMeta } from "~/components/static/page-meta";
import { useSiteSettings } from "~/components/layout/use-site-settings";
import { contactMessages } from "~/components/layout/contact-details";
import { noScripts } from "~/lib/route-handle";

// The notice the one-line privacy text of every public form links to. Written for India's
// Digital Personal Data Protection Act, 2023 (DPDP Act): what is collected, for which purpose,
// how long it is kept, who else sees it, and how a visitor uses their rights.

const messages = {
  title: "Privacy Notice",
  description:
    "What we store when you send a message, book a 1:1 session, add a testimonial or subscribe to job alerts, why we store it, how long we keep it, and your rights under India's DPDP Act 2023.",
  updated: "Last updated: 6 December 2026",
} as const;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      <div className="mt-3 space-y-3 text-slate-700">{children}</div>
    </section>
  );
}

const linkClass = "font-medium text-brand-700 underline hover:text-brand-800";

export const meta: Route.MetaFunction = ({ matches }) => staticPageMeta(matches, messages);

// Nothing on this page needs a script (issue 28): it ships no JavaScript.
export const handle = noScripts;

export default function Privacy() {
  const settings = useSiteSettings();
  const brand = settings.brandName;
  // The demo's placeholders say they are (issue 48).
  const email = (
    <>
      <a href={`mailto:${settings.contactEmail}`} className={`${linkClass} break-all`}>
        {settings.contactEmail}
      </a>
      {settings.demoContacts.email ? ` ${contactMessages.demoEmail}` : null}
    </>
  );
  const phone = `${settings.contactPhone}${settings.demoContacts.phone ? ` ${contactMessages.demoNumber}` : ""}`;

  const forms = [
    {
      id: "contact-form",
      name: (
        <Link to={href("/contact")} className={linkClass}>
          Contact form
        </Link>
      ),
      data: "Name, e-mail address, phone number and your message.",
      purpose: "To answer your question by e-mail or phone.",
    },
    {
      id: "booking-form",
      name: (
        <Link to={href("/post-gate-guidance")} className={linkClass}>
          1:1 session booking
        </Link>
      ),
      data: "Session type, name, phone number, GATE score (if you give it), college name and your query.",
      purpose: "To call or message you, fix a time for the session and prepare for your question.",
    },
    {
      id: "testimonial-form",
      name: "Testimonial",
      data: "Name, rating and comment; we make an avatar from the initials of your name.",
      purpose: "To publish your testimonial on our home page, where every visitor can read it.",
    },
    {
      id: "job-alert-emails",
      name: (
        <Link to={href("/subscribe")} className={linkClass}>
          Job alerts by e-mail
        </Link>
      ),
      data: "E-mail address, what you chose to receive and how often, and your consent: when you gave it, on which page, the words you agreed to, and a one-way code made from your internet (IP) address, never the address itself.",
      purpose:
        "To send you only what you chose, once you confirm from the e-mail we send, and to show that you asked for it.",
    },
  ];

  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{messages.title}</h1>
      <p className="mt-2 text-sm text-slate-600">{messages.updated}</p>
      <p className="mt-4 text-slate-700">
        {brand} prepares students for GATE Chemical Engineering and PSU recruitment exams. This notice explains what
        personal data we collect through this website, why, and what you can ask of us. We follow India&apos;s Digital
        Personal Data Protection Act, 2023 (the DPDP Act), under which we are the <em>data fiduciary</em> for this data
        and you are the <em>data principal</em>.
      </p>

      <Section id="what-we-collect" title="What we collect and why">
        <p>
          We only collect what you type into one of our forms. You do not need an account, and browsing the site does
          not require you to give us anything.
        </p>
        <ul className="grid gap-4 md:grid-cols-3">
          {forms.map((form) => (
            <li key={form.id} id={form.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <h3 className="font-semibold text-slate-900">{form.name}</h3>
              <dl className="mt-2 space-y-2 text-sm">
                <div>
                  <dt className="font-medium text-slate-900">What we store</dt>
                  <dd>{form.data}</dd>
                </div>
                <div>
                  <dt className="font-medium text-slate-900">Why</dt>
                  <dd>{form.purpose}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
        <p>
          By sending a form you consent to this use of the data in it, for that purpose only. We do not use it for
          advertising, we do not sell it, and we add nobody to a mailing list: job alert e-mails go only to an address
          whose owner subscribed and then confirmed from the e-mail we sent, and every one of them has a link to change
          what you receive and a one-click unsubscribe.
        </p>
        <p>
          <strong className="text-slate-900">To stop abuse</strong> we count how many forms are sent from each internet
          (IP) address in a short time window, and refuse more than a few. These counters hold only the IP address and a
          number, and are deleted after about a day. When a submission is refused for this reason we record the address
          in our server log.
        </p>
        <p>
          <strong className="text-slate-900">In your browser</strong> we use session storage only to remember, for your
          current visit, that you closed the welcome popup or the purchase notifications. It never leaves your device.
          The public pages set no tracking or advertising cookies.
        </p>
      </Section>

      <Section id="who-sees-it" title="Who sees it">
        <p>
          Contact messages and booking requests are stored in our database and e-mailed to our team&apos;s inbox, so
          that a mentor can reply. Our hosting and e-mail service providers process this data on our behalf and only to
          run the site and deliver those e-mails. Testimonials are public once you send them. We share nothing else with
          anyone, unless the law requires it.
        </p>
      </Section>

      <Section id="how-long" title="How long we keep it">
        <ul className="list-disc space-y-2 pl-5">
          <li>
            Contact messages and booking requests: as long as we need them to answer you and to arrange and follow up
            your session, and no longer than two years after our last exchange with you.
          </li>
          <li>Testimonials: until you ask us to change or remove yours.</li>
          <li>
            Job alert subscriptions: until you unsubscribe (then your address, choices and consent are deleted at once);
            an address never confirmed, a week. Copies of the alert e-mails we sent: 30 days.
          </li>
          <li>Abuse counters: about a day.</li>
        </ul>
        <p>You can ask us to delete your data sooner at any time; see below.</p>
      </Section>

      <Section id="your-rights" title="Your rights">
        <p>Under the DPDP Act you can ask us:</p>
        <ul className="list-disc space-y-2 pl-5">
          <li>for a summary of the personal data we hold about you and what we do with it;</li>
          <li>to correct, complete or update it;</li>
          <li>to erase it, and to withdraw the consent you gave when you sent the form;</li>
          <li>to resolve a grievance about how we handled it;</li>
          <li>to let a person you nominate exercise these rights if you die or become unable to.</li>
        </ul>
        <p>
          Write to {email} from the e-mail address or mention the phone number you used in the form, so we can find your
          data. We reply within 30 days. If you are not satisfied with our answer, you may complain to the Data
          Protection Board of India.
        </p>
        <p>
          Our forms are meant for people aged 18 or over. If you are younger, please ask a parent or guardian to contact
          us for you.
        </p>
      </Section>

      <Section id="contact-us" title="Contact">
        <p>
          Questions about this notice or your data: {email}, {phone}, {settings.contactAddress}. You can also use our{" "}
          <Link to={href("/contact")} className={linkClass}>
            contact form
          </Link>
          .
        </p>
        <p>If we change this notice, we update the date at the top of this page.</p>
      </Section>
    </div>
  );
}
