// `npm run db:restore -- <backup file>`: puts a backup made by `db:backup` in place of the SQLite
// database named by DATABASE_URL (default data/site.db). Stop the server first (docs/deploy.md):
// the restore refuses while any process has the database open.
//
// Order of work, so that a failure at any step leaves the current database untouched:
//  1. the backup must pass integrity_check and be this site's database;
//  2. the current database must be closed by everyone: leaving WAL mode needs the only
//     connection, so a running server makes this step fail; it also folds the -wal into the file;
//  3. the backup is copied next to the database under a temporary name (with SQLite's backup API,
//     so a backup file that still has its own -wal is copied whole) and checked again;
//  4. the current file is kept as <name>.before-restore (an older one is renamed with its date),
//     stale -wal/-shm files are removed (SQLite would replay them into the new file), and the copy
//     is renamed over the database: one atomic step.
// PostgreSQL: refused, with the pg_restore command to use.
import Database from "better-sqlite3";
import { copyFileSync, existsSync, linkSync, renameSync, rmSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { formatBytes, integrityProblems, Refusal, sqliteFile } from "./db-files";

if (existsSync(".env")) process.loadEnvFile(".env");

/** Fails when another connection has the database open (a running server, a script). */
function takeOver(path: string) {
  const db = new Database(path, { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 0");
    db.pragma("journal_mode = DELETE");
    const [row] = db.pragma("journal_mode") as { journal_mode: string }[];
    if (row?.journal_mode !== "delete") throw new Error(`journal mode stayed ${row?.journal_mode}`);
  } catch (error) {
    throw new Refusal(
      `${path} is in use (${error instanceof Error ? error.message : String(error)}). ` +
        "Stop the server (and the worker, and any script on this database) first, then restore.",
      { cause: error },
    );
  } finally {
    db.close();
  }
}

async function copyDatabase(source: string, target: string) {
  const db = new Database(source, { readonly: true, fileMustExist: true });
  try {
    await db.backup(target, { progress: ({ remainingPages }) => Math.max(remainingPages, 100) });
  } finally {
    db.close();
  }
}

async function run() {
  const { positionals } = parseArgs({ allowPositionals: true, strict: true });
  if (positionals.length !== 1) throw new Refusal("give one backup file: npm run db:restore -- backups/site-….db");
  const backup = resolve(positionals[0]!);
  const target = sqliteFile(process.env.DATABASE_URL, "restore");
  if (backup === target) throw new Refusal("the backup is the database itself");

  const problems = integrityProblems(backup);
  if (problems.length) throw new Refusal(`${backup} is not a sound backup: ${problems.slice(0, 5).join("; ")}`);

  const exists = existsSync(target);
  if (exists) takeOver(target);

  const incoming = `${target}.restore-tmp`;
  rmSync(incoming, { force: true });
  try {
    await copyDatabase(backup, incoming);
    const copied = integrityProblems(incoming);
    if (copied.length) throw new Error(`the copy at ${incoming} failed its check: ${copied.slice(0, 5).join("; ")}`);

    let kept: string | undefined;
    if (exists) {
      kept = `${target}.before-restore`;
      if (existsSync(kept)) renameSync(kept, `${kept}-${statSync(kept).mtime.toISOString().replace(/:/g, "-")}`);
      // A second name for the current file; the rename below then swaps the database in one step.
      try {
        linkSync(target, kept);
      } catch {
        copyFileSync(target, kept);
      }
    }
    for (const suffix of ["-wal", "-shm", "-journal"]) rmSync(`${target}${suffix}`, { force: true });
    renameSync(incoming, target);
    console.log(`restored: ${target} from ${backup} (${formatBytes(statSync(target).size)}, integrity ok)`);
    if (kept) console.log(`the database it replaced: ${kept}`);
  } finally {
    for (const suffix of ["", "-journal", "-wal", "-shm"]) rmSync(`${incoming}${suffix}`, { force: true });
  }
}

try {
  await run();
} catch (error) {
  console.error(`db:restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = error instanceof Refusal ? 2 : 1;
}
