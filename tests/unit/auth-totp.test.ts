import { describe, expect, it } from "vitest";
import {
  base32Decode,
  base32Encode,
  codeForStep,
  generateTotpSecret,
  groupKey,
  matchTotp,
  otpauthUri,
  stepAt,
} from "~/lib/auth/totp.server";

// RFC 6238 TOTP, checked against the RFC's own test vectors (SHA-1, seed "12345678901234567890";
// the RFC prints 8 digits, authenticator apps show the last 6).

const SEED = base32Encode(Buffer.from("12345678901234567890"));

describe("TOTP", () => {
  it("matches the RFC 6238 test vectors", () => {
    expect(SEED).toBe("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
    const vectors: Array<[number, string]> = [
      [59, "287082"],
      [1111111109, "081804"],
      [1111111111, "050471"],
      [1234567890, "005924"],
      [2000000000, "279037"],
    ];
    for (const [seconds, code] of vectors) expect(codeForStep(SEED, stepAt(seconds * 1000))).toBe(code);
  });

  it("accepts the code of the step before and after (clock drift) and nothing further", () => {
    const now = 1_900_000_000_000;
    const step = stepAt(now);
    expect(matchTotp(SEED, codeForStep(SEED, step), now)).toBe(step);
    expect(matchTotp(SEED, codeForStep(SEED, step - 1), now)).toBe(step - 1);
    expect(matchTotp(SEED, codeForStep(SEED, step + 1), now)).toBe(step + 1);
    expect(matchTotp(SEED, codeForStep(SEED, step - 2), now)).toBeNull();
    expect(matchTotp(SEED, "12345", now)).toBeNull();
    expect(matchTotp(SEED, "abcdef", now)).toBeNull();
  });

  it("makes 160-bit secrets, base32 both ways, and the otpauth URI apps read", () => {
    const secret = generateTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Encode(base32Decode(secret))).toBe(secret);
    expect(base32Decode(groupKey(secret).toLowerCase())).toEqual(base32Decode(secret));
    const uri = new URL(otpauthUri({ secret, account: "admin@example.com", issuer: "GATE CH Academy" }));
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.host).toBe("totp");
    expect(decodeURIComponent(uri.pathname)).toBe("/GATE CH Academy:admin@example.com");
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      secret,
      issuer: "GATE CH Academy",
      algorithm: "SHA1",
      digits: "6",
      period: "30",
    });
  });
});
