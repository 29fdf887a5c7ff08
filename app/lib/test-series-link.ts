/**
 * Test series links (spec §2): the list links to /test-series/{title, URL-encoded}, the one
 * canonical address; the detail page also accepts the id and earlier titles, and redirects them.
 */
export function testSeriesHref(title: string): string {
  return `/test-series/${encodeURIComponent(title)}`;
}

export { matchTestSeries, normaliseTitle, parseId, titleKeys } from "~/core/test-series-title";
