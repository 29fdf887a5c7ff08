import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDb, type TestDb } from "../support/test-db";

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(() => t.cleanup());

const now = new Date("2026-11-27T00:00:00.000Z").toISOString();
const stamps = { created_at: now, updated_at: now };

async function addPaper(code: string) {
  const { id } = await t.db
    .insertInto("gate_papers")
    .values({ code, name: `${code} paper`, display_order: 1, ...stamps })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

describe(`GATE data tables on ${process.env.TEST_ENGINE}`, () => {
  it("reads marks back exactly as written (27.7 stays 27.7)", async () => {
    const paperId = await addPaper("T1");
    await t.db
      .insertInto("gate_paper_years")
      .values({ paper_id: paperId, year: 2025, qualifying_general: 27.7, qualifying_obc_ews: 24.9, ...stamps })
      .execute();
    const row = await t.db
      .selectFrom("gate_paper_years")
      .select(["qualifying_general", "qualifying_obc_ews", "qualifying_sc_st_pwd", "is_qualifying_verified"])
      .where("paper_id", "=", paperId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      qualifying_general: 27.7,
      qualifying_obc_ews: 24.9,
      qualifying_sc_st_pwd: null,
      is_qualifying_verified: false,
    });
  });

  it("holds one row per paper and year", async () => {
    const paperId = await addPaper("T2");
    await t.db
      .insertInto("gate_paper_years")
      .values({ paper_id: paperId, year: 2024, ...stamps })
      .execute();
    await expect(
      t.db
        .insertInto("gate_paper_years")
        .values({ paper_id: paperId, year: 2024, ...stamps })
        .execute(),
    ).rejects.toThrow();
  });

  it("refuses a rank point of an unknown kind or a rank below 1", async () => {
    const paperId = await addPaper("T3");
    const point = { paper_id: paperId, year: 2024, marks: 50, air: 100, source_label: "x", ...stamps };
    await expect(
      t.db
        .insertInto("gate_rank_points")
        .values({ ...point, kind: "guess" as "official" })
        .execute(),
    ).rejects.toThrow();
    await expect(
      t.db
        .insertInto("gate_rank_points")
        .values({ ...point, air: 0, kind: "official" })
        .execute(),
    ).rejects.toThrow();
    await t.db
      .insertInto("gate_rank_points")
      .values({ ...point, kind: "official" })
      .execute();
  });

  it("removes a paper's rows with the paper", async () => {
    const paperId = await addPaper("T4");
    await t.db
      .insertInto("gate_rank_points")
      .values({ paper_id: paperId, year: 2024, marks: 50, air: 10, kind: "official", source_label: "x", ...stamps })
      .execute();
    await t.db.deleteFrom("gate_papers").where("id", "=", paperId).execute();
    const left = await t.db.selectFrom("gate_rank_points").select("id").where("paper_id", "=", paperId).execute();
    expect(left).toEqual([]);
  });
});
