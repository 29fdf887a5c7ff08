import { beforeAll, expect } from "vitest";
import { getDb } from "~/db/client.server";
import { seedScaled } from "../../scripts/db-seed-scale";
import { managerCalls, type Handler } from "./admin-support";

// Shared by the lists' tests (admin-lists-*.test.ts, issue 48 "Lists staff can work") and the
// refusals': managerCalls on a database holding the demo content many times over (the bench's
// scale seed), and the plain-code filters and orders the lists' pages are checked against. Apart
// from admin-support.ts so that the managers' own tests do not load the seed.

/** How many times over the lists' tests hold the demo content (the bench's scale seed). */
export const LIST_FACTOR = 100;

/**
 * For a file of list tests: managerCalls on a database holding the demo content `factor` times
 * over, and `load`, a loader's data for a path, its time printed (the repository asserts no
 * wall-clock bounds).
 */
export function scaledManagerCalls(admin: string, factor = LIST_FACTOR) {
  const calls = managerCalls(admin);
  beforeAll(async () => {
    await seedScaled(getDb(), factor);
  }, 120_000);
  async function load(loader: Handler, path: string, cookie = calls.sessions.adminCookie) {
    const started = performance.now();
    const answer = await calls.get(loader, path, cookie);
    const ms = performance.now() - started;
    console.log(`[${process.env.TEST_ENGINE}] ${path}: ${ms.toFixed(1)} ms`);
    expect(answer.kind).toBe("data");
    return answer.kind === "data" ? answer.data : null;
  }
  return { ...calls, load };
}

export const includes = (text: string | null | undefined, q: string) =>
  (text ?? "").toLowerCase().includes(q.toLowerCase());
export const byDesc =
  <T>(key: (row: T) => string | number) =>
  (a: T, b: T) =>
    key(a) < key(b) ? 1 : key(a) > key(b) ? -1 : 0;
/** Newest first by created_at, then by id: the lists' default order. */
export const newestCreated = byDesc<{ created_at: string; id: number }>(
  (row) => `${row.created_at}|${String(row.id).padStart(9, "0")}`,
);

/** The ids of one page of a list, in its order. */
export const rowIds = (list: { rows: { id: number }[] }) => list.rows.map((row) => row.id);
