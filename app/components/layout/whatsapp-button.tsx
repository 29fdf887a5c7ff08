import { whatsappHref, type PublicSettings } from "~/lib/site/settings";
import { WhatsAppIcon } from "./icons";

const messages = {
  label: "Chat on WhatsApp",
  // Issue 48: the demo's placeholder number is said to be one.
  demoLabel: "Chat on WhatsApp (demo number)",
  greeting: "Hi, I have a question about GATE CH preparation",
};

/**
 * The floating widgets (this button, the purchase toast) step aside while a form has focus or a
 * dialog is open, so that on a 360 px phone they never cover its fields, its submit button or
 * the dialog (issue 25); plain CSS, so it holds before and without JavaScript too. Once the page
 * runs, they also step aside while a form control is scrolled under them
 * (./use-forms-clear-of-widgets.ts).
 */
export const hiddenOverForms =
  "[body:has(form:focus-within)_&]:hidden [body:has(dialog[open])_&]:hidden max-sm:[body[data-form-under-widgets]_&]:hidden";

/**
 * Floating bottom-right, smaller on phones; the purchase toast sits bottom-left and stops short of
 * it. Sized in px: at 200 % text it keeps its size rather than cover twice the page (issue 27).
 */
export function WhatsAppButton({ settings }: { settings: PublicSettings }) {
  const label = settings.demoContacts.whatsapp ? messages.demoLabel : messages.label;
  return (
    <a
      href={whatsappHref(settings, messages.greeting)}
      target="_blank"
      rel="noopener"
      aria-label={label}
      title={label}
      className={`fixed bottom-[12px] right-[12px] z-40 inline-flex size-[48px] items-center justify-center rounded-full bg-green-700 text-white shadow-lg shadow-slate-900/20 hover:bg-green-800 sm:bottom-[16px] sm:right-[16px] sm:size-[56px] ${hiddenOverForms}`}
    >
      <WhatsAppIcon />
    </a>
  );
}
