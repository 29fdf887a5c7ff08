import { z } from "zod";

// Configuration is validated once at boot; every problem is listed at once (STYLE §12).
// Safe working defaults live in .env.example.
const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATABASE_URL: z.string().optional(),
  /**
   * The public origin, e.g. https://www.example.in: every absolute URL (reset links, canonical,
   * sitemap), the CSRF check and the Host check. Required in production (server/app.ts).
   */
  SITE_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** More host names to answer for besides SITE_URL's, comma-separated; `*` answers for any. */
  ALLOWED_HOSTS: z.string().optional(),
  /** 1 behind nginx or a load balancer: client address and host from X-Forwarded-* headers. */
  TRUST_PROXY: z.enum(["0", "1"]).default("0").transform((value) => value === "1"),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("GATE CH Academy <no-reply@localhost>"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Run the outbox worker inside the web process (default) or leave it to `npm run worker`. */
  OUTBOX_WORKER: z.enum(["inline", "off"]).default("inline"),
  /** Sending attempts before an e-mail is kept as dead (listed under Admin → Mail Delivery). */
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(6),
  /** The first retry's delay; each next one is 4× longer, up to 120× (30 s: …, then hourly). */
  OUTBOX_RETRY_BASE_MS: z.coerce.number().int().min(10).default(30_000),
  /** How long a worker holds the message it is sending; keep it above one send's timeouts (~1 min). */
  OUTBOX_LEASE_MS: z.coerce.number().int().min(100).default(120_000),
  /** How often the worker looks for due e-mails when no submission wakes it. */
  OUTBOX_POLL_MS: z.coerce.number().int().min(10).default(2000),
  /** Submissions of each public form allowed per visitor IP in a 10-minute window. */
  PUBLIC_FORM_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
});

export type Env = z.infer<typeof EnvSchema>;

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid environment:\n${problems}`);
  }
  return result.data;
}

let cached: Env | undefined;
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
