import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { precompressAssets } from "./scripts/build-precompress.ts";
import { passThroughPreloadHelper } from "./scripts/build-preload-helper.ts";

// What every public page loads: the root and public-shell route modules with their imports, the
// small modules every public page imports itself (its meta tags, the button styles), and tiny
// helpers the admin shares with the public pages, which would otherwise be requests of their own.
const shellRoots = ["app/root.tsx", "app/routes/public/layout.tsx", "app/components/static/page-meta.ts"].map((path) =>
  fileURLToPath(new URL(path, import.meta.url)),
);

interface GraphInfo {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/** The app modules root and the public layout import statically (not their node_modules). */
function shellModules(ctx: GraphInfo, ids: Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const queue = [...ids];
  while (queue.length) {
    const id = queue.pop()!;
    if (seen.has(id) || id.includes("node_modules")) continue;
    seen.add(id);
    queue.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

let shell: Set<string> | undefined;

export default defineConfig({
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter(), passThroughPreloadHelper(), precompressAssets()],
  // No modulepreload links for dynamic imports' dependencies (scripts/build-preload-helper.ts).
  build: { modulePreload: false },
  environments: {
    // Few chunks on first load (issue 6): each request costs a round trip and its headers on a
    // slow mobile network, and one bigger file compresses better than many small ones. React,
    // React DOM and React Router form one chunk (split in two, they cost 0.4 KiB more and put
    // /book-session over its budget, issue 28); the code of the root and the public shell
    // another, instead of a dozen sub-kilobyte chunks.
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  // With the (pass-through) preload helper, which would otherwise tie a page that
                  // imports something dynamically to whichever chunk rolldown put it in.
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]|^\0vite\/preload-helper/,
                  priority: 5,
                },
                {
                  debugName: "shell",
                  name(id, ctx) {
                    shell ??= shellModules(ctx, shellRoots);
                    return shell.has(id) ? "shell" : null;
                  },
                  test: /[\\/]app[\\/]/,
                  priority: 4,
                },
                // What every visitor form needs (its fields, the submit hook) in one chunk. Each form,
                // with its strings, then lands in a chunk of the pages that show it, so that /contact
                // loads neither the booking nor the testimonial form; the dialogs load on demand.
                {
                  name: "forms",
                  test: /[\\/]app[\\/](components[\\/]forms[\\/](fields|use-visitor-form|feedback|visitor-parts|shared-messages)|lib[\\/]forms[\\/]submission)\.tsx?$/,
                  priority: 2,
                },
                // The visitor forms' toaster, which /post-gate-guidance shows without any form of its own,
                // with the button that opens a form's dialog there and on the home page.
                {
                  name: "form-toasts",
                  test: /[\\/]app[\\/]components[\\/]forms[\\/](form-toasts|dialog-button)\.tsx$/,
                  priority: 3,
                },
                // The toast store with the toaster that shows it: the admin's screens load it with
                // their first page, the visitor forms on their first use (forms/form-toasts.tsx).
                {
                  name: "toaster",
                  test: /[\\/]app[\\/](components[\\/]ui[\\/]toaster\.tsx|lib[\\/]toast\.ts)$/,
                  priority: 3,
                },
                // Each set of icons in a chunk of its own, so that a page's icons do not bring the
                // components around them on other pages (a course page's calendar, the cards).
                ...(["catalog", "content"] as const).map((kind) => ({
                  name: `${kind}-icons`,
                  test: new RegExp(`[\\\\/]app[\\\\/]components[\\\\/]${kind}[\\\\/]icons\\.tsx$`),
                  minShareCount: 2,
                  priority: 2,
                })),
                // The building blocks several public pages share, one chunk per kind (the catalogue's
                // cards, the content pages' lists): a page loads the one or two it
                // uses rather than a request per module.
                ...(["catalog", "content"] as const).map((kind) => ({
                  name: kind,
                  test: new RegExp(`[\\\\/]app[\\\\/]components[\\\\/]${kind}[\\\\/]`),
                  minShareCount: 2,
                  priority: 1,
                  // The catalogue's cards by the set of pages that show them: a detail page loads its
                  // Buy Now card, not every card of the list pages.
                  entriesAware: kind === "catalog",
                })),
              ],
            },
          },
        },
      },
    },
    // The server bundle's entry is our own HTTP server (server/app.ts), which imports the
    // React Router build; server.ts only loads it and listens. One file: the server finds the
    // client build next to it (../client, app/entry.server.tsx), and has no use for lazy chunks.
    ssr: { build: { rollupOptions: { input: "./server/app.ts", output: { codeSplitting: false } } } },
  },
});
