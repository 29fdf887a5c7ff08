import { sql } from "kysely";
import { logger } from "~/core/logger.server";
import type { DB, Engine } from "./client.server";

// SQLite picks a query's indexes from table statistics that only ANALYZE gathers. Without them
// it read /free-tests' tests through the index on the is_active flag, every active test of the
// site (2 600 at 100× the demo content), where the category → subcategory → test indexes read
// only the page's (issue 6, `npm run bench`). SQLite's advice for a long-lived connection:
// `PRAGMA optimize=0x10002` once its tables are there, then `PRAGMA optimize` now and then, which
// re-analyzes only the tables that changed a lot (4 ms at 100× the demo content).
// PostgreSQL's autovacuum keeps its own statistics.

const REFRESH_MS = 60 * 60 * 1000;

/** Gathers the statistics SQLite's planner needs: every table when `thorough`, else what changed. */
export async function refreshPlannerStatistics(db: DB, engine: Engine, { thorough = false } = {}) {
  if (engine !== "sqlite") return;
  await sql.raw(thorough ? "pragma optimize=0x10002" : "pragma optimize").execute(db);
}

/** Refreshes them every hour while the process runs (the timer does not keep it alive). */
export function schedulePlannerStatistics(db: DB, engine: Engine) {
  if (engine !== "sqlite") return;
  const timer = setInterval(() => {
    refreshPlannerStatistics(db, engine).catch((error: unknown) =>
      logger.warn({ err: error }, "refreshing the query planner's statistics failed"),
    );
  }, REFRESH_MS);
  timer.unref();
}
