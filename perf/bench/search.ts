// `node --expose-gc --import tsx perf/bench/search.ts [--factors 1,10,100] [--runs 300]`
//
// What site search costs (issue 27 item 4, docs/decisions/013-search-minisearch.md) on the demo
// content and on 10× and 100× as much (scripts/db-seed-scale.ts), each in a SQLite database of its
// own under .cache/bench-search: reading the rows visitors can see, building the word index (the
// median of a few builds), the heap the rows and the index hold, and the median and p99 of each
// query (of --runs runs), "did you mean" included. In-process, no server: what one search adds to
// a request, apart from rendering.
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { createDb } from "../../app/db/client.server";
import { readSearchRows } from "../../app/db/queries/content-search.server";
import { SiteIndex } from "../../app/lib/search/site-index.server";
import { DEFAULT_SEARCH_SYNONYMS, readSynonymRules } from "../../app/lib/search/synonyms";
import { seedScaled } from "../../scripts/db-seed-scale";
import { ROOT } from "../../support/app-process";

const QUERIES = ["gate", "heat transfer", "thermodynamcis", "pyq", "psu", "rank predictor", "zeolite"];
const SUGGESTED = ["syllabsu", "zeolite"];
const BUILDS = 5;

const { values } = parseArgs({
  options: { factors: { type: "string", default: "1,10,100" }, runs: { type: "string", default: "300" } },
  strict: true,
});
const factors = values.factors.split(",").map(Number);
const runs = Number(values.runs);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) console.warn("run with node --expose-gc for the heap figures");

const ms = (value: number) => `${value < 1 ? value.toFixed(3) : value.toFixed(1)} ms`;
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(2)} MiB`;

function heapUsed(): number {
  gc?.();
  return process.memoryUsage().heapUsed;
}

/** The median and the 99th percentile of `runs` timed calls, after a few untimed ones. */
function timed(work: () => unknown): { median: number; p99: number } {
  for (let i = 0; i < 20; i++) work();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    work();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(runs / 2)]!, p99: times[Math.min(runs - 1, Math.floor(runs * 0.99))]! };
}

const dir = join(ROOT, ".cache", "bench-search");
mkdirSync(dir, { recursive: true });
const synonyms = readSynonymRules(DEFAULT_SEARCH_SYNONYMS).rules;

for (const factor of factors) {
  const file = join(dir, `scale-${factor}.db`);
  for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
  const { db } = createDb(`file:${file}`);
  try {
    await seedScaled(db, factor);
    const before = heapUsed();
    const readStart = performance.now();
    const rows = await readSearchRows(db);
    const read = performance.now() - readStart;
    const withRows = heapUsed();
    const builds: number[] = [];
    let index: SiteIndex | undefined;
    for (let i = 0; i < BUILDS; i++) {
      index = undefined;
      const start = performance.now();
      index = new SiteIndex(rows);
      builds.push(performance.now() - start);
    }
    const withIndex = heapUsed();
    builds.sort((a, b) => a - b);
    console.log(
      `\n${factor}× the demo content: ${rows.length} rows read in ${ms(read)} (${mib(withRows - before)}); ` +
        `index built in ${ms(builds[Math.floor(BUILDS / 2)]!)} (median of ${BUILDS}), ${mib(withIndex - withRows)} of heap`,
    );
    for (const query of QUERIES) {
      const found = index!.find(query, { offset: 0, limit: 21 }, synonyms).length;
      const { median, p99 } = timed(() => index!.find(query, { offset: 0, limit: 21 }, synonyms));
      console.log(
        `  find ${JSON.stringify(query).padEnd(18)} ${String(found).padStart(4)} results  median ${ms(median)}  p99 ${ms(p99)}`,
      );
    }
    for (const query of SUGGESTED) {
      const suggestion = index!.suggest(query, synonyms);
      const { median, p99 } = timed(() => index!.suggest(query, synonyms));
      console.log(
        `  suggest ${JSON.stringify(query).padEnd(15)} → ${String(suggestion).padEnd(9)} median ${ms(median)}  p99 ${ms(p99)}`,
      );
    }
  } finally {
    await db.destroy();
  }
}
