import { TextField } from "~/components/forms/fields";
import { siteSettingsMessages } from "~/lib/admin/messages/site-settings";
import type { bindFields } from "~/components/forms/bind-fields";
import { sessionOfferLimits } from "~/lib/session-offer/session-offer-limits";

// The "1:1 sessions" group of the Site Settings form (issue 27 item 5): what the booking dialog
// tells visitors. A fieldset of its own so staff see the four facts belong together.

const messages = siteSettingsMessages.session;
const { feeRupees, lengthMinutes, callbackHours } = sessionOfferLimits;

export function SessionOfferFields({ field }: { field: ReturnType<typeof bindFields> }) {
  const props = (name: keyof typeof messages.labels) => ({
    ...field(name),
    label: messages.labels[name],
    hint: messages.hints[name],
  });
  return (
    <fieldset className="space-y-4 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 font-semibold text-slate-900">{messages.legend}</legend>
      <p className="text-sm text-slate-600">{messages.intro}</p>
      <TextField {...props("session_fee_rupees")} type="number" inputMode="numeric" min={feeRupees.min} />
      <TextField {...props("session_length_minutes")} type="number" inputMode="numeric" min={lengthMinutes.min} />
      <TextField {...props("session_mentor")} maxLength={120} />
      <TextField {...props("session_callback_hours")} type="number" inputMode="numeric" min={callbackHours.min} />
    </fieldset>
  );
}
