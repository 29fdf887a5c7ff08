import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Migrator } from "kysely/migration";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type DB } from "~/db/client.server";
import { migrations } from "~/db/migrations";
import { PG_ADMIN_URL } from "../support/global-setup";

// Migration 0013 (issue 42) on a database that has the rows the catalogue had before it, on each
// engine: the 0 a course sold as a test series stored for each figure left empty becomes null (no
// figure of its own), as does the ₹0 of a paid course that deleting its series left on sale;
// figures staff typed, and free courses' 0, stay.

let db: DB;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  if (process.env.TEST_ENGINE === "postgres") {
    const name = `gate_migration_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    db = createDb(PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`)).db;
    cleanup = async () => {
      await db.destroy();
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  } else {
    const dir = mkdtempSync(join(tmpdir(), "gate-migration-"));
    db = createDb(`file:${join(dir, "db.sqlite")}`).db;
    cleanup = async () => {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    };
  }
});
afterAll(() => cleanup());

const migrator = () => new Migrator({ db, provider: { getMigrations: async () => migrations } });
const stamp = "2026-05-01T00:00:00.000Z";

async function migrateTo(name: string) {
  const { error } = await migrator().migrateTo(name);
  if (error) throw error;
}

/** A course row as the tables were before 0013: every figure a number. */
function course(id: number, title: string, fields: Record<string, unknown>) {
  return {
    id,
    title,
    is_free: false,
    image: "/images/catalog/gate-ch.svg",
    purchase_url: null,
    description: "A course.",
    learn_points: "[]",
    duration: "12 months",
    expiry: "1 year from purchase",
    videos: 0,
    display_order: id,
    created_at: stamp,
    updated_at: stamp,
    ...fields,
  };
}

const figures = () =>
  db.selectFrom("courses").select(["id", "price", "original_price", "tests", "students"]).orderBy("id").execute();

describe(`migration 0013 on ${process.env.TEST_ENGINE}`, () => {
  it("empties the figures a course never had, and keeps those it has", async () => {
    await migrateTo("0012-hero-banner-links");
    await db
      .insertInto("test_series")
      .values({
        id: 1,
        title: "GATE 2027",
        tests: 150,
        price: 1499,
        original_price: 3010,
        students: 1200,
        validity_months: 12,
        description: "Tests.",
        purchase_url: null,
        features: "[]",
        image: "/images/catalog/gate-ch.svg",
        display_order: 1,
        created_at: stamp,
        updated_at: stamp,
      } as never)
      .execute();
    const zero = { price: 0, original_price: 0, tests: 0, students: 0 };
    await db
      .insertInto("courses")
      .values([
        // Sold as the series, its figures left empty: the form stored 0 for each.
        course(2, "Sold as a series, empty", { test_series_id: 1, ...zero }),
        // Sold as the series with figures staff typed (the seed copies the series'): kept.
        course(3, "Sold as a series, typed", {
          test_series_id: 1,
          price: 1499,
          original_price: 3010,
          tests: 150,
          students: 0,
        }),
        // What deleting its series left: on its own at ₹0.
        course(4, "Left by a deleted series", { test_series_id: null, ...zero }),
        // Free courses show no price: their 0 is theirs.
        course(5, "Free sample", {
          test_series_id: null,
          is_free: true,
          price: 0,
          original_price: 0,
          tests: 5,
          students: 0,
        }),
        course(6, "On its own", { test_series_id: null, price: 999, original_price: 1999, tests: 10, students: 0 }),
      ] as never)
      .execute();

    await migrateTo("0013-course-own-figures");
    expect(await figures()).toEqual([
      { id: 2, price: null, original_price: null, tests: null, students: null },
      { id: 3, price: 1499, original_price: 3010, tests: 150, students: null },
      { id: 4, price: null, original_price: null, tests: 0, students: 0 },
      { id: 5, price: 0, original_price: 0, tests: 5, students: 0 },
      { id: 6, price: 999, original_price: 1999, tests: 10, students: 0 },
    ]);
    // The columns take null from now on.
    await db.updateTable("courses").set({ price: null }).where("id", "=", 6).execute();
    expect((await figures())[4]).toMatchObject({ id: 6, price: null });
  });

  it("goes back down to numbers, 0 for none", async () => {
    await migrateTo("0012-hero-banner-links");
    expect((await figures())[0]).toEqual({ id: 2, price: 0, original_price: 0, tests: 0, students: 0 });
    await expect(db.updateTable("courses").set({ price: null }).where("id", "=", 2).execute()).rejects.toThrow();
    await migrateTo("0013-course-own-figures");
  });
});
