import { rowRange, type ListPage, type RowRange } from "~/core/pagination";
import type { Synonyms } from "~/core/search-index.server";
import type { DB } from "~/db/client.server";
import { readSearchRows, type SearchRow } from "~/db/queries/content-search.server";
import { readQuestionSearchRows } from "../questions/question-search.server";
import { getSiteSettings } from "../site/settings.server";
import { SiteIndex, type SearchKind, type SiteSearchResult } from "./site-index.server";
import { DEFAULT_SEARCH_SYNONYMS, readSynonymRules } from "./synonyms";

// Site search beyond the spec's catalogue (issues 3, 24, 27): what visitors can see of the
// content (~/db/queries/content-search.server.ts) and the site's own pages, syllabus sections and
// FAQs (./site-index.server.ts), searched word by word with typos and synonyms. The index is
// built at the first search after the content changes and kept with the rows it was built from;
// docs/decisions/013-search-minisearch.md has its cost.

/** Results per kind on one page of /search (DESIGN §9: long lists are bounded). */
export const RESULTS_PER_KIND = 20;

const defaultSynonyms: Synonyms = readSynonymRules(DEFAULT_SEARCH_SYNONYMS).rules;

// Kept beside the rows of one content version: a new version brings new rows, and the old index
// goes with the old rows. The question bank's rows (issue 46) are read with it, once per version.
const built = new WeakMap<readonly SearchRow[], Promise<SiteIndex>>();

async function currentIndex(db: DB): Promise<SiteIndex> {
  const rows = await readSearchRows(db);
  let index = built.get(rows);
  if (!index) {
    const building = readQuestionSearchRows(db).then((questions) => new SiteIndex([...rows, ...questions]));
    built.set(rows, (index = building));
    // A failed read is not kept: the next search tries again.
    building.catch(() => built.get(rows) === building && built.delete(rows));
  }
  return index;
}

/** The synonym rules staff keep under Site Settings (a line that is no rule is left out). */
export async function searchSynonyms(db: DB): Promise<Synonyms> {
  return readSynonymRules((await getSiteSettings(db)).searchSynonyms).rules;
}

/**
 * What visitors can see that the query finds, best first: of each kind, the range's results (the
 * first page by default). Synonyms default to the rules a new site starts with.
 */
export async function searchContent(
  db: DB,
  query: string,
  range: RowRange = { limit: RESULTS_PER_KIND, offset: 0 },
  synonyms: Synonyms = defaultSynonyms,
): Promise<SiteSearchResult[]> {
  return (await currentIndex(db)).find(query, range, synonyms);
}

/**
 * One page of /search's content results: page N holds the N-th RESULTS_PER_KIND of every kind,
 * and there is a next page while any kind has more.
 */
export async function searchContentPage(
  db: DB,
  query: string,
  page: number,
  synonyms?: Synonyms,
): Promise<ListPage<SiteSearchResult>> {
  const rows = await searchContent(db, query, rowRange(page, RESULTS_PER_KIND), synonyms);
  const perKind = new Map<SearchKind, number>();
  const items = rows.filter((row) => {
    const seen = (perKind.get(row.kind) ?? 0) + 1;
    perKind.set(row.kind, seen);
    return seen <= RESULTS_PER_KIND;
  });
  return { items, page, hasNext: items.length < rows.length };
}

/** "Did you mean …" for a query that finds nothing: the nearest words the site holds, or null. */
export async function suggestSearch(
  db: DB,
  query: string,
  synonyms: Synonyms = defaultSynonyms,
): Promise<string | null> {
  return (await currentIndex(db)).suggest(query, synonyms);
}
