// `npm run bench [-- --duration 10 --rounds 3 --connections 10,50 --threads 2 --scale 100 --base 1 --pages /,/ebooks
//   --server-cpus 0 --wrk-cpus 1 --no-pin --database postgres://postgres@127.0.0.1:5432/postgres --no-build --json]`
//
// Server speed of the public pages (issue 6): builds (unless --no-build), then for a database of
// the demo content and one of `--scale` times as much (scripts/db-seed-scale.ts) starts the
// production server twice, with its page cache (as deployed) and without it (PAGE_CACHE=off: every
// request renders), plus two references serving the very same compressed bytes as a static file:
// nginx from Debian's packages and a bare node:http server answering from memory
// (perf/bench/static-server.ts). wrk puts a bounded load on each on loopback, one at a time,
// page by page, and the table shows requests per second, p50 and p99 latency, errors (non-2xx and
// socket errors) and the rates relative to the references measured beside them, then the goals.
// Both databases' servers run at once, and each point is measured in --rounds rounds of all four
// kinds of server of each database in turn, each figure the median of its rounds (medianOf: the
// rate, p50, p99 and CPU each the middle one; the best round flattered every server, and most of
// all the one a busy machine slowed least, issue 28). Errors count across all rounds.
//
// Every server (ours, nginx and the in-memory one alike) runs on --server-cpus and wrk on
// --wrk-cpus, pinned with taskset: by default the servers on CPU 0 and wrk on the others, so that
// the load generator never takes the CPU of the server it measures and every server gets the same
// one. --no-pin, a machine with one CPU or one without taskset runs them wherever the kernel likes.
//
// Needs wrk and nginx (installed from Debian with apt-get when missing). Everything it starts
// (servers, nginx, wrk) is stopped when it ends, fails or is interrupted; its files live in a
// temporary directory that is removed. --database runs on PostgreSQL: the URL is an
// administrative connection, with which the bench creates and drops databases of its own.
import { spawn, spawnSync, type ChildProcess, type SpawnOptions } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { freePort, ROOT } from "../../support/app-process.ts";
import { pathsOf, publicPages } from "../../app/lib/site/pages.ts";
import { header, rawGet } from "../raw-get.ts";
import { createScaledDatabase } from "../../scripts/db-seed-scale";

const DEFAULT_PAGES = [
  ...pathsOf("home", "test-series", "job-alerts", "free-tests", "ebooks"),
  `${publicPages.search.path}?q=gate`,
];
const MODES = ["nginx", "memory", "cached", "uncached"] as const;
type Mode = (typeof MODES)[number];
const modeLabels: Record<Mode, string> = {
  nginx: "static nginx",
  memory: "static in-memory",
  cached: "server, cached",
  uncached: "server, uncached",
};

/** Processes of each server, cached and uncached, which the rounds take in turn (startDataset). */
const PROCESSES = 2;

/** Goals of issue 6 (README "Figures"). */
const GOALS = {
  cachedVsNginx: 0.4,
  /** Issue 28: the cache hit path costs little beyond writing the stored bytes. */
  cachedVsMemory: 0.8,
  uncachedVsMemory: 0.01,
  uncachedP99Ms: { 10: 60, 50: 400 } as Record<number, number>,
  scaleWithin: 0.1,
};

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    rounds: { type: "string", default: "3" },
    connections: { type: "string", default: "10,50" },
    threads: { type: "string", default: "2" },
    scale: { type: "string", default: "100" },
    // The database the scaled one is compared with: 1 is the demo content. The demo's lists are
    // shorter than one page, so at 100× the first pages hold more rows than at demo size; 10×
    // fills every first page, and then the comparison shows what the database's size alone costs.
    base: { type: "string", default: "1" },
    pages: { type: "string" },
    "server-cpus": { type: "string", default: "0" },
    "wrk-cpus": { type: "string" },
    "no-pin": { type: "boolean", default: false },
    database: { type: "string" },
    "no-build": { type: "boolean", default: false },
    json: { type: "boolean", default: false },
  },
  strict: true,
});

const duration = Number(values.duration.replace(/s$/, ""));
const rounds = Number(values.rounds);
const connectionCounts = values.connections.split(",").map(Number);
const threads = Number(values.threads);
const scale = Number(values.scale);
const base = Number(values.base);
const baseName = base === 1 ? "demo" : `${base}x`;
const pages = values.pages ? values.pages.split(",").map((p) => p.trim()) : DEFAULT_PAGES;
/** A taskset CPU list: "0", "1-3", "0,2". */
const cpuList = /^\d+(-\d+)?(,\d+(-\d+)?)*$/;
const serverCpus = values["server-cpus"];
// wrk takes every CPU the servers do not: on two CPUs, CPU 1.
const wrkCpus = values["wrk-cpus"] ?? otherCpus(serverCpus, cpus().length);
if (
  !(duration > 0 && duration <= 600) ||
  !(Number.isInteger(rounds) && rounds >= 1 && rounds <= 10) ||
  !connectionCounts.every((c) => Number.isInteger(c) && c >= 1 && c <= 1000) ||
  !(Number.isInteger(threads) && threads >= 1) ||
  !(Number.isInteger(scale) && scale >= 1) ||
  !(Number.isInteger(base) && base >= 1 && base <= scale) ||
  !pages.every((p) => p.startsWith("/")) ||
  !cpuList.test(serverCpus) ||
  (wrkCpus !== "" && !cpuList.test(wrkCpus))
) {
  console.error(
    "usage: npm run bench -- [--duration SECONDS (1-600)] [--rounds 3] [--connections 10,50] [--threads 2] [--scale 100]\n" +
      "                        [--base 1] [--pages /,/ebooks] [--server-cpus 0] [--wrk-cpus 1] [--no-pin]\n" +
      "                        [--database postgres://ADMIN_URL] [--no-build] [--json]\n" +
      "Each figure is the median of --rounds rounds; the servers run on --server-cpus and wrk on --wrk-cpus\n" +
      "(default: every CPU but the servers'), pinned with taskset unless --no-pin.",
  );
  process.exit(2);
}
if (values.database && !/^postgres(ql)?:\/\//.test(values.database)) {
  console.error("--database must be a postgres:// URL (SQLite is the default)");
  process.exit(2);
}

