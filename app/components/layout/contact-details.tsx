import type { ReactNode } from "react";
import type { IconProps } from "~/components/ui/icon";
import type { PublicSettings } from "~/lib/site/settings";
import { MailIcon, MapPinIcon, PhoneIcon } from "./icons";

export const contactMessages = {
  email: "Email",
  phone: "Phone",
  address: "Address",
  // Issue 48: the demo's placeholders are marked so that nobody takes them for a business's.
  demoNumber: "(demo number)",
  demoEmail: "(demo e-mail)",
};
const messages = contactMessages;

/** "(demo number)" after a placeholder detail, in the line's own colour but lighter. */
function DemoMark({ shown, text }: { shown: boolean; text: string }) {
  // Kept on one line; the value before it wraps anywhere it must (a long address on a phone).
  return shown ? <span className="whitespace-nowrap opacity-80">{` ${text}`}</span> : null;
}

/** tel: links take digits and a leading plus only. */
function telHref(phone: string) {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

/** The two places the details appear: the dark footer, and the contact page's card. */
const looks = {
  footer: {
    address: "mt-3 space-y-2 text-sm not-italic",
    icon: { width: 18, height: 18, className: "mt-0.5 shrink-0" },
    link: "hover:text-white hover:underline",
  },
  page: {
    address: "mt-3 space-y-3 text-slate-700 not-italic",
    icon: { width: 20, height: 20, className: "mt-0.5 shrink-0 text-brand-700" },
    link: "text-brand-700 underline",
  },
} satisfies Record<string, { address: string; icon: IconProps; link: string }>;

/**
 * The site's email, phone and postal address from its settings (spec §2), in the footer and on the
 * contact page. Each line is an icon and a value; the field's name is there for screen readers.
 */
export function ContactDetails({ settings, look }: { settings: PublicSettings; look: keyof typeof looks }) {
  const style = looks[look];
  return (
    <address className={style.address}>
      <ContactLine icon={<MailIcon {...style.icon} />} label={messages.email}>
        <a href={`mailto:${settings.contactEmail}`} className={`wrap-anywhere ${style.link}`}>
          {settings.contactEmail}
        </a>
        <DemoMark shown={settings.demoContacts.email} text={messages.demoEmail} />
      </ContactLine>
      <ContactLine icon={<PhoneIcon {...style.icon} />} label={messages.phone}>
        <a href={telHref(settings.contactPhone)} className={style.link}>
          {settings.contactPhone}
        </a>
        <DemoMark shown={settings.demoContacts.phone} text={messages.demoNumber} />
      </ContactLine>
      <ContactLine icon={<MapPinIcon {...style.icon} />} label={messages.address}>
        <span>{settings.contactAddress}</span>
      </ContactLine>
    </address>
  );
}

function ContactLine({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <p className="flex items-start gap-2">
      {icon}
      <span className="sr-only">{label}: </span>
      {/* One run of text, so that the value and its demo mark wrap between words. */}
      <span className="min-w-0">{children}</span>
    </p>
  );
}
