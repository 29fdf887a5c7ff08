import { markDegraded } from "./degraded.server";
import { logger } from "./logger.server";

/**
 * A public list that must never break its page: when loading fails the error is logged and the
 * list is empty, so the page shows its empty state (spec §8: "Logged only; the list stays empty"),
 * in this response only: no cache keeps it (./degraded.server.ts).
 */
export async function loadOrEmpty<T>(what: string, load: () => Promise<T[]>): Promise<T[]> {
  try {
    return await load();
  } catch (error) {
    logger.error({ err: error, list: what }, "public list failed to load; showing it empty");
    markDegraded();
    return [];
  }
}
