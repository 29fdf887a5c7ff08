import SQLite from "better-sqlite3";
import { betterAuth, type BetterAuthOptions } from "better-auth";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import { getDb, parseDatabaseUrl, type DB } from "~/db/client.server";
import { hitRateLimit } from "~/lib/rate-limit.server";
import { env } from "~/core/env.server";
import { logger } from "~/core/logger.server";
import { authPolicy } from "./config";
import { hashPassword, verifyPassword } from "./password.server";
import { afterPasswordReset, sendPasswordResetEmail } from "./password-reset.server";
import { resolveAuthSecret } from "./secret.server";

// Better Auth, configured for this site (issue #4, "Known pitfalls"):
// - its own database connection: it expects Date objects, while our pool reads ISO strings;
// - our snake_case tables (0003-auth), mapped field by field;
// - sign-up off (admins come from `npm run admin:create`), Argon2id passwords;
// - sessions: no cookie cache (removing an admin profile counts at the next request), 12 h
//   absolute expiry enforced by the library, 30 min idle enforced by session.server.ts;
// - its CSRF/origin checks and rate limiter on in every environment (both are off under
//   NODE_ENV=test by default), the limiter counting in our rate_limits table;
// - password reset revokes every session and the user's other reset links, and lifts the
//   account's sign-in locks; reset tokens are stored hashed.

/** Set by our HTTP server and by route actions from the socket address; client values are dropped. */
export const CLIENT_IP_HEADER = "x-gate-client-ip";

const ts = { createdAt: "created_at", updatedAt: "updated_at" } as const;

function authDatabase(url: string | undefined) {
  const { engine, location } = parseDatabaseUrl(url);
  if (engine === "postgres") {
    const pool = new pg.Pool({ connectionString: location, max: env().AUTH_DATABASE_POOL_SIZE });
    pool.on("error", (error) => logger.warn({ err: error }, "idle auth PostgreSQL connection lost"));
    return { db: new Kysely<any>({ dialect: new PostgresDialect({ pool }) }), type: "postgres" as const };
  }
  const database = new SQLite(location);
  database.pragma("busy_timeout = 5000");
  database.pragma("foreign_keys = ON");
  return { db: new Kysely<any>({ dialect: new SqliteDialect({ database }) }), type: "sqlite" as const };
}

export interface AuthSetup {
  /** Our database (ISO timestamps): outbox, settings, admin profiles. */
  db: DB;
  databaseUrl: string | undefined;
  secret: string;
  /** The public origin, if configured (SITE_URL). */
  siteUrl?: string;
  production: boolean;
}

function authOptions(setup: AuthSetup, database: ReturnType<typeof authDatabase>) {
  return {
    appName: "GATE CH Academy Admin",
    secret: setup.secret,
    baseURL: setup.siteUrl ?? "http://localhost",
    basePath: "/api/auth",
    database: { db: database.db, type: database.type, transaction: true },
    user: {
      modelName: "auth_users",
      fields: { emailVerified: "email_verified", ...ts },
    },
    session: {
      modelName: "auth_sessions",
      fields: { expiresAt: "expires_at", ipAddress: "ip_address", userAgent: "user_agent", userId: "user_id", ...ts },
      additionalFields: {
        aal: { type: "string", required: true, defaultValue: "aal1", input: false },
      },
      expiresIn: authPolicy.absoluteMs / 1000,
      disableSessionRefresh: true,
      cookieCache: { enabled: false },
    },
    account: {
      modelName: "auth_accounts",
      fields: {
        accountId: "account_id",
        providerId: "provider_id",
        userId: "user_id",
        accessToken: "access_token",
        refreshToken: "refresh_token",
        idToken: "id_token",
        accessTokenExpiresAt: "access_token_expires_at",
        refreshTokenExpiresAt: "refresh_token_expires_at",
        ...ts,
      },
      accountLinking: { enabled: false },
    },
    verification: {
      modelName: "auth_verifications",
      fields: { expiresAt: "expires_at", ...ts },
      storeIdentifier: "hashed",
    },
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: authPolicy.passwordMin,
      maxPasswordLength: authPolicy.passwordMax,
      password: { hash: hashPassword, verify: verifyPassword },
      resetPasswordTokenExpiresIn: authPolicy.resetTokenSeconds,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: ({ user, token }) => sendPasswordResetEmail(setup.db, { user, token }),
      onPasswordReset: ({ user }) => afterPasswordReset(setup.db, user),
    },
    rateLimit: {
      enabled: true,
      window: 60,
      max: 60,
      customStorage: {
        async consume(key, rule) {
          const result = await hitRateLimit(setup.db, "auth-api", key, {
            limit: rule.max,
            windowMs: rule.window * 1000,
          });
          return { allowed: result.allowed, retryAfter: result.allowed ? null : Math.ceil(result.retryAfterMs / 1000) };
        },
      },
    },
    // Same-origin only: the configured origin; without SITE_URL (development and tests only) the
    // request's own, which our server has already matched against Origin.
    trustedOrigins: setup.siteUrl
      ? [new URL(setup.siteUrl).origin]
      : (request) => (request ? [new URL(request.url).origin] : []),
    advanced: {
      cookiePrefix: "gate",
      useSecureCookies: setup.production || setup.siteUrl?.startsWith("https:") === true,
      disableCSRFCheck: false,
      disableOriginCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    telemetry: { enabled: false },
    logger: {
      level: "warn",
      log: (level, message, ...args) => logger[level === "debug" ? "debug" : level]({ args }, `auth: ${message}`),
    },
  } satisfies BetterAuthOptions;
}

export function createAuth(setup: AuthSetup) {
  const database = authDatabase(setup.databaseUrl);
  const auth = betterAuth(authOptions(setup, database));
  return { auth, secret: setup.secret, close: () => database.db.destroy() };
}

export type Auth = ReturnType<typeof createAuth>["auth"];

let shared: Promise<ReturnType<typeof createAuth>> | undefined;

/** The process-wide auth instance, on DATABASE_URL, created on first use. */
export function getAuth(): Promise<Auth> {
  shared ??= (async () => {
    // One auth library per process, shared by every request: the process's database (a process
    // edge, like server boot), not a request's.
    const db = getDb();
    const secret = await resolveAuthSecret(db);
    const config = env();
    return createAuth({
      db,
      databaseUrl: config.DATABASE_URL,
      secret,
      siteUrl: config.SITE_URL,
      production: config.NODE_ENV === "production",
    });
  })();
  shared.catch(() => (shared = undefined));
  return shared.then((s) => s.auth);
}

/** The key that signs cookies; two-factor secrets and backup codes use keys derived from it. */
export async function getAuthSecret(): Promise<string> {
  await getAuth();
  return (await shared!).secret;
}

export async function closeAuth() {
  const current = shared;
  shared = undefined;
  if (current) await (await current).close();
}
