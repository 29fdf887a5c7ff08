import { defineConfig } from "vitest/config";

// Unit tests are pure logic. Integration tests run twice, once per engine (DESIGN §5); each
// test file gets its own database copied from one migrated template (STYLE §7).
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    env: { NODE_ENV: "test", LOG_LEVEL: "silent" },
    projects: [
      { extends: true, test: { name: "unit", include: ["tests/unit/**/*.test.{ts,tsx}"] } },
      {
        extends: true,
        test: {
          name: "integration-sqlite",
          include: ["tests/integration/**/*.test.ts"],
          env: { TEST_ENGINE: "sqlite" },
          globalSetup: ["tests/support/global-setup.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "integration-postgres",
          include: ["tests/integration/**/*.test.ts"],
          env: { TEST_ENGINE: "postgres" },
          globalSetup: ["tests/support/global-setup.ts"],
        },
      },
    ],
  },
});
