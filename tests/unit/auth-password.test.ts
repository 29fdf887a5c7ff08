import { describe, expect, it } from "vitest";
import { ARGON2_PARAMS, hashPassword, parseHash, verifyPassword } from "~/lib/auth/password.server";

// Passwords are hashed with Argon2id at or above OWASP's minimum (m = 19 MiB, t = 2, p = 1).

describe("password hashing", () => {
  it("uses Argon2id with at least 19 MiB, 2 passes and 1 lane", async () => {
    expect(ARGON2_PARAMS.memory).toBeGreaterThanOrEqual(19 * 1024);
    expect(ARGON2_PARAMS.passes).toBeGreaterThanOrEqual(2);
    expect(ARGON2_PARAMS.parallelism).toBe(1);
    const hash = await hashPassword("correct horse battery staple");
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(parseHash(hash)).toMatchObject({ memory: 19456, passes: 2, parallelism: 1 });
  });

  it("salts every hash and verifies only the right password", async () => {
    const a = await hashPassword("correct horse battery staple");
    const b = await hashPassword("correct horse battery staple");
    expect(a).not.toBe(b);
    expect(await verifyPassword({ hash: a, password: "correct horse battery staple" })).toBe(true);
    expect(await verifyPassword({ hash: a, password: "correct horse battery stapler" })).toBe(false);
    expect(await verifyPassword({ hash: a, password: "" })).toBe(false);
  });

  it("refuses anything that is not one of its hashes (e.g. the library's scrypt format)", async () => {
    expect(await verifyPassword({ hash: "abcd:efgh", password: "x" })).toBe(false);
    expect(await verifyPassword({ hash: "$argon2i$v=19$m=19456,t=2,p=1$AAAA$BBBB", password: "x" })).toBe(false);
  });
});