const log = (line: string) => console.error(`› ${line}`);

/** The CPU numbers of a taskset list ("0,2-3"). */
function cpusOf(list: string): number[] {
  return list.split(",").flatMap((part) => {
    const [from = Number.NaN, to = from] = part.split("-").map(Number);
    return to - from >= 0 && to - from < 4096 ? Array.from({ length: to - from + 1 }, (_, i) => from + i) : [];
  });
}

/** The CPUs of a machine with `count` of them that are not in `list`, as a taskset list ("" if none). */
function otherCpus(list: string, count: number): string {
  const taken = new Set(cpusOf(list));
  return Array.from({ length: count }, (_, cpu) => cpu)
    .filter((cpu) => !taken.has(cpu))
    .join(",");
}

/** Where the servers and wrk run (taskset CPU lists), or undefined: unpinned (choosePinning). */
let pinning: { server: string; wrk: string; taskset: string } | undefined;

/** The command and arguments that run `command` on `role`'s CPUs (as they are, when unpinned). */
function pinned(role: "server" | "wrk", command: string, args: string[]): [string, string[]] {
  return pinning ? [pinning.taskset, ["-c", pinning[role], command, ...args]] : [command, args];
}

// --- everything the bench starts, so that it can all be stopped -----------------------------------

const children = new Set<ChildProcess>();
const cleanups: (() => Promise<void> | void)[] = [];

