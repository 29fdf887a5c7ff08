import type { DB } from "~/db/client.server";
import { getSitePage } from "~/db/queries/site-pages.server";
import { renderMarkdown } from "../content/markdown.server";
import { defaultTermsMarkdown, termsPage } from "./terms-page";

// The terms page as visitors and staff see it (issue 48 item 7): staff's saved page, or the
// placeholder rendered with the same Markdown renderer and sanitiser.

export interface TermsContent {
  markdown: string;
  html: string;
  /** When staff last saved it; null while the placeholder shows. */
  updatedAt: string | null;
}

let placeholderHtml: string | undefined;

/** The placeholder's HTML, rendered once. */
function placeholder(): string {
  if (placeholderHtml === undefined) {
    const rendered = renderMarkdown(defaultTermsMarkdown);
    if (!rendered.ok) throw new Error("the terms page's placeholder does not render");
    placeholderHtml = rendered.html;
  }
  return placeholderHtml;
}

export async function loadTermsPage(db: DB): Promise<TermsContent> {
  const page = await getSitePage(db, termsPage.slug);
  return page
    ? { markdown: page.body_md, html: page.body_html, updatedAt: page.updated_at }
    : { markdown: defaultTermsMarkdown, html: placeholder(), updatedAt: null };
}
