import { createHmac, randomBytes } from "node:crypto";

// Time-based one-time passwords (RFC 6238: HMAC-SHA1, 6 digits, 30-second steps), as every
// authenticator app understands them, with node:crypto only.

export const TOTP = { digits: 6, periodSeconds: 30, secretBytes: 20, window: 1 } as const;

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=-]/g, "");
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = ALPHABET.indexOf(char);
    if (index < 0) throw new Error("invalid base32");
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new random secret, base32 as authenticator apps take it. */
export function generateTotpSecret(): string {
  return base32Encode(randomBytes(TOTP.secretBytes));
}

export const stepAt = (ms: number) => Math.floor(ms / 1000 / TOTP.periodSeconds);

/** The code for one 30-second step (RFC 4226 dynamic truncation). */
export function codeForStep(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac("sha1", base32Decode(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 15;
  const binary = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** TOTP.digits;
  return String(binary).padStart(TOTP.digits, "0");
}

/**
 * The step whose code matches, looking one step either side of now for clock drift; null if none.
 * The caller records the step and refuses any step not later than the last one used.
 */
export function matchTotp(secret: string, code: string, now = Date.now()): number | null {
  const digits = code.replace(/\s/g, "");
  if (!new RegExp(`^\\d{${TOTP.digits}}$`).test(digits)) return null;
  const current = stepAt(now);
  for (let step = current - TOTP.window; step <= current + TOTP.window; step++) {
    if (codeForStep(secret, step) === digits) return step;
  }
  return null;
}

/** The otpauth:// URI authenticator apps read from the QR code. */
export function otpauthUri({ secret, account, issuer }: { secret: string; account: string; issuer: string }) {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const params = new URLSearchParams({
    secret,
    issuer,
    algorithm: "SHA1",
    digits: String(TOTP.digits),
    period: String(TOTP.periodSeconds),
  });
  return `otpauth://totp/${label}?${params}`;
}

/** The key in groups of four, easier to type. */
export const groupKey = (secret: string) => secret.replace(/(.{4})/g, "$1 ").trim();
