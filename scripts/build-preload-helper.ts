// Vite wraps every dynamic import in its preload helper, which adds <link rel="modulepreload"> for
// the imported chunk's dependencies and loads its CSS: 0.7 KiB gzip in the first load of each page
// with a dynamic import (issue 6). Here neither is wanted: the site's one stylesheet is inline in
// every document, so no chunk carries CSS, and the dynamic imports (a form's schema, the booking
// dialog) load in the background where a dependency or two more in sequence costs nothing anyone
// waits for. With build.modulePreload off the helper is handed CSS files only (none here), and
// this plugin gives it a body that just imports.
import type { Plugin } from "vite";

const HELPER_ID = "\0vite/preload-helper.js";

export function passThroughPreloadHelper(): Plugin {
  return {
    name: "gate:pass-through-preload-helper",
    apply: "build",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.config.consumer === "client",
    load: {
      filter: { id: new RegExp(`^${HELPER_ID.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}$`) },
      handler() {
        return `export const __vitePreload = (load, deps) => {
  if (deps && deps.length) throw new Error("Unexpected preload dependencies: " + deps.join(", "));
  return load();
};`;
      },
    },
  };
}
