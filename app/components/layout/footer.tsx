import { Link } from "react-router";
import type { PublicSettings } from "~/lib/site/settings";
import { ContactDetails } from "./contact-details";
import { LogoMark } from "./icons";
import { footerLinks } from "./main-menu";
import { HeadedSection } from "~/components/ui/headed-section";

const messages = {
  about: "Online test series and guidance for GATE Chemical Engineering (CH) and PSU exams such as IOCL.",
  quickLinks: "Quick links",
  contact: "Contact us",
  rights: "All rights reserved.",
};

/** `year`: this year in India, from the root loader (the same on the server and in every browser). */
export function Footer({ settings, year }: { settings: PublicSettings; year: string }) {
  return (
    <footer className="border-t border-slate-200 bg-slate-900 text-slate-300 lg:pl-64">
      <div className="below-fold mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-[1.2fr_1fr_1fr]">
        <div>
          <p className="flex items-center gap-2 text-lg font-bold text-white">
            <LogoMark />
            {settings.brandName}
          </p>
          <p className="mt-3 max-w-sm text-sm leading-relaxed">{messages.about}</p>
        </div>

        <HeadedSection
          heading={messages.quickLinks}
          headingClassName="text-sm font-semibold uppercase tracking-wider text-white"
          as="nav"
        >
          <ul className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
            {footerLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="inline-block py-1 hover:text-white hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </HeadedSection>

        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wider text-white">{messages.contact}</h2>
          <ContactDetails settings={settings} look="footer" />
        </div>
      </div>
      <div className="border-t border-slate-800">
        {/* pr-20 keeps the line clear of the floating WhatsApp button. */}
        <p className="mx-auto max-w-6xl py-4 pl-4 pr-20 text-xs text-slate-400" suppressHydrationWarning>
          © {year} {settings.brandName}. {messages.rights}
        </p>
      </div>
    </footer>
  );
}
