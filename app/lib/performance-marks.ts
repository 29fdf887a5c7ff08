/**
 * A User Timing mark set once the page has hydrated. Scripts requested before it are the page's
 * first load; those requested after it (the purchase toast's code, fetched on a timer for a toast
 * due 5 s later) are deferred. perf/lighthouse/audit.ts reports the two apart.
 */
export const HYDRATED_MARK = "gate:hydrated";
