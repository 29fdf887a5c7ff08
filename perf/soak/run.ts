// `npm run soak [-- --duration 60 --connections 100 --database postgres://… --no-build --json]`:
// builds (unless --no-build), then runs the soak of perf/soak/soak.ts against the production
// server on loopback and prints its figures. Exits non-zero when a check fails. The server is
// built into and run from BUILD_DIR (default build/). --database names an existing PostgreSQL
// database (the server migrates and seeds it); without it a fresh SQLite file is used.
import { execFileSync } from "node:child_process";
import { parseArgs } from "node:util";
import { formatReport, runSoak } from "./soak";

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "60" },
    connections: { type: "string", default: "100" },
    database: { type: "string" },
    "no-build": { type: "boolean", default: false },
    json: { type: "boolean", default: false },
  },
  strict: true,
});

const duration = Number(values.duration);
const connections = Number(values.connections);
if (!(duration > 0) || !Number.isInteger(connections) || connections < 1) {
  console.error("--duration must be a positive number of seconds and --connections a positive integer");
  process.exit(2);
}
if (values.database && !/^postgres(ql)?:\/\//.test(values.database)) {
  console.error("--database must be a postgres:// URL (SQLite is the default)");
  process.exit(2);
}

const log = (line: string) => console.error(`› ${line}`);
if (!values["no-build"]) {
  log("building…");
  execFileSync("npm", ["run", "--silent", "build"], { stdio: ["ignore", "ignore", "inherit"] });
}

const report = await runSoak({ duration, connections, database: values.database, log });
console.log(values.json ? JSON.stringify(report, null, 2) : formatReport(report));
process.exit(report.ok ? 0 : 1);
