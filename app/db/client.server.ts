import SQLite from "better-sqlite3";
import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import { env } from "~/core/env.server";
import { logger } from "~/core/logger.server";
import type { Database } from "./schema";
import { bindBooleans, SqliteBooleanResults } from "./sqlite-booleans.server";

export type DB = Kysely<Database>;
export type Engine = "sqlite" | "postgres";

// Our pool reads timestamptz/timestamp as ISO strings, the shape SQLite stores, and bigint
// counts as numbers (our tables never approach 2^53 rows). Set per pool, not globally, so a
// library with its own pool (the auth library expects Date objects) is unaffected.
const appTypeParsers: Record<number, (value: string) => unknown> = {
  1184: (value) => new Date(value).toISOString(),
  1114: (value) => new Date(`${value}Z`).toISOString(),
  20: (value) => Number(value),
};
const appTypes = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    return appTypeParsers[oid] ?? pg.types.getTypeParser(oid, format as "text");
  },
};

/** Which engine and where, from DATABASE_URL (unset: data/site.db). */
export function parseDatabaseUrl(url: string | undefined): { engine: Engine; location: string } {
  if (!url) return { engine: "sqlite", location: resolve("data/site.db") };
  if (/^postgres(ql)?:\/\//.test(url)) return { engine: "postgres", location: url };
  if (url.startsWith("file:")) {
    const path = url.slice("file:".length).replace(/^\/\/(?=\/)/, "");
    return { engine: "sqlite", location: path === ":memory:" ? path : resolve(path) };
  }
  throw new Error(`DATABASE_URL must be a postgres:// or file: URL, got "${url.split(":")[0]}:…"`);
}

/** A database at `url` (DATABASE_URL's when omitted); `poolSize` connections on PostgreSQL (pg's default: 10). */
export function createDb(url: string | undefined = env().DATABASE_URL, poolSize?: number): { db: DB; engine: Engine } {
  const { engine, location } = parseDatabaseUrl(url);
  if (engine === "postgres") {
    const pool = new pg.Pool({
      connectionString: location,
      max: poolSize,
      types: appTypes as pg.CustomTypesConfig,
    });
    // An idle connection dropped by the server (restart, failover) must not crash the process;
    // the pool replaces it on next use.
    pool.on("error", (error) => logger.warn({ err: error }, "idle PostgreSQL connection lost"));
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), engine };
  }
  if (location !== ":memory:") mkdirSync(dirname(location), { recursive: true });
  const database = new SQLite(location);
  database.pragma("journal_mode = WAL");
  database.pragma("busy_timeout = 5000");
  database.pragma("foreign_keys = ON");
  database.pragma("synchronous = NORMAL");
  return {
    db: new Kysely<Database>({
      dialect: new SqliteDialect({ database: bindBooleans(database) }),
      plugins: [new SqliteBooleanResults()],
    }),
    engine,
  };
}

let shared: { db: DB; engine: Engine } | undefined;

/** The process-wide database (DATABASE_URL, DATABASE_POOL_SIZE), opened on first use. */
function openShared() {
  shared ??= createDb(env().DATABASE_URL, env().DATABASE_POOL_SIZE);
  return shared;
}

/**
 * For the process's edges only: server boot and its request listener, the workers, scripts. A
 * request's loaders and actions get theirs from the router context (dbContext in
 * ~/lib/request-context), and the library functions they call take it as a parameter, so a test
 * hands each request its own database.
 */
export function getDb(): DB {
  return openShared().db;
}

export function getEngine(): Engine {
  return openShared().engine;
}

export async function closeDb() {
  if (shared) await shared.db.destroy();
  shared = undefined;
}

/** True on PostgreSQL, for the rare query that needs engine-specific locking. */
export function isPostgres(db: Kysely<any>) {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
