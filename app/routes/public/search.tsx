import { data, href, Link, redirect } from "react-router";
import type { Route } from "./+types/search";
import { brandedTitle } from "~/components/static/page-meta";
import { courseHref } from "~/components/catalog/links";
import { Pagination } from "~/components/content/pagination";
import { SearchField, SearchForm } from "~/components/layout/search-form";
import { listSearchableCatalog } from "~/db/queries/catalog.server";
import { formatRupees } from "~/lib/format";
import { pageHref } from "~/core/pagination";
import { publicPages } from "~/lib/site/pages";
import { requestedPage } from "~/lib/pagination.server";
import { filterCatalog, groupByKind, normaliseQuery } from "~/lib/search/search-filter";
import { searchHref } from "~/lib/search/search-query";
import { searchContentPage, searchSynonyms, suggestSearch } from "~/lib/search/site-search.server";
import { testSeriesHref } from "~/lib/test-series-link";
import { noScripts } from "~/lib/route-handle";
import { dbContext } from "~/lib/request-context";
import { HeadedSection } from "~/components/ui/headed-section";

const messages = {
  title: "Search the site",
  resultsFor: (query: string) => `Search results for "${query}"`,
  noResults: (query: string) => `No results found for "${query}"`,
  didYouMean: "Did you mean",
  popular: "Popular pages",
  prompt: "Type what you are looking for: a test series, a subject, an e-book or an exam, for example GATE or IOCL.",
  label: "Search",
  submit: "Search",
  results: (count: number) => (count === 1 ? "1 result" : `${count} results`),
  resultsOnPage: (count: number, page: number) => `${count === 1 ? "1 result" : `${count} results`} on page ${page}`,
  pages: "Search result pages",
  description: "Search the GATE CH and PSU test series, courses, e-books, free materials and job alerts.",
} as const;

/** Longer than any title one would type: a longer query is cut to this before anything is read. */
const MAX_QUERY_LENGTH = 100;

/** ?q= trimmed (a hand-typed URL may carry spaces the header never sends), at most MAX_QUERY_LENGTH. */
function readQuery(request: Request): string {
  const query = normaliseQuery(new URL(request.url).searchParams.get("q"));
  // Whole characters: a cut surrogate pair would not be text. A cut query finds what it did, or more.
  return query.length > MAX_QUERY_LENGTH ? normaliseQuery([...query].slice(0, MAX_QUERY_LENGTH).join("")) : query;
}

/** Where a visitor whose search found nothing may want to go (issue 27). */
const popularPages = (["test-series", "free-tests", "rank-predictor", "previous-year", "job-alerts"] as const).map(
  (id) => publicPages[id],
);

// The spec's catalogue matches (title substring) come first, then the rest best first. Content
// results come a page at a time (RESULTS_PER_KIND of each kind); the catalogue's few courses and
// test series are all on the first page. A page past the last is a 404, as on lists.
export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const query = readQuery(request);
  // The address carries the trimmed text (spec §2), whichever way the visitor came: a form on a
  // page without scripts sends what was typed, spaces and all; the header's script trims itself.
  const url = new URL(request.url);
  const given = url.searchParams.get("q");
  if (given !== null && given !== given.trim()) {
    if (query) url.searchParams.set("q", query);
    else url.searchParams.delete("q");
    throw redirect(url.pathname + url.search);
  }
  const page = requestedPage(request);
  if (!query) {
    if (page > 1) throw data(null, { status: 404 });
    return { query, groups: [], total: 0, page: 1, hasNext: false, suggestion: null };
  }
  const synonyms = searchSynonyms(db);
  const [catalog, content] = await Promise.all([
    page === 1 ? listSearchableCatalog(db) : [],
    synonyms.then((rules) => searchContentPage(db, query, page, rules)),
  ]);
  if (page > 1 && content.items.length === 0) throw data(null, { status: 404 });
  const matches = [
    ...filterCatalog(catalog, query).map((item) => ({
      kind: item.kind,
      title: item.title,
      href: item.kind === "course" ? courseHref(item.id) : testSeriesHref(item.title),
      detail: formatRupees(item.price),
    })),
    ...content.items.map((item) => ({ kind: item.kind, title: item.title, href: item.href, detail: item.description })),
  ];
  const suggestion = matches.length === 0 ? await suggestSearch(db, query, await synonyms) : null;
  return { query, groups: groupByKind(matches), total: matches.length, page, hasNext: content.hasNext, suggestion };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  { title: brandedTitle(matches, loaderData?.query ? messages.resultsFor(loaderData.query) : messages.title) },
  { name: "description", content: messages.description },
  // Result pages are endless variations of the catalogue pages: keep them out of the index.
  { name: "robots", content: "noindex, follow" },
];

