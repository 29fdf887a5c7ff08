import { EventEmitter } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import { afterEach, describe, expect, it, vi } from "vitest";
import { logRequestLine } from "~/core/logger.server";
import { loggedUrl, logWhenFinished } from "../../server/request-log";

vi.mock("~/core/logger.server", () => ({ logRequestLine: vi.fn() }));

// Each request leaves one log line; a password-reset token in its URL must not be in it.

describe("request log", () => {
  afterEach(() => vi.clearAllMocks());

  it("masks the values of *token parameters and keeps the rest of the URL", () => {
    expect(loggedUrl("/admin/reset-password?token=Zk81abc-_x")).toBe("/admin/reset-password?token=[redacted]");
    expect(loggedUrl("/a?x=1&Token=secret&y=2")).toBe("/a?x=1&Token=[redacted]&y=2");
    expect(loggedUrl("/cb?access_token=s1&refresh_token=s2#top")).toBe(
      "/cb?access_token=[redacted]&refresh_token=[redacted]#top",
    );
    // A search for the word, and paths, are not secrets.
    expect(loggedUrl("/search?q=token")).toBe("/search?q=token");
    expect(loggedUrl("/test-series/GATE%202026")).toBe("/test-series/GATE%202026");
    expect(loggedUrl(undefined)).toBeUndefined();
  });

  it("writes one line when the answer has gone, with its status and without the token", () => {
    const line = vi.mocked(logRequestLine);
    const req = { method: "GET", url: "/admin/reset-password?token=Zk81abc" } as IncomingMessage;
    const res = Object.assign(new EventEmitter(), { statusCode: 200 }) as unknown as ServerResponse;
    logWhenFinished(req, res, performance.now());
    expect(line).not.toHaveBeenCalled();
    res.statusCode = 302;
    res.emit("finish");
    expect(line).toHaveBeenCalledTimes(1);
    expect(line).toHaveBeenCalledWith("GET", "/admin/reset-password?token=[redacted]", 302, expect.any(Number));
    expect(JSON.stringify(line.mock.calls)).not.toContain("Zk81abc");
  });
});
