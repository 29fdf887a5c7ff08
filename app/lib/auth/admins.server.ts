import type { DB } from "~/db/client.server";
import { logger } from "~/core/logger.server";

// Who is an admin (spec §3, §6): a user with an active admin_profiles row whose role is 'admin'.
// The check is made on every admin request (no cached flag), so deactivating a profile takes
// effect at the user's next request.

export const ADMIN_ROLE = "admin";

/** False when the check itself fails: that is logged and the user is treated as not an admin (spec §8). */
export async function isActiveAdmin(db: DB, userId: string): Promise<boolean> {
  try {
    const row = await db
      .selectFrom("admin_profiles")
      .select("user_id")
      .where("user_id", "=", userId)
      .where("role", "=", ADMIN_ROLE)
      .where("is_active", "=", true)
      .executeTakeFirst();
    return row !== undefined;
  } catch (error) {
    logger.error({ err: error, userId }, "admin status check failed: treated as not an admin");
    return false;
  }
}

/** Creates the profile, or makes an existing one an active admin. */
export async function grantAdmin(db: DB, userId: string, now = new Date()) {
  const stamp = now.toISOString();
  await db
    .insertInto("admin_profiles")
    .values({ user_id: userId, role: ADMIN_ROLE, is_active: true, created_at: stamp, updated_at: stamp })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ role: ADMIN_ROLE, is_active: true, updated_at: stamp }))
    .execute();
}

export async function countUsers(db: DB) {
  const row = await db
    .selectFrom("auth_users")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
