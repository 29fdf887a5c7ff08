// What `db:backup` and `db:restore` share: which SQLite file DATABASE_URL names, the PostgreSQL
// commands to use instead (docs/deploy.md gives the same), and the check that a copy is whole.
import Database from "better-sqlite3";
import { existsSync } from "node:fs";
import { parseDatabaseUrl } from "~/db/client.server";

/** The commands for PostgreSQL, where these scripts do not apply (docs/deploy.md "Backups"). */
export const postgresCommands = {
  backup: 'pg_dump --format=custom --no-owner --file="backups/gate-$(date +%Y%m%d-%H%M%S).dump" "$DATABASE_URL"',
  restore:
    'pg_restore --clean --if-exists --no-owner --single-transaction --exit-on-error --dbname="$DATABASE_URL" <file.dump>',
};

export class Refusal extends Error {}

/** The SQLite file named by DATABASE_URL (default data/site.db); refuses PostgreSQL and :memory:. */
export function sqliteFile(url: string | undefined, job: "backup" | "restore"): string {
  const { engine, location } = parseDatabaseUrl(url);
  if (engine === "postgres") {
    throw new Refusal(
      `DATABASE_URL is a PostgreSQL database: db:${job} is for SQLite. Use PostgreSQL's own tool:\n  ${postgresCommands[job]}`,
    );
  }
  if (location === ":memory:") throw new Refusal("DATABASE_URL is an in-memory database: there is nothing to " + job);
  return location;
}

/** Runs SQLite's full integrity check on a file, read-only; returns the problems found (none: []). */
export function integrityProblems(path: string): string[] {
  if (!existsSync(path)) return [`${path} does not exist`];
  let db: Database.Database | undefined;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    const rows = db.pragma("integrity_check") as { integrity_check: string }[];
    const problems = rows.map((r) => r.integrity_check).filter((r) => r !== "ok");
    // A file of ours has the migrations table; anything else is not a copy of this site's database.
    const migrated = db.prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'").get();
    if (!migrated) problems.push("not this site's database (no kysely_migration table)");
    return problems;
  } catch (error) {
    return [error instanceof Error ? error.message : String(error)];
  } finally {
    db?.close();
  }
}

export function formatBytes(bytes: number) {
  return bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KiB` : `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
