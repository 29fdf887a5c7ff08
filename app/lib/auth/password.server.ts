import { argon2, randomBytes, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";

// Passwords are hashed with Argon2id, memory-hard, at OWASP's minimum cost or above (issue #4:
// the auth library's default scrypt cost is below it). Node 24 has Argon2 built in. Hashes are
// stored in the PHC string format, so the parameters travel with each hash and can be raised
// later without breaking existing ones.

export const ARGON2_PARAMS = {
  /** KiB: 19 MiB. */
  memory: 19 * 1024,
  passes: 2,
  parallelism: 1,
  tagLength: 32,
} as const;

const SALT_BYTES = 16;
const derive = promisify(argon2);

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64").replace(/=+$/, "");

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const { memory, passes, parallelism, tagLength } = ARGON2_PARAMS;
  const hash = await derive("argon2id", { message: password, nonce: salt, memory, passes, parallelism, tagLength });
  return `$argon2id$v=19$m=${memory},t=${passes},p=${parallelism}$${b64(salt)}$${b64(hash)}`;
}

const PHC = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

export interface ParsedHash {
  memory: number;
  passes: number;
  parallelism: number;
  salt: Buffer;
  hash: Buffer;
}

export function parseHash(stored: string): ParsedHash | null {
  const match = PHC.exec(stored);
  if (!match) return null;
  const [, m, t, p, salt, hash] = match;
  return {
    memory: Number(m),
    passes: Number(t),
    parallelism: Number(p),
    salt: Buffer.from(salt!, "base64"),
    hash: Buffer.from(hash!, "base64"),
  };
}

/** Constant-time comparison; false for anything that is not one of our Argon2id hashes. */
export async function verifyPassword({ hash: stored, password }: { hash: string; password: string }) {
  const parsed = parseHash(stored);
  if (!parsed || parsed.hash.length < 16) return false;
  const candidate = await derive("argon2id", {
    message: password,
    nonce: parsed.salt,
    memory: parsed.memory,
    passes: parsed.passes,
    parallelism: parsed.parallelism,
    tagLength: parsed.hash.length,
  });
  return timingSafeEqual(candidate, parsed.hash);
}
