import { createServer, request, Agent, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createTurns } from "../../server/turns";

// Issue 6, uncached p99: renders take turns, one per event-loop iteration (server/turns.ts), so
// that new connections are accepted while keep-alive clients keep the server busy.

describe("createTurns", () => {
  it("lets callers through first come, first served, each in an event-loop iteration of its own", async () => {
    const turn = createTurns();
    // A ticker that counts event-loop iterations (a setImmediate set from one runs in the next).
    let iteration = 0;
    let ticking = true;
    const tick = () => {
      iteration++;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);

    const seen: { caller: number; iteration: number }[] = [];
    await Promise.all([1, 2, 3, 4, 5].map((caller) => turn().then(() => seen.push({ caller, iteration }))));
    ticking = false;

    expect(seen.map((s) => s.caller)).toEqual([1, 2, 3, 4, 5]);
    const iterations = seen.map((s) => s.iteration);
    expect(new Set(iterations).size).toBe(5);
    expect(iterations).toEqual([...iterations].sort((a, b) => a - b));
  });

  it("lets a caller through at once when nobody waits: in the next check phase, no timer", async () => {
    const turn = createTurns();
    for (let round = 0; round < 2; round++) {
      const ran: string[] = [];
      setImmediate(() => ran.push("set before"));
      const through = turn().then(() => ran.push("turn"));
      setImmediate(() => ran.push("set after"));
      await through;
      // After what was already due, before what came after it: the very next check phase.
      expect(ran).toEqual(["set before", "turn"]);
      await new Promise((done) => setImmediate(done));
    }
  });
});

/** Busy-waits, as a render does: the event loop does nothing else meanwhile. */
function render(ms: number) {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

describe("a busy server with and without turns", () => {
  let server: Server | undefined;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise((done) => server?.close(done));
  });

  /**
   * Ten keep-alive clients keep a server busy rendering, then twenty new visitors connect at once.
   * Returns, for the visitor served last, how many other requests the server answered while it
   * waited: a count, so the figure does not depend on the machine's speed.
   */
  async function burst(withTurns: boolean) {
    const turn = createTurns();
    const count = { served: 0 };
    server = createServer(async (_req, res) => {
      if (withTurns) await turn();
      render(2);
      count.served++;
      res.end("ok");
    });
    server.keepAliveTimeout = 60_000;
    await new Promise<void>((done) => server!.listen(0, "127.0.0.1", done));
    const { port } = server.address() as AddressInfo;
    const get = (agent: Agent | false) =>
      new Promise<void>((done, fail) => {
        request({ host: "127.0.0.1", port, agent }, (res) => res.resume().on("end", done))
          .on("error", fail)
          .end();
      });

    const stop = new AbortController();
    const regulars = Array.from({ length: 10 }, async () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      while (!stop.signal.aborted) await get(agent);
      agent.destroy();
    });
    while (count.served < 100) await new Promise((done) => setTimeout(done, 10));

    const waits = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const before = count.served;
        await get(false);
        return count.served - before;
      }),
    );
    stop.abort();
    await Promise.all(regulars);
    return Math.max(...waits);
  }

  it("answers a burst of new visitors in about one round of the busy clients' requests", async () => {
    const waitedWithTurns = await burst(true);
    server?.closeAllConnections();
    await new Promise((done) => server?.close(done));
    const waitedWithout = await burst(false);
    // First come, first served: the last of 20 newcomers waits for the 10 regulars' requests
    // and the other newcomers: 30 to 45 requests. Without turns, each newcomer's connection is
    // accepted an event-loop iteration after the previous one, each iteration serving every
    // regular and every newcomer already in: well over a hundred.
    expect(waitedWithTurns).toBeLessThanOrEqual(60);
    expect(waitedWithout).toBeGreaterThan(2 * waitedWithTurns);
  });
});
