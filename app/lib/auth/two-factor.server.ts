import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";
import type { DB } from "~/db/client.server";
import { TOTP, generateTotpSecret, matchTotp, base32Encode } from "./totp.server";

// The second factor for admins (issue #4): a TOTP secret per user, enrolled with a QR code or the
// key typed by hand and confirmed with a first code; ten backup codes, each usable once; a code is
// never accepted twice, not even within its own 30-second window (last_used_step only grows, and
// it is claimed with one conditional UPDATE so two simultaneous requests cannot both win).
// Secrets are stored encrypted (AES-256-GCM) and backup codes as keyed hashes, both with keys
// derived from the auth secret, so a copy of the database alone reveals neither.

export const BACKUP_CODE_COUNT = 10;

function derivedKey(authSecret: string, purpose: string) {
  return Buffer.from(hkdfSync("sha256", authSecret, "", `gate-${purpose}-v1`, 32));
}

export function encryptSecret(authSecret: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", derivedKey(authSecret, "totp-secret"), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
}

export function decryptSecret(authSecret: string, stored: string): string {
  const [version, iv, tag, body] = stored.split(".");
  if (version !== "v1" || !iv || !tag || !body) throw new Error("unknown TOTP secret format");
  const decipher = createDecipheriv("aes-256-gcm", derivedKey(authSecret, "totp-secret"), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
}

/** Backup codes look like "k7m2q-x9d4a": lower-case, no padding, 50 random bits. */
export function normalizeBackupCode(code: string) {
  return code.toLowerCase().replace(/[^a-z2-7]/g, "");
}

function hashBackupCode(authSecret: string, code: string) {
  return createHmac("sha256", derivedKey(authSecret, "backup-code"))
    .update(normalizeBackupCode(code))
    .digest("base64url");
}

function newBackupCodes(): string[] {
  return Array.from({ length: BACKUP_CODE_COUNT }, () => {
    const raw = base32Encode(randomBytes(7)).slice(0, 10).toLowerCase();
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
}

export interface TwoFactorStatus {
  enabled: boolean;
  /** Enrolment started, waiting for the first code. */
  pending: boolean;
  backupCodesLeft: number;
}

export async function getTwoFactorStatus(db: DB, userId: string): Promise<TwoFactorStatus> {
  const row = await db
    .selectFrom("auth_two_factor")
    .select("confirmed_at")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  const left = await db
    .selectFrom("auth_backup_codes")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return { enabled: !!row?.confirmed_at, pending: !!row && !row.confirmed_at, backupCodesLeft: Number(left.n) };
}

/**
 * The user's two-factor row in one state: "pending", an enrolment waiting for its first code;
 * "confirmed", two-factor on. A row in the other state is never a match.
 */
function twoFactorRow(db: DB, userId: string, state: "pending" | "confirmed") {
  return db
    .selectFrom("auth_two_factor")
    .where("user_id", "=", userId)
    .where("confirmed_at", state === "pending" ? "is" : "is not", null);
}

export async function hasTwoFactor(db: DB, userId: string) {
  const row = await twoFactorRow(db, userId, "confirmed").select("user_id").executeTakeFirst();
  return row !== undefined;
}

/** Starts (or restarts) enrolment with a new secret; refused while two-factor is on. */
export async function startEnrolment(db: DB, authSecret: string, userId: string, now = new Date()) {
  if (await hasTwoFactor(db, userId)) return null;
  const secret = generateTotpSecret();
  const stamp = now.toISOString();
  const stored = encryptSecret(authSecret, secret);
  await db
    .insertInto("auth_two_factor")
    .values({
      user_id: userId,
      secret: stored,
      confirmed_at: null,
      last_used_step: null,
      created_at: stamp,
      updated_at: stamp,
    })
    .onConflict((oc) =>
      oc.column("user_id").doUpdateSet({ secret: stored, last_used_step: null, updated_at: stamp, confirmed_at: null }),
    )
    .execute();
  return secret;
}

/** The secret of an enrolment waiting for its first code, to show the QR code again. */
export async function pendingSecret(db: DB, authSecret: string, userId: string) {
  const row = await twoFactorRow(db, userId, "pending").select("secret").executeTakeFirst();
  return row ? decryptSecret(authSecret, row.secret) : null;
}

export async function cancelEnrolment(db: DB, userId: string) {
  await db.deleteFrom("auth_two_factor").where("user_id", "=", userId).where("confirmed_at", "is", null).execute();
}

export type CodeCheck = "ok" | "invalid" | "reused";

/**
 * Accepts the TOTP code for `userId` if it matches and its step is later than any accepted
 * before. `pending` selects an enrolment that waits for its first code instead of a confirmed one.
 */
async function claimTotp(
  db: DB,
  authSecret: string,
  userId: string,
  code: string,
  { pending, now }: { pending: boolean; now: number },
): Promise<{ result: CodeCheck; step?: number }> {
  const row = await twoFactorRow(db, userId, pending ? "pending" : "confirmed")
    .select(["secret", "last_used_step"])
    .executeTakeFirst();
  if (!row) return { result: "invalid" };
  const step = matchTotp(decryptSecret(authSecret, row.secret), code, now);
  if (step === null) return { result: "invalid" };
  const claimed = await db
    .updateTable("auth_two_factor")
    .set({ last_used_step: step, updated_at: new Date(now).toISOString() })
    .where("user_id", "=", userId)
    .where((eb) => eb.or([eb("last_used_step", "is", null), eb("last_used_step", "<", step)]))
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1 ? { result: "ok", step } : { result: "reused" };
}

async function replaceBackupCodes(db: DB, authSecret: string, userId: string, now: Date) {
  const codes = newBackupCodes();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("auth_backup_codes").where("user_id", "=", userId).execute();
    await trx
      .insertInto("auth_backup_codes")
      .values(
        codes.map((code) => ({
          user_id: userId,
          code_hash: hashBackupCode(authSecret, code),
          used_at: null,
          created_at: now.toISOString(),
        })),
      )
      .execute();
  });
  return codes;
}

/** Turns two-factor on with the first code from the app; returns the backup codes to show once. */
export async function confirmEnrolment(db: DB, authSecret: string, userId: string, code: string, now = new Date()) {
  const { result } = await claimTotp(db, authSecret, userId, code, { pending: true, now: now.getTime() });
  if (result !== "ok") return { ok: false as const, result };
  await db
    .updateTable("auth_two_factor")
    .set({ confirmed_at: now.toISOString(), updated_at: now.toISOString() })
    .where("user_id", "=", userId)
    .execute();
  return { ok: true as const, backupCodes: await replaceBackupCodes(db, authSecret, userId, now) };
}

const looksLikeTotp = (code: string) => new RegExp(`^\\d{${TOTP.digits}}$`).test(code.replace(/\s/g, ""));

/** A TOTP code or an unused backup code of a user with two-factor on; each backup code works once. */
export async function verifySecondFactor(
  db: DB,
  authSecret: string,
  userId: string,
  code: string,
  now = new Date(),
): Promise<CodeCheck> {
  if (looksLikeTotp(code)) {
    return (await claimTotp(db, authSecret, userId, code, { pending: false, now: now.getTime() })).result;
  }
  if (normalizeBackupCode(code).length !== 10 || !(await hasTwoFactor(db, userId))) return "invalid";
  const used = await db
    .updateTable("auth_backup_codes")
    .set({ used_at: now.toISOString() })
    .where("user_id", "=", userId)
    .where("code_hash", "=", hashBackupCode(authSecret, code))
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1 ? "ok" : "invalid";
}

export async function regenerateBackupCodes(db: DB, authSecret: string, userId: string, now = new Date()) {
  return replaceBackupCodes(db, authSecret, userId, now);
}

export async function disableTwoFactor(db: DB, userId: string) {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("auth_backup_codes").where("user_id", "=", userId).execute();
    await trx.deleteFrom("auth_two_factor").where("user_id", "=", userId).execute();
  });
}
