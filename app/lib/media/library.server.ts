import type { Transaction } from "kysely";
import type { AdminActor } from "~/db/audited-write.server";
import type { DB } from "~/db/client.server";
import {
  deleteMediaFile,
  findMediaReferences,
  getMediaFilesByHashes,
  type MediaColumn,
  type MediaFile,
  type MediaReference,
} from "~/db/queries/media.server";
import type { Database } from "~/db/schema";
import { catalogueHref } from "~/lib/admin/catalogue-tabs";
import { adminSection } from "~/lib/admin/sections";
import { parseMediaUrl } from "./media-url";
import { forgetMediaFile } from "./serve.server";

// Where the media library's files are used (issue 45), and the reads pages and pickers build on.
//
// One registry names every column that may hold a file's address, with what to call its row and
// the admin address to change it. A column added later (the question bank's diagrams, say) is
// one more entry here: the delete check and the library's "used by" list follow.

/** A place a file is used: what it is, and where in the admin it is changed. */
export interface MediaUse {
  label: string;
  href: string;
}

interface MediaField extends MediaColumn {
  label(row: { id: number; label: string | null }): string;
  href(id: number, label: string | null): string;
  /** The column is Markdown that may name files anywhere in it (a question's diagrams), not one address. */
  inText?: boolean;
}

const named = (what: string, name: string | null) => (name ? `${what} “${name}”` : what);
const editIn = (path: string) => (id: number) => `${path}?edit=${id}`;

/** A column of a table whose rows are named by their title: "E-book “Process Control”". */
const titled = (table: MediaField["table"], column: string, what: string, href: MediaField["href"]): MediaField => ({
  table,
  column,
  labelColumn: "title",
  label: (row) => named(what, row.label),
  href,
});

/** One of a previous GATE paper's files, named by its year. */
const gatePaperFile = (column: string, what: string): MediaField => ({
  table: "gate_previous_papers",
  column,
  labelColumn: "year",
  label: (row) => `GATE ${row.label ?? ""} ${what}`.replace(/\s+/g, " "),
  href: editIn(adminSection("gate-previous-papers").path),
});

export const mediaFields: readonly MediaField[] = [
  {
    table: "hero_banners",
    column: "image_url",
    labelColumn: "alt_text",
    label: (row) => named(`Hero banner #${row.id}`, row.label),
    href: editIn(adminSection("hero-banners").path),
  },
  titled("welcome_popup", "image_url", "Welcome popup", () => adminSection("welcome-popup").path),
  titled("courses", "image", "Course", (id) => catalogueHref("courses", { name: "edit", value: id })),
  titled("test_series", "image", "Test series", (id) => catalogueHref("test-series", { name: "edit", value: id })),
  titled("ebooks", "pdf_link", "E-book", editIn(adminSection("ebooks").path)),
  titled("ebooks", "cover_url", "E-book cover", editIn(adminSection("ebooks").path)),
  titled("free_materials", "material_link", "Free material", editIn(adminSection("free-materials").path)),
  titled("free_materials", "cover_url", "Free material cover", editIn(adminSection("free-materials").path)),
  gatePaperFile("question_paper_url", "question paper"),
  gatePaperFile("answer_key_url", "answer key"),
  // A question's diagrams (issue 46), in any of its versions: an answered version keeps its text.
  ...(["text_md", "options_md", "solution_md"] as const).map((column): MediaField => ({
    table: "question_versions",
    column,
    labelColumn: "question_id",
    inText: true,
    label: (row) => `Question #${row.label ?? "?"}`,
    href: (_id, questionId) => `${adminSection("questions").path}?edit=${questionId ?? ""}`,
  })),
  // A GATE question's source: the official paper it was taken from (issue 46), held by hash.
  {
    table: "questions",
    column: "source_media_hash",
    labelColumn: "id",
    holdsHash: true,
    label: (row) => `Question #${row.label ?? "?"} (its source paper)`,
    href: editIn(adminSection("questions").path),
  },
];

const fieldOf = (reference: MediaReference) =>
  mediaFields.find((f) => f.table === reference.table && f.column === reference.column)!;

function toUse(reference: MediaReference): MediaUse {
  const field = fieldOf(reference);
  return { label: field.label(reference), href: field.href(reference.id, reference.label) };
}

const MEDIA_HASHES = /\/media\/([0-9a-f]{64})\//g;

/** The files a reference names: its one address, or every address in its Markdown. */
function hashesOf(reference: MediaReference): string[] {
  if (fieldOf(reference).holdsHash) return [reference.value];
  if (fieldOf(reference).inText) return [...new Set([...reference.value.matchAll(MEDIA_HASHES)].map((m) => m[1]!))];
  const hash = parseMediaUrl(reference.value)?.hash;
  return hash ? [hash] : [];
}

/** Each place once: a question naming a file in its text and its solution, or in two versions, is one use. */
function distinctUses(uses: MediaUse[]): MediaUse[] {
  return [...new Map(uses.map((use) => [use.href + use.label, use])).values()];
}

/** Where the file `hash` is used, in the registry's order. */
export async function mediaUsage(db: DB | Transaction<Database>, hash: string): Promise<MediaUse[]> {
  const references = await findMediaReferences(db, mediaFields, hash);
  // The pattern matched the hash inside the address; the address must name this very file.
  return distinctUses(references.filter((r) => hashesOf(r).includes(hash)).map(toUse));
}

/** Where every file in use is used, by hash: for the library's list ("used by", "unused"). */
export async function mediaUsageByHash(db: DB): Promise<Map<string, MediaUse[]>> {
  const byHash = new Map<string, MediaUse[]>();
  for (const reference of await findMediaReferences(db, mediaFields)) {
    for (const hash of hashesOf(reference)) byHash.set(hash, [...(byHash.get(hash) ?? []), toUse(reference)]);
  }
  for (const [hash, uses] of byHash) byHash.set(hash, distinctUses(uses));
  return byHash;
}

/**
 * The library's files that these addresses name, by address: for a page that shows pictures
 * whose addresses staff entered, to render them responsively (<MediaImage>) with their size and
 * alt text. Addresses that are not the library's are left out. One query for the whole page.
 */
export async function resolveMediaUrls(db: DB, urls: readonly string[]): Promise<Map<string, MediaFile>> {
  const hashes = new Map<string, string>();
  for (const url of urls) {
    const hash = parseMediaUrl(url)?.hash;
    if (hash) hashes.set(url, hash);
  }
  const files = new Map((await getMediaFilesByHashes(db, [...hashes.values()])).map((file) => [file.hash, file]));
  const resolved = new Map<string, MediaFile>();
  for (const [url, hash] of hashes) {
    const file = files.get(hash);
    if (file) resolved.set(url, file);
  }
  return resolved;
}

/**
 * Deletes a file no page uses, with its chunks and variants, in one audited transaction; a file
 * still in use is kept, and the places using it returned. Null when there is no such file.
 */
export async function deleteUnusedMediaFile(db: DB, actor: AdminActor, id: number, now = new Date()) {
  const outcome = await deleteMediaFile(db, actor, id, mediaUsage, now);
  if (outcome?.deleted) forgetMediaFile(outcome.file.hash);
  return outcome;
}
