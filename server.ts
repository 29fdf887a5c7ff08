// The production entry: Node 24 runs this file directly. Everything else, our HTTP server
// included (server/app.ts), is bundled into build/server by `npm run build`.
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

// Variables already set in the environment win over the file.
if (existsSync(".env")) process.loadEnvFile(".env");

// The bundle exists only after the build (BUILD_DIR, default build/); its API is server/app.ts.
const buildDir = resolve(process.env.BUILD_DIR ?? "build");
const bundle: typeof import("./server/app") = await import(pathToFileURL(`${buildDir}/server/index.js`).href);
try {
  await bundle.startServer();
} catch (error) {
  // A configuration mistake is said in one line; anything else keeps its stack.
  if (!(error instanceof bundle.ConfigurationError)) throw error;
  console.error(error.message);
  process.exit(1);
}
