// The production bundle's entry (vite.config.ts): everything server.ts and worker.ts call once
// the build is loaded. The request pipeline is request-listener.ts, the start and the graceful
// stop boot.ts, the outbox worker worker.ts.
export { ConfigurationError, startServer } from "./boot";
export { runWorkerProcess } from "./worker";
