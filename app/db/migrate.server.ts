import { Migrator, type MigrationProvider } from "kysely/migration";
import pg from "pg";
import { parseDatabaseUrl, type DB } from "./client.server";
import { migrations } from "./migrations";

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date; safe to run at every start and from several instances. */
export async function migrateToLatest(db: DB) {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === "Error")?.migrationName;
    throw new Error(`migration ${failed ?? "?"} failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  return results?.filter((r) => r.status === "Success").map((r) => r.migrationName) ?? [];
}

/** Our key for pg_advisory_lock (any constant unused by others; Kysely's migrator has its own). */
const STARTUP_LOCK = "7320260001";

/**
 * Runs the start-up work (migrate, seed) while holding a PostgreSQL advisory lock, so instances
 * starting together take turns (issue 7 "Scale-out"): the demo seed inserts what it finds
 * missing, which is safe only one instance at a time. The lock lives on a connection of its own,
 * outside the pool `work` uses, so even a pool of one cannot deadlock; closing that connection
 * releases it, whatever happens. SQLite has one writer at a time already: `work` runs directly.
 */
export async function whileStartupLocked<T>(databaseUrl: string | undefined, work: () => Promise<T>): Promise<T> {
  const { engine, location } = parseDatabaseUrl(databaseUrl);
  if (engine !== "postgres") return work();
  const client = new pg.Client({ connectionString: location });
  // Losing this connection releases the lock; the start-up then simply finishes unguarded.
  client.on("error", () => {});
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1::bigint)", [STARTUP_LOCK]);
    return await work();
  } finally {
    await client.end().catch(() => {});
  }
}