function track(command: string, args: string[], options: SpawnOptions): ChildProcess {
  const child = spawn(command, args, options);
  children.add(child);
  child.once("exit", () => children.delete(child));
  child.once("error", () => children.delete(child));
  return child;
}

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/** SIGTERM (the servers finish in-flight requests and close), then SIGKILL after a grace period. */
async function stop(child: ChildProcess, graceMs = 10_000) {
  if (exited(child) || child.pid === undefined) return;
  const done = new Promise<void>((ok) => child.once("exit", () => ok()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
  await done;
  clearTimeout(timer);
}

let cleaned = false;
let interrupted = false;
async function cleanup() {
  if (cleaned) return;
  cleaned = true;
  await Promise.all([...children].map((child) => stop(child)));
  for (const step of cleanups.toReversed()) {
    try {
      await step();
    } catch (error) {
      console.error(`cleanup: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

// Last resort if the process exits some other way: nothing it started may outlive it.
process.on("exit", () => {
  for (const child of children) child.kill("SIGKILL");
});
for (const [signal, code] of [
  ["SIGINT", 130],
  ["SIGTERM", 143],
  ["SIGHUP", 129],
] as const) {
  process.on(signal, () => {
    interrupted = true;
    log(`${signal}: stopping everything the bench started…`);
    void cleanup().finally(() => process.exit(code));
  });
}

// --- tools -------------------------------------------------------------------------------------

function which(name: string, fallbacks: string[] = []): string | undefined {
  const found = spawnSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" }).stdout.trim();
  if (found) return found;
  return fallbacks.find((path) => spawnSync(path, ["-v"], { stdio: "ignore" }).status === 0);
}

/** wrk and nginx from Debian's packages, installed with apt-get when missing. */
function ensureTools() {
  let wrk = which("wrk");
  let nginx = which("nginx", ["/usr/sbin/nginx"]);
  const missing = [...(wrk ? [] : ["wrk"]), ...(nginx ? [] : ["nginx"])];
  if (missing.length) {
    const sudo = process.getuid?.() === 0 ? [] : ["sudo"];
    const run = (args: string[]) => {
      log([...sudo, ...args].join(" "));
      const result = spawnSync(sudo[0] ?? args[0]!, sudo.length ? args : args.slice(1), {
        stdio: ["ignore", "inherit", "inherit"],
        env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
      });
      if (result.status !== 0) throw new Error(`${args.join(" ")} failed; install ${missing.join(" ")} by hand`);
    };
    log(`installing ${missing.join(" and ")} from Debian's packages…`);
    run(["apt-get", "update", "-qq"]);
    run(["apt-get", "install", "-y", "-qq", ...missing]);
    wrk = which("wrk");
    nginx = which("nginx", ["/usr/sbin/nginx"]);
  }
  if (!wrk || !nginx) throw new Error("wrk and nginx are needed");
  return { wrk, nginx };
}

let pinReason = "";

/** Pins unless --no-pin, taskset is missing, or no CPU is left for wrk (a one-CPU machine). */
function choosePinning() {
  const taskset = which("taskset");
  const count = cpus().length;
  const outside = (list: string) => cpusOf(list).some((cpu) => cpu >= count);
  if (values["no-pin"]) pinReason = "--no-pin";
  else if (!taskset) pinReason = "taskset not found";
  else if (count < 2 || wrkCpus === "") pinReason = `${count} CPU${count > 1 ? "s" : ""}, none left for wrk`;
  else if (outside(serverCpus) || outside(wrkCpus)) pinReason = `this machine has CPUs 0-${count - 1} only`;
  else pinning = { server: serverCpus, wrk: wrkCpus, taskset };
}

function versionOf(command: string, args: string[]) {
  const result = spawnSync(command, args, { encoding: "utf8" });
  return `${result.stdout}${result.stderr}`.split("\n")[0]?.trim() ?? "?";
}

// --- HTTP helpers --------------------------------------------------------------------------------

/** What Chromium (and so most visitors' browsers) sends: zstd, brotli or gzip, as the server picks. */
const ACCEPT_ENCODING = "gzip, deflate, br, zstd";
const ACCEPT = { "Accept-Encoding": ACCEPT_ENCODING };

async function waitUntil(what: string, child: ChildProcess, ready: () => Promise<boolean>, logFile: string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (exited(child)) throw new Error(`${what} exited with ${child.exitCode ?? child.signalCode}:\n${tail(logFile)}`);
    if (await ready().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not start within 120 s:\n${tail(logFile)}`);
}

function tail(file: string) {
  try {
    return readFileSync(file, "utf8").split("\n").slice(-20).join("\n");
  } catch {
    return "(no output)";
  }
}

// --- the servers ---------------------------------------------------------------------------------

interface Running {
  url: string;
  child: ChildProcess;
}

/** `node server.ts` (the production entry) on a free loopback port; its log goes to a file. */
async function startSite(dir: string, label: string, databaseUrl: string, env: Record<string, string> = {}) {
  const port = await freePort();
  const logFile = join(dir, `${label}.log`);
  const fd = openSync(logFile, "a");
  const child = track(...pinned("server", process.execPath, ["server.ts"]), {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      SITE_URL: `http://127.0.0.1:${port}`,
      SEED_DEMO: "1",
      // The bench measures this machine: the worker checks no outside links (issue 48).
      LINK_CHECK: "off",
      ...env,
    },
    stdio: ["ignore", fd, fd],
  });
  closeSync(fd);
  const url = `http://127.0.0.1:${port}`;
  await waitUntil(`the ${label} server`, child, async () => (await rawGet(`${url}/healthz`)).status === 200, logFile);
  return { url, child } satisfies Running;
}

interface Reference {
  path: string;
  /** Where the static servers answer it. */
  staticPath: string;
  file: string;
  headers: [string, string][];
  bytes: number;
  identityBytes: number;
}

// Hop-by-hop and per-response headers each server writes itself.
const OWN_HEADERS = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length"]);

/** Each page as the cached server answers it with brotli (a cache hit), written to a file. */
async function captureReferences(dir: string, site: Running): Promise<Reference[]> {
  mkdirSync(join(dir, "pages"), { recursive: true });
  const references: Reference[] = [];
  for (const [i, path] of pages.entries()) {
    await rawGet(site.url + path, ACCEPT); // the first request renders and fills the cache
    const answer = await rawGet(site.url + path, ACCEPT);
    if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
    if (header(answer, "content-encoding") !== "br") throw new Error(`${path} was not sent with brotli`);
    if (header(answer, "x-cache") !== "hit") throw new Error(`${path} was not served from the page cache`);
    const identity = await rawGet(site.url + path);
    const file = join(dir, "pages", `p${i}.br`);
    writeFileSync(file, answer.body);
    references.push({
      path,
      staticPath: `/p${i}`,
      file,
      headers: answer.headers.filter(([name]) => !OWN_HEADERS.has(name)),
      bytes: answer.body.length,
      identityBytes: identity.body.length,
    });
  }
  return references;
}

/** A string in nginx's configuration syntax. */
const quote = (value: string) => `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;

/** nginx in the foreground, one process, with its own config, pid, logs and temp paths. */
async function startNginx(nginx: string, dir: string, references: Reference[]) {
  const prefix = join(dir, "nginx");
  mkdirSync(join(prefix, "temp"), { recursive: true });
  const port = await freePort();
  const locations = references.map((ref) => {
    const type = ref.headers.find(([name]) => name === "content-type")?.[1] ?? "text/html";
    // nginx expands $ in strings and has no escape for it: such a header (none of ours today) is left out.
    const extra = ref.headers
      .filter(([name, value]) => name !== "content-type" && !value.includes("$"))
      .map(([name, value]) => `      add_header ${name} ${quote(value)} always;`);
    return [
      `    location = ${ref.staticPath} {`,
      `      default_type ${quote(type)};`,
      ...extra,
      `      alias ${ref.file};`,
      `    }`,
    ].join("\n");
  });
  const conf = join(prefix, "nginx.conf");
  writeFileSync(
    conf,
    `# The bench's static reference (perf/bench/pages.ts): the pages' bytes as files, on loopback.
daemon off;
master_process off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  server_tokens off;
  etag off;
  sendfile on;
  tcp_nopush on;
  keepalive_timeout 65;
  keepalive_requests 1000000;
  types { }
  client_body_temp_path ${prefix}/temp/body;
  proxy_temp_path ${prefix}/temp/proxy;
  fastcgi_temp_path ${prefix}/temp/fastcgi;
  uwsgi_temp_path ${prefix}/temp/uwsgi;
  scgi_temp_path ${prefix}/temp/scgi;
  server {
    listen 127.0.0.1:${port};
${locations.join("\n")}
  }
}
`,
  );
  const logFile = join(prefix, "error.log");
  const child = track(...pinned("server", nginx, ["-e", logFile, "-p", `${prefix}/`, "-c", conf]), {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntil(
      "nginx",
      child,
      async () => (await rawGet(url + references[0]!.staticPath)).status === 200,
      logFile,
    );
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${stderr}`, { cause: error });
  }
  return { url, child } satisfies Running;
}

