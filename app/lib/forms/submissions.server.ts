import type { DB } from "~/db/client.server";
import { writeOnce } from "~/db/queries/idempotency-keys.server";
import { insertLead, type LeadKind, type NewLead } from "~/db/queries/leads.server";
import { enqueueEmail, type OutgoingEmail } from "~/db/queries/outbox.server";
import { bookingEmail, contactEmail } from "../mail/emails.server";
import type { BookingInput } from "../schemas/booking";
import type { ContactInput } from "../schemas/contact";
import type { SiteSettings } from "../site/settings";

// Contact messages and session bookings (spec §2), the visitor submissions an e-mail reports: each
// accepted one is committed, together with that e-mail, before the visitor is told it succeeded
// (DESIGN §6). A mail outage can delay the e-mail, never lose it. (Testimonials send no e-mail:
// ~/db/queries/testimonials.server.ts.) With a submission key (issue 7), a repeat of a submission
// already stored writes nothing and returns null: the visitor's message is stored once, and the
// repeat is answered as a success.

/** Stores the submission's row together with the e-mail that reports it; null for a repeat. */
function saveReported<Kind extends LeadKind>(
  db: DB,
  kind: Kind,
  row: NewLead<Kind>,
  email: OutgoingEmail,
  now: Date,
  key: string | undefined,
) {
  return writeOnce(db, key, now, async (trx) => {
    const id = await insertLead(trx, kind, row);
    await enqueueEmail(trx, email, now);
    return id;
  });
}

export async function saveContactMessage(
  db: DB,
  settings: SiteSettings,
  input: ContactInput,
  now = new Date(),
  key?: string,
) {
  const row = { ...input, created_at: now.toISOString() };
  return saveReported(db, "contact", row, contactEmail(settings, input), now, key);
}

export async function saveBooking(db: DB, settings: SiteSettings, input: BookingInput, now = new Date(), key?: string) {
  const row = {
    session_type: input.sessionType,
    name: input.name,
    phone: input.phone,
    gate_score: input.gateScore,
    college_name: input.collegeName,
    query: input.query,
    created_at: now.toISOString(),
  };
  return saveReported(db, "booking", row, bookingEmail(settings, input), now, key);
}
