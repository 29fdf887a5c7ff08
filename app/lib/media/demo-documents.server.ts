import type { DB } from "~/db/client.server";
import { bumpContentVersion } from "~/db/content-version.server";
import { demoDocumentFiles } from "~/db/seed/demo-document-files";
import { demoDocuments, demoDocumentWanted, demoLibraryTitle, showDemoDocument } from "~/db/seed/demo-documents.server";
import { storeDemoFile } from "./demo-pictures.server";
import { detectType, pdfEndsWell, PDF_TAIL_BYTES, SNIFF_BYTES } from "./detect.server";
import { mediaUrl } from "./media-url";

// The demo's e-books and free materials as PDFs of the media library (issue 45), written by
// scripts/render-demo-documents.ts into app/db/seed/demo-document-files.ts (PDFKit stays out of the
// server). Stored like the demo's pictures (by the hash of their bytes, no audit row) and shown by
// the rows that still hold the demo's link to a file that never existed
// (app/db/seed/demo-documents.server.ts). A PDF is stored only while a row still needs it: once
// every row is switched (or staff changed it), a start writes nothing, and a demo PDF staff
// deleted once unused does not come back.

/** Throws unless `data` passes the checks an uploaded PDF must (decision 017). */
async function checkLikeAnUpload(data: Buffer, filename: string) {
  const type = await detectType(data.subarray(0, SNIFF_BYTES));
  if (type?.format !== "pdf" || !pdfEndsWell(data.subarray(-PDF_TAIL_BYTES))) {
    throw new Error(`the demo PDF ${filename} is not one the media library would take`);
  }
}

/**
 * Stores the demo PDFs still needed and points the demo rows holding the demo's links at them;
 * returns how many files and rows changed.
 */
export async function seedDemoDocuments(db: DB, now = new Date()): Promise<{ stored: number; rows: number }> {
  let stored = 0;
  let rows = 0;
  for (const doc of demoDocuments) {
    if (!(await demoDocumentWanted(db, doc))) continue;
    const data = Buffer.from(demoDocumentFiles[doc.filename]!, "base64");
    await checkLikeAnUpload(data, doc.filename);
    const outcome = await storeDemoFile(
      db,
      data,
      {
        kind: "document",
        mime: "application/pdf",
        ext: "pdf",
        width: null,
        height: null,
        filename: doc.filename,
        title: demoLibraryTitle(doc),
        alt_text: null,
      },
      now,
    );
    if (outcome.created) stored++;
    rows += await showDemoDocument(db, doc, mediaUrl(outcome.file));
  }
  // Pages cached by a server already running (`npm run db:seed` beside it) link the PDFs now.
  if (stored || rows) await bumpContentVersion(db);
  return { stored, rows };
}