/** The in-memory reference: perf/bench/static-server.ts, a process of its own. */
async function startMemory(dir: string, references: Reference[]) {
  const port = await freePort();
  const manifest = join(dir, "memory.json");
  writeFileSync(
    manifest,
    JSON.stringify({
      host: "127.0.0.1",
      port,
      pages: references.map((ref) => ({ path: ref.staticPath, bodyFile: ref.file, headers: ref.headers })),
    }),
  );
  const logFile = join(dir, "memory.log");
  const fd = openSync(logFile, "a");
  const child = track(...pinned("server", process.execPath, [join(ROOT, "perf/bench/static-server.ts"), manifest]), {
    stdio: ["ignore", fd, fd],
  });
  closeSync(fd);
  const url = `http://127.0.0.1:${port}`;
  await waitUntil(
    "the in-memory server",
    child,
    async () => (await rawGet(url + references[0]!.staticPath)).status === 200,
    logFile,
  );
  return { url, child } satisfies Running;
}

/** The references must put the same bytes on the wire as our server. */
async function checkSameBytes(what: string, site: Running, references: Reference[]) {
  for (const ref of references) {
    const answer = await rawGet(site.url + ref.staticPath, ACCEPT);
    if (answer.status !== 200 || !answer.body.equals(readFileSync(ref.file)))
      throw new Error(`${what} does not answer ${ref.path}'s bytes (status ${answer.status})`);
    if (header(answer, "content-encoding") !== "br") throw new Error(`${what} sends ${ref.path} without its encoding`);
  }
}

/** What wrk loads, and the process serving it. */
interface Target {
  url: string;
  pid: number | undefined;
}

// --- wrk ---------------------------------------------------------------------------------------------

interface Measure {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  errors: number;
  non2xx: number;
  socketErrors: number;
  /** CPU time the serving process spent per request (Linux /proc): steadier than req/s on a busy machine. */
  cpuMsPerRequest: number | null;
}

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

function toMs(text: string | undefined): number {
  const match = text?.match(/^([\d.]+)(us|ms|s|m|h)$/);
  return match ? Number(match[1]) * UNIT_MS[match[2]!]! : Number.NaN;
}

/** Reads wrk's report: Requests/sec, the --latency percentiles, non-2xx/3xx and socket errors. */
function parseWrk(output: string): Measure {
  const rps = Number(output.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? Number.NaN);
  const requests = Number(output.match(/(\d+) requests in/)?.[1] ?? 0);
  const p50Ms = toMs(output.match(/^\s+50%\s+(\S+)/m)?.[1]);
  const p99Ms = toMs(output.match(/^\s+99%\s+(\S+)/m)?.[1]);
  const non2xx = Number(output.match(/Non-2xx or 3xx responses:\s+(\d+)/)?.[1] ?? 0);
  const socket = output.match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/);
  const socketErrors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  return { rps, p50Ms, p99Ms, requests, errors: non2xx + socketErrors, non2xx, socketErrors, cpuMsPerRequest: null };
}

const CLOCK_TICKS = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;

