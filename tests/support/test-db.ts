import { randomBytes } from "node:crypto";
import { copyFileSync, rmSync } from "node:fs";
import pg from "pg";
import { inject } from "vitest";
import { createDb, type DB, type Engine } from "~/db/client.server";
import { PG_ADMIN_URL } from "./global-setup";

export interface TestDb {
  db: DB;
  engine: Engine;
  url: string;
  cleanup(): Promise<void>;
}

/** A fresh, migrated database for one test file, on the engine of this test project. */
export async function openTestDb(): Promise<TestDb> {
  const template = inject("templateDb");
  if (process.env.TEST_ENGINE === "postgres") {
    const name = `${template}_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    await admin.end();
    const url = PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
    const { db, engine } = createDb(url);
    return {
      db,
      engine,
      url,
      async cleanup() {
        await db.destroy();
        const c = new pg.Client({ connectionString: PG_ADMIN_URL });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      },
    };
  }
  const file = template.replace(/template\.db$/, `${randomBytes(4).toString("hex")}.db`);
  copyFileSync(template, file);
  const url = `file:${file}`;
  const { db, engine } = createDb(url);
  return {
    db,
    engine,
    url,
    async cleanup() {
      await db.destroy();
      for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
    },
  };
}
