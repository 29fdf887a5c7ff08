// Interaction to next paint of the practice Check, the exam's Save & Next and the public pages'
// in-page controls (issues 46, 47, 50), read in the page with the Event Timing API; the cases and
// the measurement are in ./taps/interaction-paint.ts, which the perf lane's first-tap check shares.
//
// Usage, with the site running on a fresh demo database (the exam's 20 starts an hour per address):
//   npx tsx perf/interaction-paint.ts [--rounds 5] [--only exam|practice|home|job|guidance] URL [URL2]
// With two URLs (a build before and after a change, each on its own server) the rounds alternate
// between them, so that the machine's load falls on both alike.
import { parseArgs } from "node:util";
import { formatTap, launchTapBrowser, measureTap, medianOf, tapCases } from "./taps/interaction-paint";

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: { rounds: { type: "string", default: "5" }, only: { type: "string" } },
});
const bases = (positionals.length > 0 ? positionals : ["http://127.0.0.1:3000"]).map((url) => url.replace(/\/$/, ""));
const ROUNDS = Number(options.rounds);

const browser = await launchTapBrowser();
console.log(`interaction to next paint (Event Timing, 8 ms steps); cpu 6x, 150 ms RTT; ${ROUNDS} rounds`);
for (const c of tapCases.filter((each) => !options.only || each.name.startsWith(options.only))) {
  const figures = bases.map(() => [] as number[]);
  for (let round = 0; round < ROUNDS; round++)
    for (const [index, url] of bases.entries()) figures[index]!.push(await measureTap(browser, url, c));
  for (const [index, url] of bases.entries()) {
    const where = bases.length > 1 ? ` ${url}` : "";
    const shown = figures[index]!.toSorted((a, b) => a - b).map((ms) => formatTap(ms));
    console.log(
      `${c.name.padEnd(36)}${where} median ${formatTap(medianOf(figures[index]!), " ms")} [${shown.join(", ")}]`,
    );
  }
}
await browser.close();
