import type { DB } from "~/db/client.server";
import { claimSubmission } from "~/db/queries/idempotency-keys.server";
import { enqueueEmail } from "~/db/queries/outbox.server";
import { bookingEmail, contactEmail } from "./emails.server";
import type { BookingInput } from "./schemas/booking";
import type { ContactInput } from "./schemas/contact";
import type { SiteSettings } from "./settings";

// Contact messages and session bookings (spec §2), the visitor submissions an e-mail reports: each
// accepted one is committed, together with that e-mail, before the visitor is told it succeeded
// (DESIGN §6). A mail outage can delay the e-mail, never lose it. (Testimonials send no e-mail:
// ~/db/queries/testimonials.server.ts.) With a submission key (issue 7), a repeat of a submission
// already stored writes nothing and returns null: the visitor's message is stored once, and the
// repeat is answered as a success.

export async function saveContactMessage(
  db: DB,
  settings: SiteSettings,
  input: ContactInput,
  now = new Date(),
  key?: string,
) {
  return db.transaction().execute(async (trx) => {
    if (key && !(await claimSubmission(trx, key, null, now)).fresh) return null;
    const { id } = await trx
      .insertInto("contact_messages")
      .values({ ...input, created_at: now.toISOString() })
      .returning("id")
      .executeTakeFirstOrThrow();
    await enqueueEmail(trx, contactEmail(settings, input), now);
    return id;
  });
}

export async function saveBooking(db: DB, settings: SiteSettings, input: BookingInput, now = new Date(), key?: string) {
  return db.transaction().execute(async (trx) => {
    if (key && !(await claimSubmission(trx, key, null, now)).fresh) return null;
    const { id } = await trx
      .insertInto("session_bookings")
      .values({
        session_type: input.sessionType,
        name: input.name,
        phone: input.phone,
        gate_score: input.gateScore,
        college_name: input.collegeName,
        query: input.query,
        created_at: now.toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await enqueueEmail(trx, bookingEmail(settings, input), now);
    return id;
  });
}