/** User + system CPU time of a process and its threads so far, in ms; null where /proc is missing. */
function cpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name, which may hold spaces: state is the 3rd field, utime the 14th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/** The middle value (the mean of the middle two of an even count); null when there is none. */
function median(figures: readonly number[]): number | null {
  const sorted = figures.filter(Number.isFinite).toSorted((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * The rounds' figures as one: the rate, p50, p99 and CPU per request each the median of the
 * rounds' (each taken on its own, so they need not come from one round), requests and errors
 * summed over all rounds.
 */
function medianOf(measures: readonly Measure[]): Measure {
  const of = (pick: (m: Measure) => number | null) =>
    median(measures.flatMap((m) => (pick(m) === null ? [] : [pick(m)!])));
  const sum = (pick: (m: Measure) => number) => measures.reduce((total, m) => total + pick(m), 0);
  return {
    rps: of((m) => m.rps) ?? Number.NaN,
    p50Ms: of((m) => m.p50Ms) ?? Number.NaN,
    p99Ms: of((m) => m.p99Ms) ?? Number.NaN,
    cpuMsPerRequest: of((m) => m.cpuMsPerRequest),
    requests: sum((m) => m.requests),
    errors: sum((m) => m.errors),
    non2xx: sum((m) => m.non2xx),
    socketErrors: sum((m) => m.socketErrors),
  };
}

async function runWrk(wrk: string, target: Target, connections: number, seconds: number): Promise<Measure> {
  const args = [
    `-t${Math.min(threads, connections)}`,
    `-c${connections}`,
    `-d${seconds}s`,
    "--timeout",
    "10s",
    "--latency",
    "-H",
    `Accept-Encoding: ${ACCEPT_ENCODING}`,
    target.url,
  ];
  const cpuBefore = cpuMs(target.pid);
  const child = track(...pinned("wrk", wrk, args), { stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  child.stdout!.on("data", (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise<number | null>((done) => child.once("exit", (c) => done(c)));
  if (code !== 0) throw new Error(`wrk ${args.join(" ")} exited with ${code}:\n${out}`);
  const cpuAfter = cpuMs(target.pid);
  const measure = parseWrk(out);
  if (!Number.isFinite(measure.rps)) throw new Error(`could not read wrk's report:\n${out}`);
  if (cpuBefore !== null && cpuAfter !== null && measure.requests > 0)
    measure.cpuMsPerRequest = (cpuAfter - cpuBefore) / measure.requests;
  return measure;
}

// --- the run ---------------------------------------------------------------------------------------

interface Row extends Measure {
  dataset: string;
  factor: number;
  page: string;
  mode: Mode;
  connections: number;
  /** req/s relative to nginx and to the in-memory server, same page, same connections. */
  vsNginx: number | null;
  vsMemory: number | null;
  /** 100× rows: req/s relative to the demo's, raw and as a share of the in-memory rate. */
  vsDemo: number | null;
  vsDemoNormalised: number | null;
}

interface DatasetInfo {
  name: string;
  factor: number;
  engine: "sqlite" | "postgres";
  pages: { path: string; brBytes: number; identityBytes: number }[];
}

async function createDatabase(dir: string, name: string, factor: number): Promise<string> {
  let url: string;
  if (values.database) {
    const database = `gate_bench_${name}_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: values.database });
    await admin.connect();
    await admin.query(`create database ${database}`);
    await admin.end();
    cleanups.push(async () => {
      const c = new pg.Client({ connectionString: values.database });
      await c.connect();
      await c.query(`drop database if exists ${database} with (force)`);
      await c.end();
    });
    url = values.database.replace(/\/[^/]*$/, `/${database}`);
  } else {
    url = `file:${join(dir, `${name}.db`)}`;
  }
  const started = performance.now();
  await createScaledDatabase(url, factor);
  log(`${name}: ${factor}× the demo content seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return url;
}

/** One database's servers (nginx, in-memory, two cached, two uncached), started, checked, ready. */
interface Dataset {
  name: string;
  factor: number;
  references: Reference[];
  /** Where round `round` measures a page. */
  targets: Record<Mode, (ref: Reference, round: number) => Target>;
  cached: Running[];
  uncached: Running[];
  info: DatasetInfo;
}

async function startDataset(
  tools: { wrk: string; nginx: string },
  tmp: string,
  name: string,
  factor: number,
  started: Running[],
): Promise<Dataset> {
  const dir = join(tmp, name);
  mkdirSync(dir, { recursive: true });
  const databaseUrl = await createDatabase(dir, name, factor);
  // Two processes of each server, which the rounds take in turn: identical processes on the same
  // database served cache hits 25 % apart (0.022 against 0.029–0.031 ms of CPU each, in four
  // processes measured twice), which would otherwise decide a comparison of two databases.
  const cached: Running[] = [];
  const uncached: Running[] = [];
  for (let n = 1; n <= PROCESSES; n++) {
    cached.push(await startSite(dir, `cached-${n}`, databaseUrl));
    uncached.push(await startSite(dir, `uncached-${n}`, databaseUrl, { PAGE_CACHE: "off" }));
  }
  started.push(...cached, ...uncached);
  const references = await captureReferences(dir, cached[0]!);
  for (const other of cached.slice(1)) await captureReferences(join(dir, "other"), other);
  const nginx = await startNginx(tools.nginx, dir, references);
  started.push(nginx);
  const memory = await startMemory(dir, references);
  started.push(memory);
  await checkSameBytes("nginx", nginx, references);
  await checkSameBytes("the in-memory server", memory, references);
  for (const ref of references) {
    for (const site of uncached) {
      const answer = await rawGet(site.url + ref.path, ACCEPT);
      if (answer.status !== 200 || header(answer, "x-cache"))
        throw new Error(
          `the uncached server answered ${ref.path} with ${answer.status}, X-Cache ${header(answer, "x-cache")}`,
        );
    }
  }
  const inTurn = (sites: Running[], round: number) => sites[(round - 1) % sites.length]!;
  log(
    `${name}: pages (brotli bytes): ${references.map((r) => `${r.path} ${(r.bytes / 1024).toFixed(1)} KiB`).join(", ")}`,
  );
  return {
    name,
    factor,
    references,
    targets: {
      nginx: (ref) => ({ url: nginx.url + ref.staticPath, pid: nginx.child.pid }),
      memory: (ref) => ({ url: memory.url + ref.staticPath, pid: memory.child.pid }),
      cached: (ref, round) => ({ url: inTurn(cached, round).url + ref.path, pid: inTurn(cached, round).child.pid }),
      uncached: (ref, round) => ({
        url: inTurn(uncached, round).url + ref.path,
        pid: inTurn(uncached, round).child.pid,
      }),
    },
    cached,
    uncached,
    info: {
      name,
      factor,
      engine: values.database ? "postgres" : "sqlite",
      pages: references.map((r) => ({ path: r.path, brBytes: r.bytes, identityBytes: r.identityBytes })),
    },
  };
}

/**
 * Every point on every database. The databases take turns within each round, as their servers
 * do, so that the 100×-against-demo ratios, too, compare figures taken under the same machine
 * load (measured one database after the other, ten minutes apart, cached rates that never touch
 * the database moved by 10–13 % between them).
 */
async function measureAll(wrk: string, datasets: Dataset[]): Promise<Row[]> {
  const rows: Row[] = [];
  // A fresh process renders faster after its first half-minute of load (an uncached /test-series
  // at 50 connections: 2.0 ms of CPU a page in its first four 5-s runs, 1.6 ms from the sixth on):
  // every rendering process first renders every page for a while, so that the rounds compare
  // processes in the same, steady state.
  const renderWarmup = Math.min(5, duration);
  log(`warming up the uncached servers: ${renderWarmup} s of each page on each…`);
  for (const d of datasets)
    for (const site of d.uncached)
      for (const ref of d.references)
        await runWrk(
          wrk,
          { url: site.url + ref.path, pid: site.child.pid },
          Math.min(10, ...connectionCounts),
          renderWarmup,
        );
  const warmup = Math.min(2, Math.max(1, Math.floor(duration / 2)));
  for (const [index, { path }] of datasets[0]!.references.entries()) {
    const refOf = (d: Dataset) => d.references[index]!;
    for (const d of datasets)
      for (const mode of MODES)
        for (let round = 1; round <= (mode === "cached" || mode === "uncached" ? PROCESSES : 1); round++)
          await runWrk(wrk, d.targets[mode](refOf(d), round), Math.min(10, ...connectionCounts), warmup);
    for (const connections of connectionCounts) {
      const measured = new Map(datasets.map((d) => [d, {} as Record<Mode, Measure[]>]));
      for (let round = 1; round <= rounds; round++) {
        // Each round reverses the databases' order, so that neither always runs right after the other.
        for (const d of round % 2 ? datasets : datasets.toReversed()) {
          for (const mode of MODES) {
            const of = rounds > 1 ? `, round ${round} of ${rounds}` : "";
            log(`${d.name} ${path} ${modeLabels[mode]}, ${connections} connections, ${duration} s${of}…`);
            const runs = (measured.get(d)![mode] ??= []);
            runs.push(await runWrk(wrk, d.targets[mode](refOf(d), round), connections, duration));
          }
        }
      }
      for (const d of datasets) {
        const runs = measured.get(d)!;
        const m = Object.fromEntries(MODES.map((mode) => [mode, medianOf(runs[mode])])) as Record<Mode, Measure>;
        for (const mode of MODES)
          rows.push({
            dataset: d.name,
            factor: d.factor,
            page: path,
            mode,
            connections,
            ...m[mode],
            vsNginx: m.nginx.rps ? m[mode].rps / m.nginx.rps : null,
            vsMemory: m.memory.rps ? m[mode].rps / m.memory.rps : null,
            vsDemo: null,
            vsDemoNormalised: null,
          });
      }
    }
    for (const site of datasets.flatMap((d) => d.cached)) {
      const hit = await rawGet(site.url + path, ACCEPT);
      if (header(hit, "x-cache") !== "hit") throw new Error(`${path}: a cached server stopped answering hits`);
    }
  }
  // The table lists one database after the other.
  return datasets.flatMap((d) => rows.filter((r) => r.dataset === d.name));
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;

/** Pages that hold more rows on the scaled database: their first page is not full on the base one. */
function grownPages(infos: DatasetInfo[]): string[] {
  const [baseInfo, scaled] = infos;
  if (!baseInfo || !scaled) return [];
  const grown = scaled.pages.flatMap((page) => {
    const before = baseInfo.pages.find((p) => p.path === page.path);
    return before && page.identityBytes > before.identityBytes * 1.05
      ? [`${page.path} ${kib(before.identityBytes)} → ${kib(page.identityBytes)}`]
      : [];
  });
  return grown.length
    ? [
        `  Larger pages at ${scaled.name} (HTML before compression): ${grown.join(", ")}; their lists fill`,
        `  the first page only there. --base 10 compares the same page contents on 10× and ${scaled.name}.`,
      ]
    : [];
}

// --- the report ------------------------------------------------------------------------------------

interface Goal {
  goal: string;
  met: boolean | null;
  detail: string;
}

const pct = (x: number) => `${(x * 100).toFixed(x < 0.1 ? 2 : 0)} %`;
const fmt = (n: number | null, digits = 2) => (n === null || !Number.isFinite(n) ? "–" : n.toFixed(digits));
const ms = (n: number) => (n < 10 ? n.toFixed(2) : n < 100 ? n.toFixed(1) : n.toFixed(0));

function evaluateGoals(rows: Row[], datasets: string[]): Goal[] {
  const goals: Goal[] = [];

  for (const dataset of datasets) {
    const cached = rows.filter((r) => r.dataset === dataset && r.mode === "cached");
    const worst = cached.reduce<Row | undefined>(
      (w, r) => (!w || (r.vsNginx ?? 0) < (w.vsNginx ?? 0) ? r : w),
      undefined,
    );
    goals.push({
      goal: `${dataset}: cached pages ≥ ${GOALS.cachedVsNginx}× the nginx rate`,
      met: cached.every((r) => (r.vsNginx ?? 0) >= GOALS.cachedVsNginx),
      detail: worst
        ? `lowest ${worst.vsNginx?.toFixed(2)}× (${worst.page}, ${worst.connections} conns); ` +
          `${cached.filter((r) => (r.vsNginx ?? 0) >= GOALS.cachedVsNginx).length} of ${cached.length} points met`
        : "not measured",
    });

    const lowestVsMemory = cached.reduce<Row | undefined>(
      (w, r) => (!w || (r.vsMemory ?? 0) < (w.vsMemory ?? 0) ? r : w),
      undefined,
    );
    goals.push({
      goal: `${dataset}: cached pages ≥ ${GOALS.cachedVsMemory}× the in-memory rate (issue 28)`,
      met: cached.every((r) => (r.vsMemory ?? 0) >= GOALS.cachedVsMemory),
      detail: lowestVsMemory
        ? `lowest ${lowestVsMemory.vsMemory?.toFixed(2)}× (${lowestVsMemory.page}, ${lowestVsMemory.connections} conns); ` +
          `${cached.filter((r) => (r.vsMemory ?? 0) >= GOALS.cachedVsMemory).length} of ${cached.length} points met`
        : "not measured",
    });

    const series = rows.filter((r) => r.dataset === dataset && r.mode === "uncached" && r.page === "/test-series");
    if (series.length === 0) continue;
    goals.push({
      goal: `${dataset}: uncached /test-series ≥ ${pct(GOALS.uncachedVsMemory)} of the in-memory static rate`,
      met: series.every((r) => (r.vsMemory ?? 0) >= GOALS.uncachedVsMemory),
      detail: series.map((r) => `${pct(r.vsMemory ?? 0)} at ${r.connections} conns`).join(", "),
    });
    for (const r of series) {
      const limit = GOALS.uncachedP99Ms[r.connections];
      if (limit === undefined) continue;
      goals.push({
        goal: `${dataset}: uncached /test-series p99 ≤ ${limit} ms at ${r.connections} connections`,
        met: r.p99Ms <= limit,
        detail: `p99 ${r.p99Ms.toFixed(1)} ms`,
      });
    }
  }

  // "The 100× database within 10 % of the demo-size figures": the figures the goals above are
  // about, the cached pages' rates and uncached /test-series' rate and p99. The
  // other pages' uncached rates are printed too; where a list's first page is fuller at 100×
  // (grownPages), that compares two different pages, and --base 10 compares the same ones.
  const scaled = rows.filter((r) => r.vsDemo !== null);
  if (scaled.length) {
    const floor = 1 - GOALS.scaleWithin;
    const baseRow = (r: Row) =>
      rows.find((d) => d.factor === base && d.page === r.page && d.mode === r.mode && d.connections === r.connections);
    // CPU per request, the steadiest figure on a shared machine: at most 1/0.9 of the base's.
    const cpuWithin = (r: Row) => {
      const theirs = baseRow(r)?.cpuMsPerRequest;
      return !!theirs && r.cpuMsPerRequest !== null && r.cpuMsPerRequest * floor <= theirs;
    };
    const name = scaled[0]!.dataset;
    // Rates are compared as shares of the in-memory rate measured beside them (vsDemoNormalised).
    const within = (r: Row) => (r.vsDemoNormalised ?? 0) >= floor;
    const listBelow = (below: Row[]) =>
      below.length
        ? `; below: ${below.map((r) => `${r.page} ${r.connections}c ${(r.vsDemoNormalised ?? 0).toFixed(2)}×`).join(", ")}`
        : "";

    // A hit sends the page from memory as the in-memory server does, copying every byte where nginx
    // does not (sendfile): so the rate is taken relative to the in-memory server's, which also
    // follows a page that is larger at 100×.
    const cached = scaled.filter((r) => r.mode === "cached");
    const cachedBelow = cached.filter((r) => !within(r));
    const nginxWithin = cached.filter((r) => {
      const theirs = baseRow(r)?.vsNginx;
      return !!theirs && (r.vsNginx ?? 0) / theirs >= floor;
    });
    goals.push({
      goal: `${name}: cached pages within ${pct(GOALS.scaleWithin)} of ${baseName}'s`,
      met: cachedBelow.length === 0,
      detail:
        `${cached.length - cachedBelow.length} of ${cached.length} points, each rate taken relative to the in-memory ` +
        `rate measured beside it (as a share of nginx's: ${nginxWithin.length} of ${cached.length}; ` +
        `CPU ms per request: ${cached.filter(cpuWithin).length} of ${cached.length})` +
        listBelow(cachedBelow),
    });

    const series = scaled.filter((r) => r.mode === "uncached" && r.page === "/test-series");
    if (series.length) {
      const seriesMet = (r: Row) => within(r) && r.p99Ms * floor <= (baseRow(r)?.p99Ms ?? 0);
      goals.push({
        goal: `${name}: uncached /test-series within ${pct(GOALS.scaleWithin)} of ${baseName}'s (rate and p99)`,
        met: series.every(seriesMet),
        detail: series
          .map(
            (r) =>
              `${r.connections} conns: rate ${fmt(r.vsDemoNormalised)}× (share of the in-memory rate), ` +
              `p99 ${ms(r.p99Ms)} ms against ${ms(baseRow(r)?.p99Ms ?? Number.NaN)}`,
          )
          .join("; "),
      });
    }

    const uncached = scaled.filter((r) => r.mode === "uncached");
    const uncachedBelow = uncached.filter((r) => !within(r));
    goals.push({
      goal: `${name}: uncached, every page, within ${pct(GOALS.scaleWithin)} of ${baseName}'s (for information)`,
      met: null,
      detail:
        `${uncached.length - uncachedBelow.length} of ${uncached.length} points, each rate taken relative to the in-memory ` +
        `rate measured beside it (CPU ms per request: ${uncached.filter(cpuWithin).length} of ${uncached.length})` +
        listBelow(uncachedBelow),
    });
  }
  return goals;
}

function formatTable(rows: Row[]): string {
  const head = [
    "data",
    "page",
    "mode",
    "conns",
    "req/s",
    "p50 ms",
    "p99 ms",
    "errors",
    "×nginx",
    "×memory",
    "vs demo",
    "vs demo*",
    "cpu ms/req",
  ];
  const body = rows.map((r) => [
    r.dataset,
    r.page,
    modeLabels[r.mode],
    String(r.connections),
    r.rps.toFixed(0),
    ms(r.p50Ms),
    ms(r.p99Ms),
    String(r.errors),
    fmt(r.vsNginx, r.vsNginx !== null && r.vsNginx < 0.1 ? 4 : 2),
    fmt(r.vsMemory, r.vsMemory !== null && r.vsMemory < 0.1 ? 4 : 2),
    fmt(r.vsDemo),
    fmt(r.vsDemoNormalised),
    r.cpuMsPerRequest === null ? "–" : ms(r.cpuMsPerRequest),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)));
  const numeric = new Set([3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  const line = (cells: string[]) =>
    cells.map((c, i) => (numeric.has(i) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join("  ");
  return [line(head), widths.map((w) => "-".repeat(w)).join("  "), ...body.map(line)].join("\n");
}

async function main() {
  const tools = ensureTools();
  log(`${versionOf(tools.wrk, ["-v"])}; ${versionOf(tools.nginx, ["-v"])}; node ${process.version}`);
  choosePinning();
  log(
    pinning
      ? `servers pinned to CPU ${pinning.server}, wrk to CPU ${pinning.wrk} (taskset)`
      : `not pinned: ${pinReason}`,
  );
  if (!values["no-build"]) {
    log(`building into ${process.env.BUILD_DIR ?? "build"}/…`);
    const build = spawnSync("npm", ["run", "--silent", "build"], { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] });
    if (build.status !== 0) throw new Error("the build failed");
  }
  const tmp = mkdtempSync(join(tmpdir(), "gate-bench-"));
  cleanups.push(() => rmSync(tmp, { recursive: true, force: true }));
  const loadBefore = loadavg()[0]!;

  const datasets: [string, number][] =
    scale > base
      ? [
          [baseName, base],
          [`${scale}x`, scale],
        ]
      : [[baseName, base]];
  const started: Running[] = [];
  let rows: Row[];
  let infos: DatasetInfo[];
  try {
    const ready: Dataset[] = [];
    for (const [name, factor] of datasets) ready.push(await startDataset(tools, tmp, name, factor, started));
    rows = await measureAll(tools.wrk, ready);
    infos = ready.map((d) => d.info);
  } finally {
    for (const running of started.toReversed()) await stop(running.child);
  }
  for (const row of rows) {
    if (row.factor === base || (row.mode !== "cached" && row.mode !== "uncached")) continue;
    const demo = rows.find(
      (r) => r.factor === base && r.page === row.page && r.mode === row.mode && r.connections === row.connections,
    );
    if (!demo) continue;
    row.vsDemo = demo.rps ? row.rps / demo.rps : null;
    row.vsDemoNormalised = demo.vsMemory && row.vsMemory !== null ? row.vsMemory / demo.vsMemory : null;
  }
  const goals = evaluateGoals(
    rows,
    datasets.map(([name]) => name),
  );
  const report = {
    machine: { cpus: cpus().length, loadBefore, loadAfter: loadavg()[0]!, node: process.version },
    settings: {
      duration,
      rounds,
      figures: "median of rounds",
      pinning: pinning ? { server: pinning.server, wrk: pinning.wrk } : null,
      connections: connectionCounts,
      threads,
      scale,
      base,
      engine: values.database ? "postgres" : "sqlite",
    },
    datasets: infos,
    results: rows,
    goals,
  };

  const text = [
    "",
    formatTable(rows),
    "",
    `req/s, p50, p99, cpu: each the median of ${rounds} round${rounds > 1 ? "s" : ""} of ${duration} s ` +
      `(errors: all rounds); ×nginx, ×memory: ratios of the median rates.`,
    pinning
      ? `Pinned with taskset: every server (ours, nginx, in-memory) on CPU ${pinning.server}, wrk (${threads} ` +
        `thread${threads > 1 ? "s" : ""}) on CPU ${pinning.wrk}.`
      : `Not pinned: servers and wrk ran wherever the kernel put them (${pinReason}).`,
    "×nginx, ×memory: req/s relative to the same bytes served by nginx and by a bare node:http server from memory,",
    `measured right beside it. vs demo: req/s relative to the ${baseName} database's; vs demo*: the same, each rate taken`,
    "relative to the in-memory rate measured beside it (cancels the machine's load drifting between the two runs).",
    "cpu ms/req: CPU time of the serving process (all its threads) per request.",
    `Machine: ${report.machine.cpus} CPUs, load average ${loadBefore.toFixed(1)} before, ` +
      `${report.machine.loadAfter.toFixed(1)} after; figures on a shared machine are indicative only.`,
    "",
    "Goals (issues 6 and 28):",
    ...goals.map((g) => `  ${g.met === null ? "–      " : g.met ? "met    " : "NOT MET"}  ${g.goal}: ${g.detail}`),
    ...grownPages(infos),
  ].join("\n");
  if (values.json) {
    console.error(text);
    console.log(JSON.stringify(report, null, 2));
  } else console.log(text);
}

try {
  await main();
} catch (error) {
  // Interrupted: the runs that were cut short fail, and that is no news.
  if (!interrupted)
    console.error(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
