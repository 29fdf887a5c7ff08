import { href } from "react-router";
import { istDate } from "~/core/ist";
import type { DB } from "../client.server";
import { currentContentVersion } from "../content-version.server";
import { listGatePapers, listPaperYears, type PaperYear } from "./gate-papers.server";
import { listPreviousPapers, type PreviousPaper } from "./gate-previous-papers.server";
import { listActiveFaqs } from "./faqs.server";

// What site search looks through beyond the spec's catalogue (issues 3, 24, 27): the active
// e-books, free materials, open job alerts and free tests, the GATE tools, cutoffs and
// previous-year papers, each linking to the page it lives on. The question bank's subjects and
// published questions (issue 46) are read beside these by ~/lib/search/site-search.server.ts,
// which words them from the syllabus and the questions' text.
//
// It is read once per content version (every admin write bumps it, so a change shows at the
// next search here and within a second on another instance, as the page cache does; what visitors
// publish moves another counter, as search shows none of it) and searched in memory
// (~/lib/search/site-search.server.ts, docs/decisions/013-search-minisearch.md).

export type ContentKind =
  | "ebook"
  | "free-material"
  | "job-alert"
  | "free-test"
  | "gate-tool"
  | "gate-cutoff"
  | "previous-paper"
  | "question-bank"
  | "question"
  | "faq";

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
} as const;

export interface ContentSearchResult {
  kind: ContentKind;
  title: string;
  description: string | null;
  href: string;
}

/** A row as search reads it: what the result shows, and words that find it without being shown. */
export interface SearchRow extends ContentSearchResult {
  /** A free test's subject and category, a job alert's tab and organisation; null for the rest. */
  keywords: string | null;
}

const anchor = (code: string, year: number) => `${code.toLowerCase()}-${year}`;

/** The GATE tools and the figures and papers staff keep, each at its place on its page. */
async function readGateRows(db: DB): Promise<SearchRow[]> {
  const [papers, years, previous] = await Promise.all([listGatePapers(db), listPaperYears(db), listPreviousPapers(db)]);
  const rows: ContentSearchResult[] = [
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
    ...years
      .filter((y) => y.qualifying_general !== null)
      .map((y) => ({
        kind: "gate-cutoff" as const,
        title: messages.cutoff(y.paper_code, y.year, y.paper_name),
        description: messages.cutoffDescription(y),
        href: `${href("/gate-cutoffs")}#${anchor(y.paper_code, y.year)}`,
      })),
    ...previous.map((p) => ({
      kind: "previous-paper" as const,
      title: messages.paper(p.paper_code, p.year),
      description: messages.paperDescription(p),
      href: `${href("/previous-year")}#${anchor(p.paper_code, p.year)}`,
    })),
  ];
  return rows.map((row) => ({ ...row, keywords: null }));
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

const words = (...parts: (string | null)[]) => parts.filter(Boolean).join(" ") || null;

/** Every row visitors can see, of each kind, in the order its own page lists them. */
async function readRows(db: DB, today: string): Promise<SearchRow[]> {
  const [ebooks, materials, alerts, tests, gate, faqs] = await Promise.all([
    activeLinkList(db, "ebooks"),
    activeLinkList(db, "free_materials"),
    db
      .selectFrom("job_alerts as a")
      .innerJoin("job_categories as c", "c.id", "a.category_id")
      .select(["a.title", "a.description", "a.organisation", "c.slug", "c.name as tab"])
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
      // The subject a test is listed under finds it: "heat transfer" finds the Heat Transfer tests.
      .select(["i.title", "i.description", "s.name as subject", "c.name as category"])
      .where("i.is_active", "=", true)
      .where("s.is_active", "=", true)
      .where("c.is_active", "=", true)
      .orderBy("i.created_at")
      .orderBy("i.id")
      .execute(),
    readGateRows(db),
    // Issue 48: the FAQ page's questions are staff's now, each at its anchor.
    listActiveFaqs(db),
  ]);
  return [
    ...ebooks.map((row) => ({ kind: "ebook" as const, ...row, href: href("/ebooks"), keywords: null })),
    ...materials.map((row) => ({
      kind: "free-material" as const,
      ...row,
      href: href("/free-materials"),
      keywords: null,
    })),
    ...alerts.map(({ slug, tab, organisation, ...row }) => ({
      kind: "job-alert" as const,
      ...row,
      href: `${href("/job-alerts")}?tab=${encodeURIComponent(slug)}`,
      keywords: words(tab, organisation),
    })),
    ...tests.map(({ subject, category, ...row }) => ({
      kind: "free-test" as const,
      ...row,
      href: href("/free-tests"),
      keywords: words(subject, category),
    })),
    ...gate,
    ...faqs.map((faq) => ({
      kind: "faq" as const,
      title: faq.question,
      description: faq.answer,
      href: `${href("/faqs")}#${faq.slug}`,
      keywords: "FAQ question",
    })),
  ];
}

// Per database, for the tests' sake (each has its own); the server has one.
const corpora = new WeakMap<DB, { version: number; today: string; rows: Promise<readonly SearchRow[]> }>();

/**
 * What visitors can see of every kind, in each kind's page order, as of the current content
 * version: the same array until the version (or the day in India) moves, so what is built from it
 * can be kept beside it.
 */
export async function readSearchRows(db: DB): Promise<readonly SearchRow[]> {
  // The version is read before the rows, so the rows are never older than the version they carry.
  const version = await currentContentVersion(db);
  // A new day in India closes alerts without any write: the rows are read again.
  const today = istDate();
  const held = corpora.get(db);
  if (held?.version === version && held.today === today) return held.rows;
  const rows = readRows(db, today);
  corpora.set(db, { version, today, rows });
  // A failed read is not kept: the next search tries again.
  rows.catch(() => corpora.get(db)?.rows === rows && corpora.delete(db));
  return rows;
}
