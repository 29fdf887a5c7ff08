// Interaction to next paint of the practice Check, the exam's Save & Next and the public pages'
// in-page controls (issues 46, 47, 50), read in the page with the Event Timing API; the cases and
// the measurement are in ./taps/interaction-paint.ts, which the perf lane's first-tap check shares.
//
// Usage, with the site running on a fresh demo database (the exam's 20 starts an hour per address):
//   npx tsx perf/interaction-paint.ts [--rounds 5] [--only exam|practice|home|job|guidance] [--at 900,1200] URL [URL2]
// --at taps each public control that many ms after the load event instead of at load and after 8 s:
// on a phone slowed 6× React hydrates the page from about 0.9 to 2 s after load, and a tap then
// waits for the rest of the hydration (300–600 ms on 2026-12-06, docs/performance-history.md).
// With two URLs (a build before and after a change, each on its own server) the rounds alternate
// between them, so that the machine's load falls on both alike.
import { parseArgs } from "node:util";
import { formatTap, launchTapBrowser, measureTap, medianOf, tapCases, type TapCase } from "./taps/interaction-paint";

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: { rounds: { type: "string", default: "5" }, only: { type: "string" }, at: { type: "string" } },
});
const bases = (positionals.length > 0 ? positionals : ["http://127.0.0.1:3000"]).map((url) => url.replace(/\/$/, ""));
const ROUNDS = Number(options.rounds);
const at = options.at?.split(",").map(Number);
const cases: TapCase[] = at
  ? tapCases
      .filter((c) => c.idleMs === 0)
      .flatMap((c) => at.map((idleMs) => ({ ...c, name: c.name.replace("(first)", `(load + ${idleMs} ms)`), idleMs })))
  : tapCases;

const browser = await launchTapBrowser();
console.log(`interaction to next paint (Event Timing, 8 ms steps); cpu 6x, 150 ms RTT; ${ROUNDS} rounds`);
for (const c of cases.filter((each) => !options.only || each.name.startsWith(options.only))) {
  const figures = bases.map(() => [] as number[]);
  for (let round = 0; round < ROUNDS; round++)
    for (const [index, url] of bases.entries())
      // A control that turns from a link into a button under the finger (hydration) is a failed round.
      figures[index]!.push(await measureTap(browser, url, c).catch(() => Number.NaN));
  for (const [index, url] of bases.entries()) {
    const where = bases.length > 1 ? ` ${url}` : "";
    const measured = figures[index]!.filter((ms) => !Number.isNaN(ms));
    const failed = figures[index]!.length - measured.length;
    const shown = measured.toSorted((a, b) => a - b).map((ms) => formatTap(ms));
    const median = measured.length > 0 ? formatTap(medianOf(measured), " ms") : "–";
    console.log(
      `${c.name.padEnd(36)}${where} median ${median} [${shown.join(", ")}]${failed ? ` (${failed} failed)` : ""}`,
    );
  }
}
await browser.close();
