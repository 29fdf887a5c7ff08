import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { contactMessages } from "~/lib/forms/messages";
import { parseDatabaseUrl } from "~/db/client.server";
import { postgresCommands } from "../../scripts/db-files";
import { postForm, ROOT, scratchPostgres, scratchSqlite, startApp, type AppProcess } from "../../support/app-process";

// Issue 7 "Backups": `npm run db:backup` copies the SQLite database while the site is serving and
// `npm run db:restore` puts a copy back; for PostgreSQL both point to pg_dump/pg_restore, whose
// exact commands (docs/deploy.md) are run here too.

interface ScriptResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs scripts/<name>.ts as `npm run db:…` does (tsx), without blocking this process. */
function runScript(
  name: "db-backup" | "db-restore" | "db-migrate",
  args: string[],
  databaseUrl: string,
): Promise<ScriptResult> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ["--import", "tsx", `scripts/${name}.ts`, ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: "silent" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("exit", (code) => done({ code, stdout, stderr }));
  });
}

function read<T>(file: string, statement: string): T[] {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(statement).all() as T[];
  } finally {
    db.close();
  }
}

const integrity = (file: string) => read<{ integrity_check: string }>(file, "pragma integrity_check");
const messagesIn = (file: string) =>
  new Set(read<{ message: string }>(file, "select message from contact_messages").map((r) => r.message));

const homePage = async (app: AppProcess) => (await fetch(app.url + "/")).text();

