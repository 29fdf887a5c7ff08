import { href } from "react-router";
import { istDate } from "~/core/ist";
import { rowRange, type ListPage, type RowRange } from "~/core/pagination";
import { TitleIndex } from "~/core/title-index";
import { WordIndex } from "~/core/word-index";
import type { DB } from "../client.server";
import { currentContentVersion } from "../content-version.server";
import { listGatePapers, listPaperYears, type PaperYear } from "./gate-papers.server";
import { listPreviousPapers, type PreviousPaper } from "./gate-previous-papers.server";
import { listSubjects, type Subject } from "./gate-subjects.server";

// Site search beyond the spec's catalogue (issue 3): active e-books, free materials, job alerts
// and free tests whose title contains the query, each linking to the page it lives on.
//
// What visitors can see of these is read once per content version (every content write bumps it,
// so a change shows at the next search here and within a second on another instance, as the page
// cache does) and searched in memory through a TitleIndex: a search's cost follows what it finds,
// not how many titles there are (issue 6). The corpus is the public lists' titles and
// descriptions: 0.16 MiB of heap at demo size, 3.3 MiB at 100×.

export type ContentKind =
  | "ebook"
  | "free-material"
  | "job-alert"
  | "free-test"
  | "gate-tool"
  | "gate-cutoff"
  | "previous-paper"
  | "question-bank";

// The GATE tools' rows (issue 24): their titles and descriptions as search results show them.
const messages = {
  predictor: "GATE Rank Predictor: marks to rank, score and qualifying status",
  predictorDescription: (papers: string) => `Estimate your AIR from the marks-vs-rank data on record: ${papers}.`,
  cutoffs: "GATE Cutoffs: qualifying marks by paper, year and category",
  cutoffsDescription: "General, OBC-NCL/EWS and SC/ST/PwD qualifying marks with their sources.",
  cutoff: (code: string, year: number, name: string) => `GATE ${code} ${year} cutoff: ${name} qualifying marks`,
  cutoffDescription: (y: PaperYear) =>
    `General ${y.qualifying_general}, OBC-NCL/EWS ${y.qualifying_obc_ews ?? "–"}, SC/ST/PwD ${y.qualifying_sc_st_pwd ?? "–"}${y.is_qualifying_verified ? "" : " (unverified)"}`,
  paper: (code: string, year: number) => `GATE ${code} ${year} question paper and answer key`,
  paperDescription: (p: PreviousPaper) =>
    `${p.paper_name}: ${p.question_paper_url || p.answer_key_url ? "published files linked" : "links not yet added"}`,
  subject: (s: Subject) => `${s.name} questions (GATE ${s.paper_code})`,
  subjectDescription: (s: Subject) =>
    [s.question_count === null ? null : `${s.question_count} questions`, ...(s.topics ?? "").split("\n")]
      .filter(Boolean)
      .join(" · "),
} as const;

export interface ContentSearchResult {
  kind: ContentKind;
  title: string;
  description: string | null;
  href: string;
}

/** Results per kind on one page of /search (DESIGN §9: long lists are bounded). */
export const RESULTS_PER_KIND = 20;

/** The kinds in the order results list them; each kind's rows in its own page's order. */
type Corpus = { rows: ContentSearchResult[]; index: Pick<TitleIndex, "find"> }[];

function indexed(rows: ContentSearchResult[]) {
  return { rows, index: new TitleIndex(rows.map((row) => row.title)) };
}

/** The GATE rows are few: matched word by word over title and description. */
function indexedByWords(rows: ContentSearchResult[]) {
  return { rows, index: new WordIndex(rows.map((row) => `${row.title} ${row.description ?? ""}`)) };
}

const anchor = (code: string, year: number) => `${code.toLowerCase()}-${year}`;

/** The GATE tools and the figures, papers and subjects staff keep, each at its place on its page. */
async function readGateCorpus(db: DB): Promise<Corpus> {
  const [papers, years, previous, subjects] = await Promise.all([
    listGatePapers(db),
    listPaperYears(db),
    listPreviousPapers(db),
    listSubjects(db),
  ]);
  const tools: ContentSearchResult[] = [
    {
      kind: "gate-tool",
      title: messages.predictor,
      description: messages.predictorDescription(papers.map((p) => `${p.name} (${p.code})`).join(", ")),
      href: href("/rank-predictor"),
    },
    {
      kind: "gate-tool",
      title: messages.cutoffs,
      description: messages.cutoffsDescription,
      href: href("/gate-cutoffs"),
    },
  ];
  return [
    indexedByWords(tools),
    indexedByWords(
      years
        .filter((y) => y.qualifying_general !== null)
        .map((y) => ({
          kind: "gate-cutoff",
          title: messages.cutoff(y.paper_code, y.year, y.paper_name),
          description: messages.cutoffDescription(y),
          href: `${href("/gate-cutoffs")}#${anchor(y.paper_code, y.year)}`,
        })),
    ),
    indexedByWords(
      previous.map((p) => ({
        kind: "previous-paper",
        title: messages.paper(p.paper_code, p.year),
        description: messages.paperDescription(p),
        href: `${href("/previous-year")}#${anchor(p.paper_code, p.year)}`,
      })),
    ),
    indexedByWords(
      subjects.map((s) => ({
        kind: "question-bank",
        title: messages.subject(s),
        description: messages.subjectDescription(s),
        href: `${href("/question-bank")}#subject-${s.id}`,
      })),
    ),
  ];
}

