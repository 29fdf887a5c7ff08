import { Migrator, type MigrationProvider } from "kysely/migration";
import type { DB } from "./client.server";
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
