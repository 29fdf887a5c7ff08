import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { join, resolve } from "node:path";
import pg from "pg";

// The system tests and the performance tooling (perf/) drive the production build (`npm run build`
// first) as real processes: the same `node server.ts` that `npm start` runs, on a free loopback
// port and a database of their own.

export const ROOT = resolve(import.meta.dirname, "..");
export const PG_ADMIN_URL = process.env.TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** A free TCP port on loopback (the kernel picks it; we release it for the child to take). */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

export interface AppProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything the process printed so far (pino JSON lines and anything else). */
  output(): string;
  /** SIGTERM, then wait for the exit; resolves with the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL: no cleanup, as when the machine loses the process. */
  kill(): Promise<void>;
}

export interface StartOptions {
  databaseUrl: string;
  env?: Record<string, string>;
  /** The script to run; server.ts (web + inline worker) by default, worker.ts for the worker alone. */
  entry?: "server.ts" | "worker.ts";
  port?: number;
}

/** Starts the production server and waits until /healthz answers 200. */
export async function startApp(options: StartOptions): Promise<AppProcess> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [options.entry ?? "server.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATABASE_URL: options.databaseUrl,
      // Production needs its public origin; here, the loopback address the tests call.
      SITE_URL: url,
      SEED_DEMO: "1",
      LOG_LEVEL: "info",
      // The demo's outside links stay unasked: nothing here leaves the machine (issue 48).
      LINK_CHECK: "off",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let printed = "";
  child.stdout!.on("data", (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (printed += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));

  const app: AppProcess = {
    url,
    port,
    child,
    output: () => printed,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill("SIGTERM");
      return exited;
    },
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGKILL");
      await exited;
    },
  };
  if (options.entry === "worker.ts") return app;

  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${printed}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return app;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await app.kill();
  throw new Error(`server did not become healthy on ${url}:\n${printed}`);
}

export interface ScratchDb {
  url: string;
  drop(): Promise<void>;
}

/** An empty SQLite file under .cache/system (the server migrates and seeds it at start). */
export function scratchSqlite(label: string): ScratchDb {
  const dir = join(ROOT, ".cache", "system", `${label}-${randomBytes(4).toString("hex")}`);
  mkdirSync(dir, { recursive: true });
  return {
    url: `file:${join(dir, "site.db")}`,
    async drop() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** An empty PostgreSQL database for one test, dropped afterwards. */
export async function scratchPostgres(label: string): Promise<ScratchDb> {
  const name = `gate_sys_${label.replace(/\W/g, "_")}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return {
    url: PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`),
    async drop() {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * Whether a submission marker (`<run>-b<n>` or `<run>-c<n>`) is a booking's. By its last part:
 * the run's random hex may itself start with "b" (1 run in 16 posted every contact as a booking).
 */
export const isBookingMarker = (marker: string) => /-b\d+$/.test(marker);

/** A same-origin form POST, as a browser without JavaScript sends it. */
export function postForm(
  app: AppProcess,
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return fetch(app.url + path, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url, ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}
