import { defineConfig } from "vitest/config";

// Unit tests are pure logic. Integration tests run twice, once per engine (DESIGN §5); each
// test file gets its own database copied from one migrated template (STYLE §7). System tests
// run the built server as processes, so scripts/test.sh runs them after the build.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    env: { NODE_ENV: "test", LOG_LEVEL: "silent" },
    // One worker per core. Vitest's default leaves a core free (one worker on a 2-core machine),
    // while an integration test waits on PostgreSQL as much as it computes: the unit lane took
    // 254 s with one worker and 157 s with two on this 2-core host (three: 153 s).
    maxWorkers: "100%",
    projects: [
      // Unit tests of the tooling's own logic sit beside it (perf/**/*.unit.test.ts): the tests under
      // tests/ never import perf/ (tests/unit/layers.test.ts).
      {
        extends: true,
        test: { name: "unit", include: ["tests/unit/**/*.test.{ts,tsx}", "perf/**/*.unit.test.ts"] },
      },
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
      {
        // Whole processes of the production build (run after `npm run build`): crashes, restarts,
        // several instances, nginx in front. support/app-process.ts.
        extends: true,
        test: {
          name: "system",
          include: ["tests/system/**/*.test.ts"],
          testTimeout: 180_000,
          hookTimeout: 120_000,
          maxWorkers: 2,
        },
      },
      {
        // The performance lane, `npm run test:perf` (after `npm run build`), not part of `npm test`:
        // Lighthouse's pass, the short soak and the public pages' first taps (perf/README.md). One
        // file at a time, so that none measures the machine while another loads it.
        extends: true,
        test: {
          name: "perf",
          include: ["perf/**/*.test.ts"],
          exclude: ["perf/**/*.unit.test.ts"],
          testTimeout: 180_000,
          hookTimeout: 120_000,
          maxWorkers: 1,
        },
      },
    ],
  },
});
