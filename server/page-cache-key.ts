import { ARCHIVE_VIEW, jobAlertTabs, VIEW_PARAM } from "~/components/content/job-alert-categories";
import { PAGE_PARAM } from "~/core/pagination";
import { DIFFICULTIES, PRACTICE_PATH, PRACTICE_SOURCES, QUESTION_TYPES } from "~/lib/questions/practice-link";
import { syllabusSubjects } from "~/lib/questions/syllabus-topics";
import { SESSION_TYPES } from "~/lib/session-offer/session-types";

// Which page a request names, as the page cache keys it. Only the query parameters a page reads
// are kept (grep `searchParams` in app/routes; tests/unit/page-cache-key.test.ts checks the table
// against them), so /faqs?utm_source=x is /faqs: one entry and one render, however many
// parameters visitors add. The page is rendered at its key's URL, so nothing added can reach the
// copy everyone gets. React Router's own `_routes` (which route data a .data request wants) is
// dropped too: the answer then carries every route's data, of which the client takes what it asked.
//
// Each key also names the part of the cache it lives in, so that no stream of anonymous GETs can
// evict the site's fixed pages: "fixed" holds only what the site's content bounds (one spelling
// per page), "paged" further pages of lists, "open" everything whose values are unbounded
// (search terms, rank predictions, other spellings of a path). Each part is its own LRU.
//
// A key also says whether its page shows what visitors publish (the home page's testimonials,
// spec §7: app/routes/public/home/home-content.server.ts). Such a page is stale when either content counter
// moves; every other page only when the admin counter does (app/db/content-version.server.ts).

export type Partition = "fixed" | "paged" | "open";

type ValueKind = (value: string) => Partition;
const oneOf =
  (values: readonly string[]): ValueKind =>
  (value) =>
    values.includes(value) ? "fixed" : "open";
/** A page number written the one way pagination links write it; pages past a list's end are 404. */
const pageNumber: ValueKind = (value) => (/^[1-9]\d{0,3}$/.test(value) ? "paged" : "open");
const anyValue: ValueKind = () => "open";
/** A practice set's question (issue 46): an id written the one way its links write it. */
const questionId: ValueKind = (value) => (/^[1-9]\d{0,9}$/.test(value) ? "paged" : "open");

/** The parameters each page reads, in the order its key lists them. */
export const pageParams: Readonly<Record<string, Readonly<Record<string, ValueKind>>>> = {
  "/search": { q: anyValue, [PAGE_PARAM]: pageNumber },
  "/job-alerts": {
    tab: oneOf(jobAlertTabs.map((tab) => tab.slug)),
    [VIEW_PARAM]: oneOf([ARCHIVE_VIEW]),
    [PAGE_PARAM]: pageNumber,
  },
  "/ebooks": { [PAGE_PARAM]: pageNumber },
  "/free-materials": { [PAGE_PARAM]: pageNumber },
  "/free-tests": { [PAGE_PARAM]: pageNumber },
  "/rank-predictor": { marks: anyValue, branch: anyValue, category: anyValue },
  "/book-session": { type: oneOf(SESSION_TYPES) },
  [PRACTICE_PATH]: {
    subject: oneOf(syllabusSubjects.map((subject) => subject.key)),
    topic: oneOf(syllabusSubjects.flatMap((subject) => subject.topics.map((topic) => topic.key))),
    type: oneOf(QUESTION_TYPES),
    difficulty: oneOf(DIFFICULTIES),
    source: oneOf(PRACTICE_SOURCES),
    at: questionId,
  },
};

/**
 * The site's own spellings of its paths: the route table's lowercase words, and a test series by
 * its encoded title, the one title spelling its page answers (test-series-detail.tsx redirects
 * any other). Other spellings the router also matches (/FAQS, /faqs/, /f%61qs) are "open".
 * Every path in pageParams is one of these.
 */
const sitePath = /^\/(?:[a-z0-9-]+(?:\/[a-z0-9-]+)*|test-series\/[^/]+)?$/;

/** The pages whose loaders read visitor content (tests/unit/page-cache-key.test.ts checks the routes). */
export const visitorContentPages: ReadonlySet<string> = new Set(["/"]);

const rank: Record<Partition, number> = { fixed: 0, paged: 1, open: 2 };
const wider = (a: Partition, b: Partition) => (rank[b] > rank[a] ? b : a);

export interface PageKey {
  /** The path and the kept parameters: also the URL the page is rendered at. */
  key: string;
  partition: Partition;
  /** Its page shows visitor content: it is kept at both counters. */
  showsVisitorContent?: true;
}

/** The cache key of a URL: its path, and the parameters its page reads (the first of each). */
export function pageKey(url: URL): PageKey {
  const { pathname, search, searchParams } = url;
  // Route data (/faqs.data, the home page's /_.data) is keyed apart from its document, read alike.
  const page = pathname.endsWith("/_.data") ? pathname.slice(0, -"_.data".length) : pathname.replace(/\.data$/, "");
  // Another spelling of a path (/SEARCH, /search/): which page reads what is not worked out here,
  // so its parameters all stay, and it goes with the open part; it might be the home page.
  if (!sitePath.test(page)) return { key: pathname + search, partition: "open", showsVisitorContent: true };
  let partition: Partition = "fixed";
  const kept = new URLSearchParams();
  for (const [name, kind] of Object.entries(pageParams[page] ?? {})) {
    const value = searchParams.get(name);
    if (value === null) continue;
    kept.set(name, value);
    partition = wider(partition, kind(value));
  }
  const key = kept.size ? `${pathname}?${kept}` : pathname;
  return visitorContentPages.has(page) ? { key, partition, showsVisitorContent: true } : { key, partition };
}
