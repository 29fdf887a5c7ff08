import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { parseArgs, type ParseArgsOptionsConfig } from "node:util";
import { ROOT } from "../../support/app-process.ts";

// What the benches that run the production build on both engines share (mock-day.ts, digest.ts):
// their command line (the options each takes, --help, the usage on a wrong one), the build they
// make first, the machine line they start with, and the quantiles of their figures.

export type Engine = "sqlite" | "postgres";

/** The options every such bench takes besides its own. */
const sharedOptions = {
  engines: { type: "string", default: "sqlite,postgres" },
  "no-build": { type: "boolean", default: false },
  json: { type: "boolean", default: false },
  help: { type: "boolean", default: false },
} as const satisfies ParseArgsOptionsConfig;

/**
 * The bench's own options and the shared ones, parsed strictly: --help prints `usage` and exits;
 * an unknown option, or one without its value, is said with the usage and exits 2.
 */
export function parseBenchArgs<const T extends ParseArgsOptionsConfig>(options: T, usage: string) {
  const config = { options: { ...sharedOptions, ...options }, strict: true } as const;
  let values: ReturnType<typeof parseArgs<typeof config>>["values"];
  try {
    values = parseArgs(config).values;
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return usageError(usage);
  }
  // Read apart: the values' type stays open until the bench's own options are known.
  if ((values as { help?: boolean }).help) {
    console.log(usage);
    process.exit(0);
  }
  return values;
}

/** A value out of its range: the usage on stderr, exit code 2. */
export function usageError(usage: string): never {
  console.error(usage);
  process.exit(2);
}

/** The production build into BUILD_DIR (default build/), made first unless --no-build; it must be there. */
export function buildFirst(noBuild: boolean, log: (line: string) => void) {
  const dir = process.env.BUILD_DIR ?? "build";
  if (!noBuild) {
    log(`building into ${dir}/…`);
    const build = spawnSync("npm", ["run", "--silent", "build"], { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] });
    if (build.status !== 0) throw new Error("the build failed");
  }
  if (!existsSync(join(ROOT, dir, "server", "index.js")))
    throw new Error("no build: run `npm run build` or leave out --no-build");
}

/** The line a run starts with: node, CPUs and the load average (of the last minute unless given). */
export const machineLine = (load = loadavg()[0]!) =>
  `node ${process.version}; ${cpus().length} CPUs; load average ${load.toFixed(1)}`;

/** The q-quantile (0..1), nearest rank; NaN for none. */
export function quantile(samples: readonly number[], q: number) {
  if (samples.length === 0) return Number.NaN;
  const sorted = samples.toSorted((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}
