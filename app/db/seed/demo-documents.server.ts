import type { DB } from "../client.server";
import { demoEbooks, demoFreeMaterials } from "./demo-content.server";

// Which demo rows get a demo PDF (app/lib/media/demo-documents.server.ts), and where it is shown.
// The demo's e-books and free materials were given links to files that never existed; each gets
// a one-page PDF of the media library instead, saying it is demo material and what the real one
// will cover. A row is switched only while it still holds the demo's own link: whatever staff
// set stays. updated_at stays too (the row is still as the seed left it, which the covers of
// ./demo-pictures.server.ts go by).

export type DemoDocumentTable = "ebooks" | "free_materials";

export interface DemoDocument {
  table: DemoDocumentTable;
  title: string;
  /** The item's own description: what the real document will cover. */
  description: string;
  /** The link the demo content gives the row, an address that does not exist. */
  demoLink: string;
  /** The display name stored, its address's name: the demo link's own file name. */
  filename: string;
}

const fileName = (link: string) => new URL(link).pathname.split("/").pop()!;

export const demoDocuments: readonly DemoDocument[] = [
  ...demoEbooks.map((item) => ({
    table: "ebooks" as const,
    title: item.title,
    description: item.description,
    demoLink: item.pdf_link,
    filename: fileName(item.pdf_link),
  })),
  ...demoFreeMaterials.map((item) => ({
    table: "free_materials" as const,
    title: item.title,
    description: item.description,
    demoLink: item.material_link,
    filename: fileName(item.material_link),
  })),
];

/** The title a demo PDF has in the media library. */
export const demoLibraryTitle = (doc: DemoDocument) =>
  `${doc.table === "ebooks" ? "E-book" : "Free material"}: ${doc.title} (demo)`;

/** Whether some row still holds the demo's link for `doc` (so its PDF is needed). */
export async function demoDocumentWanted(db: DB, doc: DemoDocument): Promise<boolean> {
  const row =
    doc.table === "ebooks"
      ? await db.selectFrom("ebooks").select("id").where("pdf_link", "=", doc.demoLink).executeTakeFirst()
      : await db.selectFrom("free_materials").select("id").where("material_link", "=", doc.demoLink).executeTakeFirst();
  return row !== undefined;
}

/** Points the rows still holding the demo's link for `doc` at `url`; returns how many changed. */
export async function showDemoDocument(db: DB, doc: DemoDocument, url: string): Promise<number> {
  const result =
    doc.table === "ebooks"
      ? await db.updateTable("ebooks").set({ pdf_link: url }).where("pdf_link", "=", doc.demoLink).executeTakeFirst()
      : await db
          .updateTable("free_materials")
          .set({ material_link: url })
          .where("material_link", "=", doc.demoLink)
          .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
