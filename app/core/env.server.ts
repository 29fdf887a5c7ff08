import { z } from "zod";

// Configuration is validated once at boot; every problem is listed at once (STYLE §12).
// Safe working defaults live in .env.example. The app and the server read the environment only
// through this module; the entries (server.ts, worker.ts) read BUILD_DIR to find the bundle that holds it.
const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  /** The build the server serves its static files from (`npm run build` writes it). */
  BUILD_DIR: z.string().default("build"),
  DATABASE_URL: z.string().optional(),
  /** Connections of the app's PostgreSQL pool. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).default(10),
  /** Connections of the auth library's own PostgreSQL pool. */
  AUTH_DATABASE_POOL_SIZE: z.coerce.number().int().min(1).default(4),
  /** Signs session cookies and encrypts two-factor secrets (app/lib/auth/secret.server.ts). */
  BETTER_AUTH_SECRET: z.string().optional(),
  /** 1 loads the demo content at start even in production (only for a demo site). */
  SEED_DEMO: z
    .enum(["0", "1"])
    .default("0")
    .transform((value) => value === "1"),
  /** off: every anonymous page is rendered anew (server/page-cache.ts). */
  PAGE_CACHE: z.enum(["on", "off"]).default("on"),
  /**
   * The public origin, e.g. https://www.example.in: every absolute URL (reset links, canonical,
   * sitemap), the CSRF check and the Host check. Required in production (server/boot.ts).
   */
  SITE_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** More host names to answer for besides SITE_URL's, comma-separated; `*` answers for any. */
  ALLOWED_HOSTS: z.string().optional(),
  /** 1 behind nginx or a load balancer: client address and host from X-Forwarded-* headers. */
  TRUST_PROXY: z
    .enum(["0", "1"])
    .default("0")
    .transform((value) => value === "1"),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("GATE CH Academy <no-reply@localhost>"),
  /** Unset: info, or warn under tests (app/core/logger.server.ts). */
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),
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
  /** Subscription e-mails (issue 49) sent per minute at most, by all workers together; 0: no limit. */
  OUTBOX_BULK_PER_MINUTE: z.coerce.number().int().min(0).default(600),
  // Job alerts by e-mail (issue 49): a reminder this many days before an alert's last date (IST),
  // the digests at this time of day in India (the weekly one on this day), and how often the
  // worker looks for reminders, digests and alerts staff sent.
  ALERT_REMINDER_DAYS: z.coerce.number().int().min(0).max(30).default(3),
  ALERT_DIGEST_TIME: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "HH:MM, 24-hour, in India's time")
    .default("07:00"),
  ALERT_WEEKLY_DAY: z.enum(["sun", "mon", "tue", "wed", "thu", "fri", "sat"]).default("mon"),
  ALERT_MAIL_TICK_MS: z.coerce.number().int().min(50).default(60_000),
  /**
   * The link checker (issue 48): the worker checks the outside links the site shows (on), or not
   * (off: the tests, and any server that must not reach other sites).
   */
  LINK_CHECK: z.enum(["on", "off"]).default("on"),
  /** How often each link is checked at most. */
  LINK_CHECK_EVERY_HOURS: z.coerce
    .number()
    .min(1)
    .max(24 * 30)
    .default(24),
  /** Each request's limit, from connecting to the response's headers. */
  LINK_CHECK_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** The most links one run (every 15 minutes) checks. */
  LINK_CHECK_MAX_PER_RUN: z.coerce.number().int().min(1).max(10_000).default(100),
  /** Submissions of each public form allowed per visitor IP in a 10-minute window. */
  PUBLIC_FORM_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  // The media library (issue 45, decision 017): the largest upload of each kind, checked while
  // the body arrives; a picture's pixel count and longest side, checked from its header before
  // it is decoded (a decompression bomb is refused).
  MEDIA_MAX_IMAGE_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(10 * 1024 * 1024),
  MEDIA_MAX_PDF_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(25 * 1024 * 1024),
  MEDIA_MAX_IMAGE_PIXELS: z.coerce.number().int().min(1).default(40_000_000),
  MEDIA_MAX_IMAGE_SIDE: z.coerce.number().int().min(1).max(65_535).default(12_000),
  // Site facts seeded into site_settings on first start (app/lib/site/settings.ts names them); staff
  // edit them in the admin panel afterwards.
  BRAND_NAME: z.string().optional(),
  WHATSAPP_NUMBER: z.string().optional(),
  CONTACT_EMAIL: z.string().optional(),
  CONTACT_PHONE: z.string().optional(),
  CONTACT_ADDRESS: z.string().optional(),
  STUDENT_LOGIN_URL: z.string().optional(),
  STUDENT_LOGIN_ORG_CODE: z.string().optional(),
  LEARNING_APP_URL: z.string().optional(),
  BOOKING_RECIPIENT_EMAIL: z.string().optional(),
  PURCHASE_TOASTS_ENABLED: z.string().optional(),
  TESTIMONIALS_NEED_APPROVAL: z.string().optional(),
  SESSION_FEE_RUPEES: z.string().optional(),
  SESSION_LENGTH_MINUTES: z.string().optional(),
  SESSION_MENTOR: z.string().optional(),
  SESSION_CALLBACK_HOURS: z.string().optional(),
  SEARCH_SYNONYMS: z.string().optional(),
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

/**
 * One variable, checked by its rule above, read now: for the logger, which is made on import,
 * before boot validates the whole environment (and before a test has set the variables it sets).
 */
export function envValue<K extends keyof Env>(name: K): Env[K] {
  return EnvSchema.shape[name].parse(process.env[name]) as Env[K];
}
