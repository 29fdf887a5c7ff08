import { z } from "zod";
import { SESSION_TYPES } from "../session-offer/session-types";
import { optionalText, phoneField, requiredText } from "./fields";

export { SESSION_TYPES, sessionTypeLabels, type SessionType } from "../session-offer/session-types";

// Booking form (spec §3, §5): name, phone, college name and query required; GATE score optional.
export const BookingSchema = z.object({
  sessionType: z.enum(SESSION_TYPES, { error: "Choose a session type" }),
  name: requiredText("Name", 100),
  phone: phoneField,
  gateScore: optionalText("GATE score", 20),
  collegeName: requiredText("College name", 200),
  query: requiredText("Query", 3000, { multiline: true }),
});
export type BookingInput = z.infer<typeof BookingSchema>;
