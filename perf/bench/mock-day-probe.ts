// Loaded into each server process of the mock-day bench (perf/bench/mock-day.ts) with
// `node --import perf/bench/mock-day-probe.ts server.ts`, to say where a save's time goes without
// touching the app: per request class (save, start, page, other) the time from the request's
// arrival to the last byte of its answer (Node's own http.server diagnostics channels), the event
// loop's delay and utilisation, CPU and GC time, and the time spent in the database driver: the
// better-sqlite3 statement calls (synchronous, on the event loop) or the pg client's queries and
// its pool's waits (asynchronous: wall time, overlapping). The bench starts the server as the
// system tests do (support/app-process.ts) with NODE_OPTIONS=--import=<this file> and
// MOCK_DAY_PROBE=<a file>; at each SIGUSR2 the probe writes the figures since the previous one to
// that file (numbered, written whole) and starts counting anew.
import { AsyncLocalStorage } from "node:async_hooks";
import { subscribe } from "node:diagnostics_channel";
import { renameSync, writeFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createRequire } from "node:module";
import { join } from "node:path";
import { monitorEventLoopDelay, performance, PerformanceObserver, type EventLoopUtilization } from "node:perf_hooks";

export type RequestClass = "save" | "start" | "page" | "other";
export const REQUEST_CLASSES: RequestClass[] = ["save", "start", "page", "other"];

export interface ProbeReport {
  /** How many reports the process wrote, this one included. */
  serial: number;
  wallMs: number;
  cpuUserMs: number;
  cpuSystemMs: number;
  /** Share of the wall time the event loop was busy (0–1). */
  eventLoopUtilization: number;
  eventLoopDelayMs: { p50: number; p99: number; max: number };
  gcMs: number;
  /** Server-side time of each request, ms, by class. */
  requests: Record<RequestClass, number[]>;
  /** Time in the database driver, ms, summed by the class of the request that asked. */
  dbMs: Record<RequestClass | "none", number>;
  dbCalls: Record<RequestClass | "none", number>;
  /** PostgreSQL only: waits for a pooled connection, summed, and the longest. */
  poolWaitMs: number;
  poolWaitMaxMs: number;
  engine: "sqlite" | "postgres" | "none";
}

export function classify(method: string | undefined, url: string | undefined): RequestClass {
  const path = (url ?? "").split("?")[0]!;
  if (!path.startsWith("/tests/")) return "other";
  if (method === "POST" && path.endsWith("/save")) return "save";
  if (method === "POST" && /^\/tests\/[^/]+$/.test(path)) return "start";
  if (method === "GET" && /^\/tests\/[^/]+\/attempt\/[^/]+$/.test(path)) return "page";
  return "other";
}

// Runs only inside the server processes the bench starts.
const target = process.env.MOCK_DAY_PROBE;
if (target) install(target);

function install(file: string) {
  const current = new AsyncLocalStorage<RequestClass>();
  const empty = <T>(value: () => T) =>
    Object.fromEntries([...REQUEST_CLASSES, "none"].map((name) => [name, value()])) as Record<RequestClass | "none", T>;

  let requests: Record<RequestClass, number[]>;
  let dbMs: Record<RequestClass | "none", number>;
  let dbCalls: Record<RequestClass | "none", number>;
  let poolWaitMs = 0;
  let poolWaitMaxMs = 0;
  let gcMs = 0;
  let started = performance.now();
  let cpu = process.cpuUsage();
  let elu: EventLoopUtilization = performance.eventLoopUtilization();
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  let engine: ProbeReport["engine"] = "none";

  function reset() {
    requests = { save: [], start: [], page: [], other: [] };
    dbMs = empty(() => 0);
    dbCalls = empty(() => 0);
    poolWaitMs = 0;
    poolWaitMaxMs = 0;
    gcMs = 0;
    started = performance.now();
    cpu = process.cpuUsage();
    elu = performance.eventLoopUtilization();
    delay.reset();
  }
  reset();

  const addDb = (ms: number) => {
    const name = current.getStore() ?? "none";
    dbMs[name] += ms;
    dbCalls[name]++;
  };

  // A request's class follows everything it awaits: the store is entered where the request
  // arrives, in the callback that then emits it to the server's listener.
  const arrived = new WeakMap<IncomingMessage, { at: number; name: RequestClass }>();
  subscribe("http.server.request.start", (message) => {
    const { request } = message as { request: IncomingMessage };
    const name = classify(request.method, request.url);
    arrived.set(request, { at: performance.now(), name });
    current.enterWith(name);
  });
  subscribe("http.server.response.finish", (message) => {
    const { request } = message as { request: IncomingMessage; response: ServerResponse };
    const seen = arrived.get(request);
    if (seen) requests[seen.name].push(performance.now() - seen.at);
  });

  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gcMs += entry.duration;
  }).observe({ entryTypes: ["gc"] });

  // The app's driver modules, as its bundle loads them from node_modules (one module cache).
  const require = createRequire(join(process.cwd(), "package.json"));
  const database = process.env.DATABASE_URL ?? "";
  if (/^postgres(ql)?:/.test(database)) {
    engine = "postgres";
    const pg = require("pg") as typeof import("pg");
    const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
    pg.Client.prototype.query = function timedQuery(this: unknown, ...args: unknown[]) {
      const at = performance.now();
      const result = query.apply(this, args);
      // Promise form only (Kysely's); callbacks and submittables pass untouched.
      if (result instanceof Promise)
        return result.finally(() => addDb(performance.now() - at)) as ReturnType<typeof query>;
      return result;
    } as typeof pg.Client.prototype.query;
    const connect = pg.Pool.prototype.connect as (...args: unknown[]) => unknown;
    pg.Pool.prototype.connect = function timedConnect(this: unknown, ...args: unknown[]) {
      if (args.length) return connect.apply(this, args);
      const at = performance.now();
      return (connect.call(this) as Promise<unknown>).finally(() => {
        const waited = performance.now() - at;
        poolWaitMs += waited;
        poolWaitMaxMs = Math.max(poolWaitMaxMs, waited);
      });
    } as typeof pg.Pool.prototype.connect;
  } else if (database.startsWith("file:")) {
    engine = "sqlite";
    const SQLite = require("better-sqlite3") as typeof import("better-sqlite3");
    const scratch = new SQLite(":memory:");
    const statement = Object.getPrototypeOf(scratch.prepare("select 1")) as Record<string, unknown>;
    scratch.close();
    for (const method of ["run", "get", "all", "iterate"]) {
      const original = statement[method] as (...args: unknown[]) => unknown;
      statement[method] = function timedStatement(this: unknown, ...args: unknown[]) {
        const at = performance.now();
        try {
          return original.apply(this, args);
        } finally {
          addDb(performance.now() - at);
        }
      };
    }
  }

  let serial = 0;
  const report = (): ProbeReport => {
    const used = process.cpuUsage(cpu);
    return {
      serial,
      wallMs: performance.now() - started,
      cpuUserMs: used.user / 1000,
      cpuSystemMs: used.system / 1000,
      eventLoopUtilization: performance.eventLoopUtilization(elu).utilization,
      eventLoopDelayMs: {
        p50: delay.percentile(50) / 1e6,
        p99: delay.percentile(99) / 1e6,
        max: delay.max / 1e6,
      },
      gcMs,
      requests,
      dbMs,
      dbCalls,
      poolWaitMs,
      poolWaitMaxMs,
      engine,
    };
  };

  process.on("SIGUSR2", () => {
    serial++;
    writeFileSync(`${file}.tmp`, JSON.stringify(report()));
    renameSync(`${file}.tmp`, file);
    reset();
  });
}
