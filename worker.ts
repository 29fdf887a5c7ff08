// Runs only the e-mail outbox worker, for deployments that keep it out of the web processes
// (OUTBOX_WORKER=off there). Needs `npm run build` first, like server.ts.
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

if (existsSync(".env")) process.loadEnvFile(".env");

// The bundle exists only after the build (BUILD_DIR, default build/); its API is server/app.ts.
const buildDir = resolve(process.env.BUILD_DIR ?? "build");
const bundle: typeof import("./server/app") = await import(pathToFileURL(`${buildDir}/server/index.js`).href);
await bundle.runWorkerProcess();
