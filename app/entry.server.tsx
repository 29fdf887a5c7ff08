import { readFileSync } from "node:fs";
import { Writable } from "node:stream";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { renderToPipeableStream } from "react-dom/server";
import { requestInfoContext } from "~/lib/request-context";
import { logger } from "~/core/logger.server";
import { DocumentAssetsContext } from "~/components/layout/document-assets";
import { documentScripts } from "~/lib/document/document-scripts.server";
import { pageShipsScripts, wantsWholeStylesheet } from "~/lib/route-handle";
import { createCssSubsetter, documentClasses } from "~/lib/document/css-subset.server";
import { inlineSmallImage } from "~/lib/document/inline-image.server";
import { inlinedPicture } from "~/lib/media/page-media.server";
import appCssHref from "~/app.css?url";

export const streamTimeout = 5_000;

/** A page's first image inside the document: a small library picture its loader read, or a small file of the site's own. */
const inlineImage = (src: string) => inlinedPicture(src) ?? inlineSmallImage(src);

/**
 * The site's stylesheet as the client build wrote it, read once: every document carries it
 * inline (issue 6). This bundle is <build>/server/index.js, the stylesheet <build>/client/assets/….
 * Null where there is no client build next to it (the dev server): documents then link it.
 */
function readAppCss(): string | null {
  if (import.meta.env.DEV) return null;
  try {
    return readFileSync(new URL(`../client${appCssHref}`, import.meta.url), "utf8");
  } catch {
    return null;
  }
}
const appCss = readAppCss();
if (appCss === null && !import.meta.env.DEV)
  logger.warn({ appCssHref }, "stylesheet not found in the client build: documents link it");
const cssSubset = appCss === null ? null : createCssSubsetter(appCss);
// The dev server's hot reloading needs React Router's own <Scripts/> (app/root.tsx).
const devScripts = { scroll: " ", taps: " ", context: " ", loader: " " };

// Documents are rendered whole (onAllReady): the server compresses each page once, as one
// buffer, and every visitor and crawler gets complete HTML without waiting on JavaScript.
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce } = loadContext.get(requestInfoContext);
  // A page whose routes ask for no JavaScript (issue 28) gets none: no client start, no loader
  // data for it, no scroll restoration. The others start their scripts after the load event.
  const handles = routerContext.staticHandlerContext.matches.map(
    ({ route }) => routerContext.routeModules[route.id]?.handle,
  );
  const shipsScripts = pageShipsScripts(handles);
  // A public page carries only the rules its markup can match (app/lib/document/css-subset.server.ts); one
  // with scripts links the whole stylesheet before its client starts. The admin's pages carry it
  // whole.
  const subsetCss = cssSubset !== null && !wantsWholeStylesheet(handles);
  const scripts = import.meta.env.DEV
    ? devScripts
    : shipsScripts
      ? documentScripts(routerContext, { stylesheet: subsetCss ? appCssHref : null })
      : null;

  return new Promise<Response>((resolve, reject) => {
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <DocumentAssetsContext value={{ css: appCss, scripts, inlineImage }}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </DocumentAssetsContext>,
      {
        nonce,
        // Never outline a finished Suspense boundary into a hidden div and a swap script: without
        // JavaScript that content would stay invisible. Documents are sent whole anyway.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          // Collected straight into one buffer: the server reads the whole body anyway, and a
          // stream per page (Node's, then a web stream over it) cost more than the copy.
          const chunks: Buffer[] = [];
          const body = new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              const document = Buffer.concat(chunks);
              resolve(
                new Response(subsetCss ? withCssSubset(document) : document, {
                  headers: responseHeaders,
                  status: responseStatusCode,
                }),
              );
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
        },
        onShellError: reject,
        onError(error) {
          responseStatusCode = 500;
          console.error(error);
        },
      },
    );
  });
}

/** The document with its inline stylesheet cut down to the rules its markup can match. */
function withCssSubset(document: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const html = document.toString("utf8");
  const at = html.indexOf(appCss!);
  if (at < 0) return document;
  // The stylesheet's own text holds no class attribute: the whole document can be read for them.
  const subset = cssSubset!(documentClasses(html));
  return Buffer.from(html.slice(0, at) + subset + html.slice(at + appCss!.length), "utf8");
}
