import type { RowRange } from "~/core/pagination";
import { SearchIndex, type Synonyms } from "~/core/search-index.server";
import type { SearchRow } from "~/db/queries/content-search.server";
import { catalogKindLabels } from "./search-filter";
import { siteDocuments, type SiteDocument } from "./site-documents";

// Everything site search finds beyond the spec's catalogue, in one word index: the content rows
// visitors can see, then the site's own pages, syllabus sections and FAQs.

export type SearchKind = SearchRow["kind"] | SiteDocument["kind"];

export interface SiteSearchResult {
  kind: SearchKind;
  title: string;
  description: string | null;
  href: string;
}

const HUBS = new Set<SearchKind>(["page", "gate-tool"]);
const HUB_BOOST = 2;

export class SiteIndex {
  private readonly results: SiteSearchResult[];
  private readonly index: SearchIndex;

  constructor(rows: readonly SearchRow[]) {
    // A page that a GATE tool's row stands for is not listed twice.
    const linked = new Set(rows.filter((row) => row.kind === "gate-tool").map((row) => row.href));
    const documents = [...rows, ...siteDocuments.filter((document) => !linked.has(document.href))];
    this.results = documents.map(({ kind, title, description, href }) => ({ kind, title, description, href }));
    this.index = new SearchIndex(
      documents.map((document) => ({
        title: document.title,
        // Each kind is found by its name too: "job alerts" finds the alerts, "free tests" the tests.
        keywords: `${catalogKindLabels[document.kind]} ${document.keywords ?? ""}`,
        text: `${document.description ?? ""} ${"text" in document ? (document.text ?? "") : ""}`,
        // Someone who names a page ("rank predictor", "cutoffs") wants the page before its rows.
        boost: HUBS.has(document.kind) ? HUB_BOOST : undefined,
      })),
    );
  }

  /** What the query finds, best first: of each kind, the range's results. */
  find(query: string, range: RowRange, synonyms?: Synonyms): SiteSearchResult[] {
    const perKind = new Map<SearchKind, number>();
    const found: SiteSearchResult[] = [];
    for (const { position } of this.index.find(query, synonyms)) {
      const result = this.results[position]!;
      const before = perKind.get(result.kind) ?? 0;
      perKind.set(result.kind, before + 1);
      if (before >= range.offset && before < range.offset + range.limit) found.push(result);
    }
    return found;
  }

  /** "Did you mean …" for a query that finds nothing: the nearest words the site holds, or null. */
  suggest(query: string, synonyms?: Synonyms): string | null {
    return this.index.suggest(query, synonyms);
  }
}
