// The two 1:1 session types (spec §3). Apart from the booking schema so that buttons and labels
// can use them without loading Zod on first paint.
export const SESSION_TYPES = ["higher-studies", "career-guidance"] as const;
export type SessionType = (typeof SESSION_TYPES)[number];

export const sessionTypeLabels: Record<SessionType, string> = {
  "higher-studies": "Higher Studies",
  "career-guidance": "Career Guidance",
};
