import { randomBytes } from "node:crypto";
import { env, type Env } from "~/core/env.server";
import type { DB } from "~/db/client.server";
import { logger } from "~/core/logger.server";

// The key that signs session cookies and encrypts TOTP secrets. BETTER_AUTH_SECRET wins; without
// it, one random secret is generated on first use and kept in the database, so every instance on
// that database (and every restart) agrees. Setting BETTER_AUTH_SECRET in production keeps the
// key out of the database, which is better: a copy of the database alone then reveals no secret.

const NAME = "better-auth";
export const MIN_SECRET_LENGTH = 32;

export async function resolveAuthSecret(db: DB, source: Pick<Env, "BETTER_AUTH_SECRET" | "NODE_ENV"> = env()) {
  const configured = source.BETTER_AUTH_SECRET?.trim();
  if (configured) {
    if (configured.length < MIN_SECRET_LENGTH) {
      throw new Error(`BETTER_AUTH_SECRET must be at least ${MIN_SECRET_LENGTH} characters (openssl rand -base64 32)`);
    }
    return configured;
  }
  await db
    .insertInto("auth_secrets")
    .values({ name: NAME, value: randomBytes(32).toString("base64url"), created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const row = await db.selectFrom("auth_secrets").select("value").where("name", "=", NAME).executeTakeFirstOrThrow();
  if (source.NODE_ENV === "production") {
    logger.warn(
      "BETTER_AUTH_SECRET is not set: sessions are signed with a secret generated once and kept in the " +
        "database (table auth_secrets); a production site should set BETTER_AUTH_SECRET (.env.example)",
    );
  }
  return row.value;
}
