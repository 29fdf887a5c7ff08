import { whatsappHref, type PublicSettings } from "~/lib/settings";
import { WhatsAppIcon } from "./icons";

const messages = {
  label: "Chat on WhatsApp",
  greeting: "Hi, I have a question about GATE CH preparation",
};

/** Floating bottom-right; the purchase toast sits bottom-left and stops short of it. */
export function WhatsAppButton({ settings }: { settings: PublicSettings }) {
  return (
    <a
      href={whatsappHref(settings, messages.greeting)}
      target="_blank"
      rel="noopener"
      aria-label={messages.label}
      title={messages.label}
      className="fixed bottom-4 right-4 z-40 inline-flex size-14 items-center justify-center rounded-full bg-green-700 text-white shadow-lg shadow-slate-900/20 hover:bg-green-800"
    >
      <WhatsAppIcon />
    </a>
  );
}
