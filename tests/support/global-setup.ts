import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { createDb } from "~/db/client.server";
import { migrateToLatest } from "~/db/migrate.server";

export const PG_ADMIN_URL = process.env.TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/**
 * Migrates one template database per run: a SQLite file, or a PostgreSQL database named for
 * this run. Test files copy it (tests/support/test-db.ts); teardown drops everything.
 */
export default async function setup(project: TestProject) {
  const engine = project.config.env?.TEST_ENGINE ?? process.env.TEST_ENGINE ?? "sqlite";
  if (engine === "postgres") {
    const name = `gate_test_${process.pid}_${randomBytes(3).toString("hex")}`;
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
    const { db } = createDb(url);
    await migrateToLatest(db);
    await db.destroy();
    project.provide("templateDb", name);
    return async () => {
      // Copies made by test files are dropped by the files; sweep any left by a crashed worker.
      const left = await admin.query<{ datname: string }>("select datname from pg_database where datname like $1", [
        `${name}%`,
      ]);
      for (const { datname } of left.rows) await admin.query(`drop database if exists ${datname} with (force)`);
      await admin.end();
    };
  }
  const dir = mkdtempSync(join(tmpdir(), "gate-test-"));
  const file = join(dir, "template.db");
  const { db } = createDb(`file:${file}`);
  await migrateToLatest(db);
  await db.destroy();
  project.provide("templateDb", file);
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    templateDb: string;
  }
}
