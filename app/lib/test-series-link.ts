/**
 * Test series links (spec §2): the list links to /test-series/{title, URL-encoded}; the route
 * table names the parameter id. The detail page accepts both readings.
 */
export function testSeriesHref(title: string): string {
  return `/test-series/${encodeURIComponent(title)}`;
}

/**
 * A positive integer id written the canonical way ("2", not "02", "2.0" or "2abc"), else null.
 * One spelling per page keeps duplicate URLs out of search engines.
 */
export function parseId(value: string | undefined): number | null {
  if (!value || !/^[1-9]\d{0,14}$/.test(value)) return null;
  return Number(value);
}

function decodeOnce(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

const normalise = (title: string) => title.trim().toLowerCase();

/**
 * The test series a /test-series/:param URL names: by numeric id, else by title. The router has
 * already decoded the parameter once; a link encoded twice (a shared URL pasted through another
 * encoder) is decoded once more. Titles compare case-insensitively.
 */
export function matchTestSeries<T extends { id: number; title: string }>(
  param: string | undefined,
  list: readonly T[],
): T | undefined {
  if (param === undefined) return undefined;
  const id = parseId(param);
  if (id !== null) return list.find((item) => item.id === id);
  const wanted = [param, decodeOnce(param)].map(normalise);
  return list.find((item) => wanted.includes(normalise(item.title)));
}
