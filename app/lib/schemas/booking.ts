import { z } from "zod";
import { optionalText, phoneField, requiredText } from "./fields";

export const SESSION_TYPES = ["higher-studies", "career-guidance"] as const;
export type SessionType = (typeof SESSION_TYPES)[number];

export const sessionTypeLabels: Record<SessionType, string> = {
  "higher-studies": "Higher Studies",
  "career-guidance": "Career Guidance",
};

// Booking form (spec §3, §5): name, phone, college name and query required; GATE score optional.
export const BookingSchema = z.object({
  sessionType: z.enum(SESSION_TYPES, { error: "Choose a session type" }),
  name: requiredText("Name", 100),
  phone: phoneField,
  gateScore: optionalText("GATE score", 20),
  collegeName: requiredText("College name", 200),
  query: requiredText("Query", 3000),
});
export type BookingInput = z.infer<typeof BookingSchema>;
