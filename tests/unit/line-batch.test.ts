import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createLineBatch } from "~/core/line-batch.server";

// The request log's lines leave in batches: never lost, never more than a moment late.

describe("line batch", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("hands lines over together, at most maxWaitMs after the first, in the order written", () => {
    const written: string[] = [];
    const batch = createLineBatch((lines) => written.push(lines), { maxBytes: 1000, maxWaitMs: 250 });
    batch.write("a\n");
    vi.advanceTimersByTime(100);
    batch.write("b\n");
    expect(written).toEqual([]);
    vi.advanceTimersByTime(150);
    expect(written).toEqual(["a\nb\n"]);
    // Nothing waiting: nothing more is written, and the next line starts a new wait.
    vi.advanceTimersByTime(1000);
    batch.write("c\n");
    vi.advanceTimersByTime(249);
    expect(written).toEqual(["a\nb\n"]);
    vi.advanceTimersByTime(1);
    expect(written).toEqual(["a\nb\n", "c\n"]);
  });

  it("hands a batch over as soon as maxBytes have gathered", () => {
    const written: string[] = [];
    const batch = createLineBatch((lines) => written.push(lines), { maxBytes: 10, maxWaitMs: 250 });
    batch.write("12345\n");
    batch.write("67890\n");
    expect(written).toEqual(["12345\n67890\n"]);
    batch.write("x\n");
    vi.advanceTimersByTime(250);
    expect(written).toEqual(["12345\n67890\n", "x\n"]);
  });

  it("hands over what is waiting on flush (the process's exit), once", () => {
    const written: string[] = [];
    const batch = createLineBatch((lines) => written.push(lines));
    batch.write("last\n");
    batch.flush();
    batch.flush();
    vi.advanceTimersByTime(1000);
    expect(written).toEqual(["last\n"]);
  });
});

const withoutTime = (line: string) => line.replace(/"time":\d+/, "");

/** Runs a TypeScript script in a process of its own, at this log level. */
const runScript = (lines: string[], level: string) =>
  spawnSync(process.execPath, [resolve("node_modules/tsx/dist/cli.mjs"), "--eval", lines.join("\n")], {
    encoding: "utf8",
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: level },
  });

describe("the request log", () => {
  it("writes a line still waiting for its batch when the process exits", () => {
    // A process that logs one request and exits at once, as a stopped server does.
    const result = runScript(
      [
        'import pino from "pino";',
        'import { logRequestLine } from "./app/core/logger.server.ts";',
        'logRequestLine("GET", "/exit-line?q=\\"a\\"", 200, 0.1);',
        // pino's own line for the same fields, to compare with.
        'pino({ base: undefined }, { write: (line) => process.stderr.write(line) }).info({ method: "GET", url: "/exit-line?q=\\"a\\"", status: 200, ms: 0.1 }, "request");',
        "process.exit(0);",
      ],
      "info",
    );
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(
      /^\{"level":30,"time":\d+,"method":"GET","url":"\/exit-line\?q=\\"a\\"","status":200,"ms":0.1,"msg":"request"\}\n$/,
    );
    // The line is pino's line for the same fields, but for the time.
    expect(withoutTime(result.stdout)).toBe(withoutTime(result.stderr));
  });

  it("writes no line below the info level, as pino's info() would not", () => {
    const result = runScript(
      [
        'import { logger, logRequestLine } from "./app/core/logger.server.ts";',
        'logRequestLine("GET", "/quiet", 200, 0.1);',
        'logger.warn("still here");',
        "process.exit(0);",
      ],
      "warn",
    );
    expect(result.status, result.stderr).toBe(0);
    // The warning shows that output works; the request line is not there.
    expect(result.stdout).toMatch(/^\{"level":40,"time":\d+,"msg":"still here"\}\n$/);
  });
});
