import MiniSearch, { type Query, type SearchResult } from "minisearch";

// Site search's word index (issue 27: search that finds what aspirants type), on MiniSearch
// (docs/decisions/013-search-minisearch.md): whole words in any order, the last one also as a
// beginning ("thermo" finds Thermodynamics), one typo in a word of 5–8 letters and two from 9
// ("thermodynamcis"), and words that stand for phrases ("pyq" → "previous year papers"). Server
// only: the index never reaches the browser.

export interface SearchDocument {
  /** What the result shows; weighs most. */
  title: string;
  /** Names the document has without showing them: its kind, a free test's subject. */
  keywords: string;
  /** The description or body. */
  text: string;
  /** Above 1 lifts the document above others that match as well (default 1). */
  boost?: number;
}

export interface Hit {
  /** The document's position in the list the index was built from. */
  position: number;
  score: number;
}

/** A word → the phrases it also stands for ("pyq" → ["previous year papers"]). */
export type Synonyms = ReadonlyMap<string, readonly string[]>;

// Joining words that a query needs not hold: with them "syllabus of heat transfer" would want an
// "of" in every result.
const STOP_WORDS = new Set(["a", "an", "and", "at", "by", "for", "in", "is", "of", "on", "or", "the", "to", "with"]);

/** The lower-cased words of a text, joining words left out. */
const plainWords = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word && !STOP_WORDS.has(word));

/** The words as the index holds them: lower case, joining words left out, plurals singular. */
export const searchWords = (text: string) => plainWords(text).map(singular);

/** "papers" → "paper", "cutoffs" → "cutoff"; not "mass", "gas", "analysis" or "bus". */
const singular = (word: string) => (word.length > 3 && /[^sui]s$/.test(word) ? word.slice(0, -1) : word);

/** Typos a query word may carry: none under 5 letters (too many short words are one edit apart). */
const editsAllowed = (word: string) => (word.length >= 9 ? 2 : word.length >= 5 ? 1 : 0);

/** A query word also matches longer words it begins from 3 letters on; shorter would match most words. */
const PREFIX_FROM = 3;

/** The words of a query that count: each may cost a fuzzy walk of the index, so their number is bounded. */
const MAX_QUERY_WORDS = 8;
const queryWords = (query: string) => searchWords(query).slice(0, MAX_QUERY_WORDS);

const FIELDS = ["title", "keywords", "text"] as const;
const BOOST = { title: 3, keywords: 2, text: 1 };

type Indexed = SearchDocument & { id: number };

export class SearchIndex {
  /** Each indexed word as a text first spelt it ("thermodynamic" → "thermodynamics"), for suggestions. */
  private readonly spelt = new Map<string, string>();
  /** Each document's boost, by position. */
  private readonly boosts: readonly (number | undefined)[];
  private readonly mini = new MiniSearch<Indexed>({
    fields: [...FIELDS],
    tokenize: (text, field) => {
      if (field === undefined) return searchWords(text);
      return plainWords(text).map((word) => {
        const term = singular(word);
        if (!this.spelt.has(term)) this.spelt.set(term, word);
        return term;
      });
    },
    // searchWords lower-cases already.
    processTerm: (term) => term,
    searchOptions: { boost: BOOST, boostDocument: (id: number) => this.boosts[id] ?? 1 },
  });

  constructor(documents: readonly SearchDocument[]) {
    this.boosts = documents.map((document) => document.boost);
    this.mini.addAll(documents.map((document, id) => ({ ...document, id })));
  }

  /**
   * The documents holding every word of the query (or else, for several words, any of them), best
   * first; equal scores keep the documents' order. A word with synonyms matches them as well.
   */
  find(query: string, synonyms: Synonyms = new Map()): Hit[] {
    const words = queryWords(query);
    if (words.length === 0) return [];
    const queries = words.map((word, i) => wordQuery(word, i === words.length - 1, synonyms));
    let results = this.mini.search({ combineWith: "AND", queries });
    if (results.length === 0 && words.length > 1) results = this.mini.search({ combineWith: "OR", queries });
    return results.map(toHit).sort((a, b) => b.score - a.score || a.position - b.position);
  }

  /**
   * "Did you mean": the query with each word that no document holds replaced by the nearest indexed
   * word or synonym (more edits allowed than search does), when that finds something; else null.
   */
  suggest(query: string, synonyms: Synonyms = new Map()): string | null {
    const words = queryWords(query);
    const near = words.map((word) => this.nearestWord(word, synonyms) ?? word);
    if (near.every((word, i) => word === words[i])) return null;
    const suggestion = near.map((word) => this.spelt.get(word) ?? word).join(" ");
    return this.find(suggestion, synonyms).length > 0 ? suggestion : null;
  }

  private nearestWord(word: string, synonyms: Synonyms): string | undefined {
    // Wider than search's own: two letters swapped are two edits to the index, one to a reader.
    const edits = word.length >= 8 ? 3 : word.length >= 3 ? 2 : 0;
    if (edits === 0) return undefined;
    const found = this.mini.search(word, { fuzzy: edits, prefix: false });
    // Each indexed word found, with the number of documents holding it.
    const counts = new Map<string, number>();
    for (const result of found) for (const term of result.terms) counts.set(term, (counts.get(term) ?? 0) + 1);
    for (const term of synonyms.keys()) if (!counts.has(term)) counts.set(term, 1);
    if (counts.has(word)) return word;
    let best: { term: string; distance: number; count: number } | undefined;
    for (const [term, count] of counts) {
      const distance = editDistance(word, term);
      if (distance > edits) continue;
      if (!best || distance < best.distance || (distance === best.distance && count > best.count))
        best = { term, distance, count };
    }
    return best?.term;
  }
}

function wordQuery(word: string, last: boolean, synonyms: Synonyms): Query {
  const own: Query = { queries: [word], fuzzy: editsAllowed(word), prefix: last && word.length >= PREFIX_FROM };
  const phrases = synonyms.get(word) ?? [];
  if (phrases.length === 0) return own;
  // Staff wrote the phrases: matched as written, every word of one of them.
  const exact = { fuzzy: false, prefix: false } as const;
  return {
    combineWith: "OR",
    queries: [own, ...phrases.map((phrase) => ({ ...exact, combineWith: "AND" as const, queries: [phrase] }))],
  };
}

const toHit = (result: SearchResult): Hit => ({ position: result.id as number, score: result.score });

/** The edits (a letter added, left out, changed, or two swapped) that turn one word into the other. */
function editDistance(a: string, b: string): number {
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const above = rows[i - 1]!;
      row[j] = Math.min(above[j]! + 1, row[j - 1]! + 1, above[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        row[j] = Math.min(row[j]!, rows[i - 2]![j - 2]! + 1);
    }
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}
