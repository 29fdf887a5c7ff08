// `npm run db:backup [-- --out file | --dir directory] [--keep n]`: a consistent copy of the
// SQLite database named by DATABASE_URL (default data/site.db), taken while the site is serving.
//
// SQLite's online backup API copies the pages under one read transaction: in WAL mode the server
// keeps reading and writing meanwhile, and the copy is the database as of one instant. The copy is
// written under a temporary name, switched to a self-contained single file (no -wal beside it),
// checked with integrity_check, and only then given its final name. Default name:
// backups/<db name>-<UTC time>.db. --keep n then deletes all but the n newest such files.
// PostgreSQL: refused, with the pg_dump command to use (docs/deploy.md).
import Database from "better-sqlite3";
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import { basename, dirname, extname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { formatBytes, integrityProblems, Refusal, sqliteFile } from "./db-files";

if (existsSync(".env")) process.loadEnvFile(".env");

function options() {
  const { values } = parseArgs({
    options: { out: { type: "string" }, dir: { type: "string" }, keep: { type: "string" } },
    strict: true,
  });
  const keep = values.keep === undefined ? undefined : Number(values.keep);
  if (keep !== undefined && !(Number.isInteger(keep) && keep >= 1))
    throw new Refusal("--keep takes a whole number of at least 1");
  if (values.out && (values.dir || keep))
    throw new Refusal("--out names one file: it does not go with --dir or --keep");
  return { out: values.out, dir: values.dir ?? "backups", keep };
}

/** Copies every page in a single step, so the copy is one snapshot and never restarts midway. */
async function copyDatabase(source: string, target: string) {
  const db = new Database(source, { readonly: true, fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    await db.backup(target, { progress: ({ remainingPages }) => Math.max(remainingPages, 100) });
  } finally {
    db.close();
  }
  // The copy carries the source's WAL flag; a backup is better as one file that opens anywhere.
  const copy = new Database(target);
  try {
    copy.pragma("journal_mode = DELETE");
  } finally {
    copy.close();
  }
}

/** Older backups of this database in `dir` beyond the newest `keep`; names sort by time. */
function prune(dir: string, stem: string, keep: number) {
  const pattern = new RegExp(`^${stem.replace(/\W/g, "\\$&")}-\\d{4}-\\d{2}-\\d{2}T[\\d.-]+Z\\.db$`);
  const ours = readdirSync(dir)
    .filter((name) => pattern.test(name))
    .sort();
  const removed = ours.slice(0, Math.max(0, ours.length - keep));
  for (const name of removed) rmSync(join(dir, name));
  return removed;
}

async function run() {
  const { out, dir, keep } = options();
  const source = sqliteFile(process.env.DATABASE_URL, "backup");
  if (!existsSync(source)) throw new Refusal(`no database at ${source}: nothing to back up`);

  const stem = basename(source, extname(source));
  const target = resolve(out ?? join(dir, `${stem}-${new Date().toISOString().replace(/:/g, "-")}.db`));
  if (existsSync(target)) throw new Refusal(`${target} already exists; choose another --out`);
  mkdirSync(dirname(target), { recursive: true });
  const partial = `${target}.partial`;
  rmSync(partial, { force: true });

  const started = performance.now();
  try {
    await copyDatabase(source, partial);
    const problems = integrityProblems(partial);
    if (problems.length) throw new Error(`the copy failed its integrity check: ${problems.slice(0, 5).join("; ")}`);
    renameSync(partial, target);
  } finally {
    rmSync(partial, { force: true });
    rmSync(`${partial}-journal`, { force: true });
  }
  const ms = Math.round(performance.now() - started);
  console.log(`backup: ${target} (${formatBytes(statSync(target).size)}, integrity ok, ${ms} ms)`);

  if (keep) {
    for (const name of prune(dirname(target), stem, keep))
      console.log(`removed old backup: ${join(dirname(target), name)}`);
  }
}

try {
  await run();
} catch (error) {
  console.error(`db:backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = error instanceof Refusal ? 2 : 1;
}
