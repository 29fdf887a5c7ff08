/**
 * A User Timing mark set once the page has hydrated. Scripts requested before it are the page's
 * first load; those requested after it (code a page fetches only when it is needed) are
 * deferred. perf/lighthouse/audit.ts reports the two apart.
 */
export const HYDRATED_MARK = "gate:hydrated";
