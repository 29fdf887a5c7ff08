import { logger } from "~/core/logger.server";
import { markDegraded } from "./degraded.server";

/**
 * A public read that must never break its page: when it fails the error is logged and `empty`
 * stands in, so the page shows its empty state (spec §8: "Logged only; the list stays empty"),
 * in this response only: no cache keeps it (./degraded.server.ts).
 */
export async function loadOrEmpty<T>(what: string, load: () => Promise<T>, empty: T): Promise<T> {
  try {
    return await load();
  } catch (error) {
    logger.error({ err: error, list: what }, "public list failed to load; showing it empty");
    markDegraded();
    return empty;
  }
}
