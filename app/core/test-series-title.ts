// How a /test-series/:param URL names a test series (spec §2, issue 26): by id, by title in any
// case, or by an earlier title of a renamed series. Pure, so the database queries (which record
// and look up earlier titles) and the pages read URLs alike.

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

/** A title as URLs compare it, and as a renamed series' earlier titles are kept (issue 26). */
export const normaliseTitle = (title: string) => title.trim().toLowerCase();

/**
 * The titles a /test-series/:param URL may name, normalised: the router has already decoded the
 * parameter once; a link encoded twice (a shared URL pasted through another encoder) is decoded
 * once more.
 */
export function titleKeys(param: string): string[] {
  return [...new Set([param, decodeOnce(param)].map(normaliseTitle))];
}

/**
 * The test series a /test-series/:param URL names: by numeric id, else by title, compared
 * case-insensitively. (An earlier title of a renamed series is looked up apart, in the database.)
 */
export function matchTestSeries<T extends { id: number; title: string }>(
  param: string | undefined,
  list: readonly T[],
): T | undefined {
  if (param === undefined) return undefined;
  const id = parseId(param);
  if (id !== null) return list.find((item) => item.id === id);
  const wanted = titleKeys(param);
  return list.find((item) => wanted.includes(normaliseTitle(item.title)));
}
