import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets parallel test runs build side by side; server.ts reads the same variable.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // A page ships the manifest of its own routes only, inline (app/lib/document/document-scripts.server.ts);
  // the router fetches the rest from /__manifest as links appear, before they are followed.
  // The whole manifest of every route, admin included, as a module on every first load would
  // cost 2.3 KiB gzip of the 120 KiB JavaScript budget (issue 6).
  routeDiscovery: { mode: "lazy" },
} satisfies Config;
