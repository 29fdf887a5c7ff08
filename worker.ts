// Runs only the e-mail outbox worker, for deployments that keep it out of the web processes
// (OUTBOX_WORKER=off there). Needs `npm run build` first, like server.ts.
import { existsSync } from "node:fs";

if (existsSync(".env")) process.loadEnvFile(".env");

// @ts-ignore -- the bundle exists only after the build; its API is server/app.ts.
const bundle: typeof import("./server/app") = await import("./build/server/index.js");
await bundle.runWorkerProcess();
