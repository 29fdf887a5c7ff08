// Writes the demo's e-book and free-material PDFs (issue 45) into app/db/seed/demo-document-files.ts.
// Usage: node scripts/render-demo-documents.ts   (rewrites the file; run it again after editing a text)
//
// One tagged A4 page each, written with PDFKit, saying on its first lines that it is demo material
// standing in for the real file, and what the real one will cover (the item's own description,
// nothing more: no exam fact is made up). Rendered here rather than by the server: PDFKit and its
// fonts cost a server process about 38 MiB of memory for as long as it runs, for files that never
// change. tests/unit/demo-documents.test.ts renders them again and compares, so the stored bytes
// always say what this script says.
//
// The same text gives the same bytes: the dates written into the file are fixed, its ID is
// PDFKit's hash of them and the title, and its streams are left uncompressed, so the bytes do not
// depend on the zlib a machine has either.
import { writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import PDFKit from "pdfkit";
import { demoDocuments, type DemoDocument, type DemoDocumentTable } from "~/db/seed/demo-documents.server";
import { adminSection } from "~/lib/admin/sections";

/** The date in every demo PDF's info and metadata. Changing it (or any text) makes new files. */
const WRITTEN_ON = new Date("2026-12-06T00:00:00Z");

/** A4 in points, and its margin. */
const PAGE = { width: 595.28, height: 841.89, margin: 56 };
const TEXT_WIDTH = PAGE.width - 2 * PAGE.margin;

const colours = {
  ink: "#0f172a",
  muted: "#475569",
  band: "#174ca8",
  noteFill: "#fffbeb",
  noteLine: "#f59e0b",
  noteInk: "#78350f",
};

/** What the PDF calls the item, where staff replace it and where visitors see it, by table. */
const kinds: Record<DemoDocumentTable, { name: string; field: string; section: string; page: string }> = {
  ebooks: { name: "e-book", field: "PDF link", section: adminSection("ebooks").title, page: "/ebooks" },
  free_materials: {
    name: "free material",
    field: "Material link",
    section: adminSection("free-materials").title,
    page: "/free-materials",
  },
};

const library = `Admin › ${adminSection("media").title}`;

export const messages = {
  label: "DEMO MATERIAL",
  kind: (name: string) => `${name[0]!.toUpperCase()}${name.slice(1)} · demo content of this site`,
  notice: `Demo material — this file stands in for the real one until staff upload it in ${library}.`,
  noExamFacts: "It is a placeholder, not study material: it holds no questions, answers, cut-offs, ranks or dates.",
  coversHeading: (name: string) => `What the real ${name} will cover`,
  staffHeading: "For staff",
  replace: (kind: (typeof kinds)[DemoDocumentTable]) =>
    `Upload the real PDF in ${library}, then choose it as this ${kind.name}'s ${kind.field} in Admin › ${kind.section}. ` +
    `Until then, View on ${kind.page} opens this page.`,
  kept: "The demo never replaces a link staff have set.",
  title: (title: string) => `${title} (demo)`,
};

/** The demo PDF of `doc`: one tagged A4 page (headings and paragraphs for screen readers). */
export async function renderDemoDocument(doc: DemoDocument): Promise<Buffer> {
  const kind = kinds[doc.table];
  const pdf = new PDFKit({
    size: "A4",
    margin: PAGE.margin,
    pdfVersion: "1.7",
    compress: false,
    tagged: true,
    lang: "en-IN",
    displayTitle: true,
    info: {
      Title: messages.title(doc.title),
      Subject: messages.notice,
      CreationDate: WRITTEN_ON,
      ModDate: WRITTEN_ON,
    },
  });
  const chunks: Buffer[] = [];
  pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<Buffer>((resolve, reject) => {
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });

  const root = pdf.struct("Document");
  pdf.addStructure(root);
  const block = (tag: string, draw: () => void) => root.add(pdf.struct(tag, {}, draw));
  const decoration = (draw: () => void) => {
    pdf.markContent("Artifact", { type: "Layout" });
    draw();
    pdf.endMarkedContent();
  };
  const x = PAGE.margin;

  decoration(() => pdf.rect(0, 0, PAGE.width, 10).fill(colours.band));
  block("P", () =>
    pdf.font("Helvetica-Bold").fontSize(10).fillColor(colours.noteInk).text(messages.label, x, PAGE.margin),
  );
  pdf.moveDown(0.6);
  block("H1", () =>
    pdf.font("Helvetica-Bold").fontSize(24).fillColor(colours.ink).text(doc.title, { width: TEXT_WIDTH }),
  );
  pdf.moveDown(0.3);
  block("P", () =>
    pdf.font("Helvetica").fontSize(12).fillColor(colours.muted).text(messages.kind(kind.name), { width: TEXT_WIDTH }),
  );
  pdf.moveDown(1.2);

  // The notice in a box: measured first, so the box is drawn under its words.
  const pad = 14;
  const inner = TEXT_WIDTH - 2 * pad;
  pdf.font("Helvetica-Bold").fontSize(13);
  const noticeHeight = pdf.heightOfString(messages.notice, { width: inner });
  pdf.font("Helvetica").fontSize(11);
  const gap = 6;
  const boxHeight = pad + noticeHeight + gap + pdf.heightOfString(messages.noExamFacts, { width: inner }) + pad;
  const top = pdf.y;
  decoration(() =>
    pdf.rect(x, top, TEXT_WIDTH, boxHeight).lineWidth(1.5).fillAndStroke(colours.noteFill, colours.noteLine),
  );
  block("P", () =>
    pdf
      .font("Helvetica-Bold")
      .fontSize(13)
      .fillColor(colours.noteInk)
      .text(messages.notice, x + pad, top + pad, { width: inner }),
  );
  block("P", () =>
    pdf
      .font("Helvetica")
      .fontSize(11)
      .fillColor(colours.noteInk)
      .text(messages.noExamFacts, x + pad, top + pad + noticeHeight + gap, { width: inner }),
  );
  pdf.x = x;
  pdf.y = top + boxHeight;
  pdf.moveDown(1.5);

  const heading = (text: string) => {
    block("H2", () => pdf.font("Helvetica-Bold").fontSize(15).fillColor(colours.ink).text(text, { width: TEXT_WIDTH }));
    pdf.moveDown(0.4);
  };
  const paragraph = (text: string) => {
    block("P", () =>
      pdf.font("Helvetica").fontSize(12).fillColor(colours.ink).text(text, { width: TEXT_WIDTH, lineGap: 3 }),
    );
    pdf.moveDown(0.8);
  };
  heading(messages.coversHeading(kind.name));
  paragraph(doc.description);
  pdf.moveDown(0.5);
  heading(messages.staffHeading);
  paragraph(messages.replace(kind));
  paragraph(messages.kept);

  root.end();
  pdf.end();
  return ended;
}

/** The generated module's text: each demo PDF in base64, by its file name. */
export async function demoDocumentModule(): Promise<string> {
  const entries: string[] = [];
  for (const doc of demoDocuments) {
    entries.push(
      `  ${JSON.stringify(doc.filename)}:\n    ${JSON.stringify((await renderDemoDocument(doc)).toString("base64"))},`,
    );
  }
  return [
    "// Generated by scripts/render-demo-documents.ts: the demo's e-book and free-material PDFs, in",
    "// base64 by file name. Do not edit: change the texts there and run it again.",
    "",
    "export const demoDocumentFiles: Readonly<Record<string, string>> = {",
    ...entries,
    "};",
    "",
  ].join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const file = new URL("../app/db/seed/demo-document-files.ts", import.meta.url);
  writeFileSync(file, await demoDocumentModule());
  console.log(`${file.pathname}: ${demoDocuments.length} PDFs`);
}