/** The active e-books or free materials, newest first as /ebooks and /free-materials list them. */
function activeLinkList(db: DB, table: "ebooks" | "free_materials") {
  return db
    .selectFrom(table)
    .select(["title", "description"])
    .where("is_active", "=", true)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
}

/** Every row visitors can see, of each kind, in the order its own page lists them. */
async function readCorpus(db: DB, today: string): Promise<Corpus> {
  const [ebooks, materials, alerts, tests, gate] = await Promise.all([
    activeLinkList(db, "ebooks"),
    activeLinkList(db, "free_materials"),
    db
      .selectFrom("job_alerts as a")
      .innerJoin("job_categories as c", "c.id", "a.category_id")
      .select(["a.title", "a.description", "c.slug"])
      .where("a.is_active", "=", true)
      // Closed alerts (last date past in India, issue 26) live in the archive, not in search.
      .where((eb) => eb.or([eb("a.last_date", "is", null), eb("a.last_date", ">=", today)]))
      .orderBy("a.posted_date", "desc")
      .orderBy("a.id", "desc")
      .execute(),
    db
      .selectFrom("test_items as i")
      .innerJoin("test_subcategories as s", "s.id", "i.subcategory_id")
      .innerJoin("test_categories as c", "c.id", "s.category_id")
      .select(["i.title", "i.description"])
      .where("i.is_active", "=", true)
      .where("s.is_active", "=", true)
      .where("c.is_active", "=", true)
      .orderBy("i.created_at")
      .orderBy("i.id")
      .execute(),
    readGateCorpus(db),
  ]);
  return [
    indexed(ebooks.map((row) => ({ kind: "ebook", ...row, href: href("/ebooks") }))),
    indexed(materials.map((row) => ({ kind: "free-material", ...row, href: href("/free-materials") }))),
    indexed(
      alerts.map(({ slug, ...row }) => ({
        kind: "job-alert",
        ...row,
        href: `${href("/job-alerts")}?tab=${encodeURIComponent(slug)}`,
      })),
    ),
    indexed(tests.map((row) => ({ kind: "free-test", ...row, href: href("/free-tests") }))),
    ...gate,
  ];
}

// Per database, for the tests' sake (each has its own); the server has one.
const corpora = new WeakMap<DB, { version: number; today: string; corpus: Promise<Corpus> }>();

/** The corpus as of the current content version, read again when the version moves. */
async function currentCorpus(db: DB): Promise<Corpus> {
  // The version is read before the rows, so the rows are never older than the version they carry.
  const version = await currentContentVersion(db);
  // A new day in India closes alerts without any write: the corpus is read again.
  const today = istDate();
  const held = corpora.get(db);
  if (held?.version === version && held.today === today) return held.corpus;
  const corpus = readCorpus(db, today);
  corpora.set(db, { version, today, corpus });
  // A failed read is not kept: the next search tries again.
  corpus.catch(() => corpora.get(db)?.corpus === corpus && corpora.delete(db));
  return corpus;
}

/**
 * Everything visitors can see whose title contains the trimmed query, ignoring case: of each
 * kind, the range's rows (the first page by default).
 */
export async function searchContent(
  db: DB,
  query: string,
  range: RowRange = { limit: RESULTS_PER_KIND, offset: 0 },
): Promise<ContentSearchResult[]> {
  const needle = query.trim();
  if (!needle) return [];
  const corpus = await currentCorpus(db);
  return corpus.flatMap(({ rows, index }) =>
    index.find(needle, range.offset, range.limit).map((position) => rows[position]!),
  );
}

/**
 * One page of /search's content results: page N holds the N-th RESULTS_PER_KIND of every kind,
 * and there is a next page while any kind has more.
 */
export async function searchContentPage(db: DB, query: string, page: number): Promise<ListPage<ContentSearchResult>> {
  const rows = await searchContent(db, query, rowRange(page, RESULTS_PER_KIND));
  const perKind = new Map<ContentKind, number>();
  const items = rows.filter((row) => {
    const seen = (perKind.get(row.kind) ?? 0) + 1;
    perKind.set(row.kind, seen);
    return seen <= RESULTS_PER_KIND;
  });
  return { items, page, hasNext: items.length < rows.length };
}
