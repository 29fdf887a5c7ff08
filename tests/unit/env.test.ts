import { describe, expect, it } from "vitest";
import { parseEnv } from "~/core/env.server";

// The one validated reading of the environment (STYLE §12): defaults as .env.example and
// docs/deploy.md give them, and a wrong value refused with every problem named at once.

describe("parseEnv", () => {
  it("fills in the documented defaults", () => {
    expect(parseEnv({})).toMatchObject({
      NODE_ENV: "development",
      PORT: 3000,
      BUILD_DIR: "build",
      DATABASE_POOL_SIZE: 10,
      AUTH_DATABASE_POOL_SIZE: 4,
      SEED_DEMO: false,
      PAGE_CACHE: "on",
      TRUST_PROXY: false,
      OUTBOX_WORKER: "inline",
      LINK_CHECK: "on",
      LINK_CHECK_EVERY_HOURS: 24,
      LINK_CHECK_TIMEOUT_MS: 10_000,
      LINK_CHECK_MAX_PER_RUN: 100,
    });
  });

  it("reads the switches and sizes the server and the pools use", () => {
    expect(
      parseEnv({ SEED_DEMO: "1", PAGE_CACHE: "off", BUILD_DIR: "build-x", DATABASE_POOL_SIZE: "3", BRAND_NAME: "X" }),
    ).toMatchObject({
      SEED_DEMO: true,
      PAGE_CACHE: "off",
      BUILD_DIR: "build-x",
      DATABASE_POOL_SIZE: 3,
      BRAND_NAME: "X",
    });
  });

  it("names every wrong value at once", () => {
    const wrong = { PAGE_CACHE: "no", SEED_DEMO: "yes", AUTH_DATABASE_POOL_SIZE: "0" };
    const message = (() => {
      try {
        parseEnv(wrong);
        return "accepted";
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(message).toMatch(/^Invalid environment:/);
    for (const name of Object.keys(wrong)) expect(message).toContain(`  ${name}: `);
  });
});
