import { escapeHtml } from "~/core/html";
import type { OutgoingEmail } from "~/db/queries/outbox.server";
import type { BookingInput } from "../schemas/booking";
import { sessionTypeLabels } from "../schemas/booking";
import type { ContactInput } from "../schemas/contact";
import { callbackText } from "../session-offer/session-offer";
import type { SiteSettings } from "../site/settings";

function table(rows: Array<[string, string]>) {
  const body = rows
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:4px 12px 4px 0;vertical-align:top">${escapeHtml(label)}</th>` +
        `<td style="padding:4px 0;white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
    )
    .join("");
  return `<table cellpadding="0" cellspacing="0">${body}</table>`;
}

function text(rows: Array<[string, string]>) {
  return rows.map(([label, value]) => `${label}: ${value}`).join("\n");
}

/** Subject '{brand} New {Higher Studies|Career Guidance} Session Booking - {name}' (spec §7). */
export function bookingEmail(settings: SiteSettings, booking: BookingInput): OutgoingEmail {
  const type = sessionTypeLabels[booking.sessionType];
  const rows: Array<[string, string]> = [
    ["Session type", type],
    ["Name", booking.name],
    ["Phone", booking.phone],
    ["GATE score", booking.gateScore ?? "Not given"],
    ["College", booking.collegeName],
    ["Query", booking.query],
    // What the visitor was told after booking (issue 27 item 5), so staff keep the promise.
    ["Call back", `${callbackText(settings.sessionOffer.callbackHours)} (as promised on the site)`],
  ];
  return {
    to: settings.bookingRecipientEmail,
    subject: `${settings.brandName} New ${type} Session Booking - ${booking.name}`,
    html: `<h2>New ${escapeHtml(type)} session booking</h2>${table(rows)}`,
    text: text(rows),
  };
}

/** A visitor's message, with Reply-To set to the visitor so staff can simply reply. */
export function contactEmail(settings: SiteSettings, contact: ContactInput): OutgoingEmail {
  const rows: Array<[string, string]> = [
    ["Name", contact.name],
    ["Email", contact.email],
    ["Phone", contact.phone],
    ["Message", contact.message],
  ];
  return {
    to: settings.bookingRecipientEmail,
    replyTo: contact.email,
    subject: `${settings.brandName} Contact Message - ${contact.name}`,
    html: `<h2>New contact message</h2>${table(rows)}`,
    text: text(rows),
  };
}