// Nothing on this page needs a script (issue 28): it ships no JavaScript.
export const handle = noScripts;

export default function Search({
  loaderData: { query, groups, total, page, hasNext, suggestion },
}: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">
        {query ? messages.resultsFor(query) : messages.title}
      </h1>
      <SearchBox key={query} query={query} />
      {!query ? (
        <p className="mt-6 text-slate-700">{messages.prompt}</p>
      ) : total === 0 ? (
        <NothingFound query={query} suggestion={suggestion} />
      ) : (
        <>
          <p aria-live="polite" className="mt-6 text-sm text-slate-600">
            {page === 1 && !hasNext ? messages.results(total) : messages.resultsOnPage(total, page)}
          </p>
          {groups.map((group) => (
            <section key={group.kind} aria-labelledby={`results-${group.kind}`} className="mt-6">
              <h2 id={`results-${group.kind}`} className="text-lg font-bold text-slate-900">
                {group.label}
              </h2>
              <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
                {group.items.map((item) => (
                  <li key={`${item.href} ${item.title}`}>
                    <Link
                      to={item.href}
                      className="flex min-h-11 flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3 hover:bg-brand-50"
                    >
                      <span className="font-semibold text-brand-800">{item.title}</span>
                      {item.detail && <span className="line-clamp-2 text-sm text-slate-600">{item.detail}</span>}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
          <Pagination
            label={messages.pages}
            page={page}
            hasNext={hasNext}
            href={(target) => pageHref(href("/search"), { q: query }, target)}
          />
        </>
      )}
    </div>
  );
}

/** The spec's empty text, then a nearer spelling when the site has one, and the popular pages. */
function NothingFound({ query, suggestion }: { query: string; suggestion: string | null }) {
  const suggested = suggestion ? searchHref(suggestion) : null;
  return (
    <>
      <div
        aria-live="polite"
        className="mt-8 rounded-xl border border-slate-200 bg-white p-6 text-center text-slate-700"
      >
        <p>{messages.noResults(query)}</p>
        {suggested && (
          <p className="mt-3">
            {messages.didYouMean}{" "}
            <Link to={suggested} className="font-semibold text-brand-800 underline hover:text-brand-900">
              {suggestion}
            </Link>
            ?
          </p>
        )}
      </div>
      <HeadedSection heading={messages.popular} headingClassName="text-lg font-bold text-slate-900" className="mt-6">
        <ul className="mt-3 flex flex-wrap gap-2">
          {popularPages.map((target) => (
            <li key={target.path}>
              <Link
                to={target.path}
                className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-4 font-semibold text-brand-800 hover:bg-brand-50"
              >
                {target.title}
              </Link>
            </li>
          ))}
        </ul>
      </HeadedSection>
    </>
  );
}

/** The page's own search box, showing the current q. */
function SearchBox({ query }: { query: string }) {
  return (
    <SearchForm className="mt-4" formClassName="flex gap-2">
      <SearchField
        id="search-page-q"
        label={messages.label}
        defaultValue={query}
        className="h-11 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 text-slate-900 focus:border-brand-600"
      />
      <button type="submit" className="h-11 rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800">
        {messages.submit}
      </button>
    </SearchForm>
  );
}