async function query(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

/** Visitors sending the contact form without pause until stopped; each acknowledgement timed. */
function contactLoad(app: AppProcess, run: string, visitors = 3) {
  const acknowledged: { message: string; at: number }[] = [];
  const state = { stopped: false };
  let n = 0;
  const visitor = async () => {
    while (!state.stopped) {
      const message = `Backup run ${run} message ${n++}.`;
      const response = await postForm(app, "/contact", {
        name: "Backup Visitor",
        email: "visitor@example.com",
        phone: "+91 98765 43210",
        message,
        website: "",
      });
      const body = await response.text();
      if (response.status === 200 && body.includes(contactMessages.success))
        acknowledged.push({ message, at: performance.now() });
      else throw new Error(`contact form answered ${response.status}`);
    }
  };
  const running = Promise.all(Array.from({ length: visitors }, visitor));
  return {
    acknowledged,
    async stop() {
      state.stopped = true;
      await running;
    },
  };
}

describe("db:backup and db:restore on SQLite", () => {
  it("backs up consistently while the site takes submissions, and restores that state after a stop", async () => {
    const database = scratchSqlite("backup");
    const file = parseDatabaseUrl(database.url).location;
    const backups = join(dirname(file), "backups");
    const run = randomBytes(3).toString("hex");
    let app = await startApp({ databaseUrl: database.url, env: { PUBLIC_FORM_RATE_LIMIT: "100000" } });
    try {
      const load = contactLoad(app, run);
      while (load.acknowledged.length < 20) await new Promise((r) => setTimeout(r, 20));

      const began = performance.now();
      const backup = await runScript("db-backup", ["--dir", backups], database.url);
      const ended = performance.now();
      // The site kept answering while the backup ran.
      while (!load.acknowledged.some((s) => s.at > ended)) await new Promise((r) => setTimeout(r, 20));
      await load.stop();

      expect(backup.code, backup.stderr).toBe(0);
      const [written] = readdirSync(backups);
      expect(written).toMatch(/^site-\d{4}-\d{2}-\d{2}T[\d-]+\.\d{3}Z\.db$/);
      const copy = join(backups, written!);
      expect(backup.stdout).toContain(copy);
      expect(backup.stdout).toContain("integrity ok");
      expect(integrity(copy)).toEqual([{ integrity_check: "ok" }]);
      // A single file: nothing of the copy lives in a -wal beside it.
      expect(existsSync(`${copy}-wal`)).toBe(false);
      expect(read<{ journal_mode: string }>(copy, "pragma journal_mode")).toEqual([{ journal_mode: "delete" }]);

      const inCopy = messagesIn(copy);
      const before = load.acknowledged.filter((s) => s.at < began).map((s) => s.message);
      expect(before.length).toBeGreaterThanOrEqual(20);
      expect(before.filter((m) => !inCopy.has(m))).toEqual([]);
      const during = load.acknowledged.filter((s) => s.at >= began && s.at <= ended).length;
      console.log(
        `backup: ${before.length} submissions before it began, ${during} acknowledged while it ran; ${inCopy.size} in the copy`,
      );

      // While the server runs, a restore is refused and changes nothing.
      const refused = await runScript("db-restore", [copy], database.url);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toMatch(/in use.*Stop the server/s);
      expect(existsSync(`${file}.before-restore`)).toBe(false);
      expect(await homePage(app)).toContain("GATE CH Academy");

      expect(await app.stop()).toBe(0);
      // Changes after the backup: a new brand and every message gone.
      const db = new Database(file);
      db.prepare("update site_settings set value = ? where key = 'brand_name'").run(`After Backup ${run}`);
      db.prepare("delete from contact_messages").run();
      db.close();

      const restored = await runScript("db-restore", [copy], database.url);
      expect(restored.code, restored.stderr).toBe(0);
      expect(restored.stdout).toContain(`the database it replaced: ${file}.before-restore`);
      expect(messagesIn(`${file}.before-restore`).size).toBe(0);
      for (const suffix of ["-wal", "-shm", ".restore-tmp"]) expect(existsSync(file + suffix)).toBe(false);

      app = await startApp({ databaseUrl: database.url });
      const home = await homePage(app);
      expect(home).toContain("GATE CH Academy");
      expect(home).not.toContain(`After Backup ${run}`);
      await app.stop();
      expect(messagesIn(file)).toEqual(inCopy);

      // A second backup with --keep 1 leaves only itself.
      const second = await runScript("db-backup", ["--dir", backups, "--keep", "1"], database.url);
      expect(second.code, second.stderr).toBe(0);
      expect(second.stdout).toContain(`removed old backup: ${copy}`);
      expect(readdirSync(backups)).toHaveLength(1);
      expect(readdirSync(backups)[0]).not.toBe(written);
    } finally {
      await app.kill();
      await database.drop();
    }
  });

  it("refuses a file that is not a sound backup of this site, and leaves the database alone", async () => {
    const database = scratchSqlite("restore-refuse");
    const file = parseDatabaseUrl(database.url).location;
    try {
      // The database the restores must leave alone.
      const current = new Database(file);
      current.exec("create table notes (text); insert into notes values ('still here')");
      current.close();
      const before = readFileSync(file);
      const garbage = join(dirname(file), "garbage.db");
      writeFileSync(garbage, "this is not a database".repeat(100));
      const other = join(dirname(file), "other.db");
      new Database(other).exec("create table notes (text)");

      const cases = [
        [garbage, /not a sound backup/],
        [other, /not this site's database/],
        [join(dirname(file), "missing.db"), /does not exist/],
      ] as const;
      const results = await Promise.all(cases.map(([candidate]) => runScript("db-restore", [candidate], database.url)));
      for (const [i, result] of results.entries()) {
        expect(result.code).toBe(2);
        expect(result.stderr).toMatch(cases[i]![1]);
      }
      expect(existsSync(`${file}.before-restore`)).toBe(false);
      expect(readFileSync(file).equals(before)).toBe(true);
    } finally {
      await database.drop();
    }
  });
});

describe("PostgreSQL backups", () => {
  it("db:backup and db:restore refuse and print the pg_dump / pg_restore commands, which work as documented", async () => {
    const database = await scratchPostgres("backup");
    const work = join(ROOT, ".cache", "system", `pg-backup-${randomBytes(4).toString("hex")}`);
    mkdirSync(work, { recursive: true });
    try {
      // The refusals, and a migrated database for the commands, side by side.
      const [backup, restore, migrate] = await Promise.all([
        runScript("db-backup", [], database.url),
        runScript("db-restore", ["x.dump"], database.url),
        runScript("db-migrate", [], database.url),
      ]);
      expect(backup.code).toBe(2);
      expect(backup.stderr).toContain(postgresCommands.backup);
      expect(restore.code).toBe(2);
      expect(restore.stderr).toContain(postgresCommands.restore);
      expect(migrate.code, migrate.stderr).toBe(0);
      // docs/deploy.md gives the same commands, word for word.
      const guide = readFileSync(join(ROOT, "docs/deploy.md"), "utf8");
      expect(guide).toContain(postgresCommands.backup);
      expect(guide).toContain(postgresCommands.restore);

      // The commands themselves: dump, change, restore → as dumped.
      const shell = (command: string) =>
        execFileSync("bash", ["-euo", "pipefail", "-c", command], {
          cwd: work,
          env: { ...process.env, DATABASE_URL: database.url },
          stdio: "pipe",
        });
      mkdirSync(join(work, "backups"));
      shell(postgresCommands.backup);
      const [dump] = readdirSync(join(work, "backups"));
      expect(dump).toMatch(/^gate-\d{8}-\d{6}\.dump$/);

      const original = await query(database.url, "select value from site_settings where key = 'brand_name'");
      expect(original).toHaveLength(1);
      await query(database.url, "update site_settings set value = 'Changed After Dump' where key = 'brand_name'");
      shell(postgresCommands.restore.replace("<file.dump>", `backups/${dump}`));
      expect(await query(database.url, "select value from site_settings where key = 'brand_name'")).toEqual(original);
    } finally {
      rmSync(work, { recursive: true, force: true });
      await database.drop();
    }
  });
});
