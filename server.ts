// The production entry: Node 24 runs this file directly. Everything else, our HTTP server
// included (server/app.ts), is bundled into build/server by `npm run build`.
import { existsSync } from "node:fs";

// Variables already set in the environment win over the file.
if (existsSync(".env")) process.loadEnvFile(".env");

// @ts-ignore -- the bundle exists only after the build; its API is server/app.ts.
const bundle: typeof import("./server/app") = await import("./build/server/index.js");
await bundle.startServer();
