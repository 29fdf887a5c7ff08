import { createContext, useContext, useState } from "react";
import {
  UNSAFE_FrameworkContext as FrameworkContext,
  UNSAFE_useScrollRestoration as useScrollRestoration,
} from "react-router";
import type { DocumentScripts } from "~/lib/document/document-scripts.server";

// How a document brings its CSS and JavaScript (issue 6: "the content must not wait for
// JavaScript"). The server (app/entry.server.tsx) provides the stylesheet's text and the
// document's scripts; in the browser these components render the same elements, whose content
// React keeps as the server sent it.

export interface DocumentAssets {
  /** The site's stylesheet, read from the client build; null on the dev server. */
  css: string | null;
  /**
   * The inline scripts that start the client (app/lib/document/document-scripts.server.ts); null on a page
   * that ships no JavaScript (~/lib/route-handle).
   */
  scripts: DocumentScripts | null;
  /** The page's first image as a data: URL when it is a small file of the site's own (app/lib/document/inline-image.server.ts). */
  inlineImage?: (src: string) => string;
}

export const DocumentAssetsContext = createContext<DocumentAssets | null>(null);

// In the browser the stylesheet is already in the document: read it back once, so that the
// element React renders there is the one the server sent (nothing to patch at hydration), and
// so that a root rendered anew (leaving an error page) renders it again. Its nonce too, which
// the browser hides from the attribute but keeps on the element: a style element without the
// page's nonce is refused by the Content-Security-Policy, and the page would lose its styles.
const styleInDocument =
  typeof document === "undefined" ? null : document.querySelector<HTMLStyleElement>("style[data-app-css]");
const cssInDocument = styleInDocument?.textContent ?? null;
const nonceInDocument = styleInDocument?.nonce || undefined;

/**
 * The page's Content-Security-Policy nonce, for an inline <style> of a component's own (the
 * purchase toast's): the server's, and in the browser the one the document was sent with.
 */
export function useNonce(): string | undefined {
  return useContext(FrameworkContext)?.nonce ?? nonceInDocument;
}

/**
 * The site's stylesheet, inline in the head: a few KiB compressed, and no render-blocking
 * request on a slow network. A link to it on the dev server, which serves the CSS itself.
 */
export function AppStylesheet({ href }: { href: string }) {
  const assets = useContext(DocumentAssetsContext);
  const nonce = useContext(FrameworkContext)?.nonce ?? nonceInDocument;
  const css = assets ? assets.css : cssInDocument;
  if (css === null) return <link rel="stylesheet" href={href} nonce={nonce} />;
  return <style data-app-css="" nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: css }} />;
}

/**
 * In place of React Router's <Scripts/> and <ScrollRestoration/>: the same client start, on the
 * window's load event and without module preloads in the head (app/lib/document/document-scripts.server.ts),
 * and the same scroll restoration. Nothing at all on a page the server sends without JavaScript;
 * such a page never hydrates, so in the browser (no assets context) these render as before.
 */
export function DeferredScripts() {
  const assets = useContext(DocumentAssetsContext);
  const nonce = useContext(FrameworkContext)?.nonce;
  // What <ScrollRestoration/> does once the router runs (positions saved and restored across the
  // router's navigations); its early script is `scripts.scroll`.
  useScrollRestoration();
  if (assets && assets.scripts === null) return null;
  const scripts = assets?.scripts;
  return (
    <>
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: scripts?.scroll ?? " " }} />
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: scripts?.taps ?? " " }} />
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: scripts?.context ?? " " }} />
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: scripts?.loader ?? " " }} />
    </>
  );
}

/**
 * The `src` of a page's first image: on the server, the file itself when it is small enough to
 * travel inside the document; in the browser, whatever the server wrote there, read back from the
 * element (its `data-file` names the file). So the image is in the document once, not a second
 * time in the loader data that hydrates it. After a client-side navigation there is no such
 * element and the image loads as a file.
 */
export function useFirstImageSrc(file: string): string {
  const assets = useContext(DocumentAssetsContext);
  const [inDocument] = useState(() =>
    typeof document === "undefined"
      ? null
      : document.querySelector(`img[data-file="${CSS.escape(file)}"]`)?.getAttribute("src"),
  );
  return assets?.inlineImage ? assets.inlineImage(file) : (inDocument ?? file);
}
