import { describe, expect, it } from "vitest";
import { withDegradedCheck } from "~/lib/degraded.server";
import { loadOrEmpty } from "~/lib/load-or-empty.server";
import { loadListPage } from "~/lib/pagination.server";

// A public list whose read fails is shown empty (spec §8) in that response only: the response
// says Cache-Control: no-store, so the page cache never serves the empty list to later visitors.

const failing = () => Promise.reject(new Error("no such table: ebooks"));
const page = (body: string, headers: Record<string, string> = {}) =>
  new Response(body, { headers: { "Content-Type": "text/html", ...headers } });

describe("a page rendered from a failed read", () => {
  it("says no-store, whichever helper swallowed the failure", async () => {
    const fromList = await withDegradedCheck(async () => {
      const list = await loadListPage("ebooks", 1, 24, failing);
      return page(JSON.stringify(list), { "Cache-Control": "public, max-age=60" });
    });
    expect(fromList.headers.get("Cache-Control")).toBe("no-store");
    expect(await fromList.json()).toEqual({ items: [], page: 1, hasNext: false });

    const fromLoad = await withDegradedCheck(async () =>
      page(String((await loadOrEmpty("tests", failing, [])).length)),
    );
    expect(fromLoad.headers.get("Cache-Control")).toBe("no-store");
  });

  it("leaves a page whose reads succeeded as it was", async () => {
    const response = page("ok", { "Cache-Control": "public, max-age=60" });
    const answer = await withDegradedCheck(async () => {
      await loadListPage("ebooks", 1, 24, async () => [1, 2]);
      return response;
    });
    expect(answer).toBe(response);
    expect(answer.headers.get("Cache-Control")).toBe("public, max-age=60");
  });

  it("marks only the request whose read failed, when requests run together", async () => {
    let release!: () => void;
    const gate = new Promise<void>((done) => (release = done));
    const slowFailure = async () => {
      await gate;
      return failing();
    };
    const broken = withDegradedCheck(async () => page(String((await loadOrEmpty("x", slowFailure, [])).length)));
    const healthy = withDegradedCheck(async () => {
      await gate;
      return page(String((await loadOrEmpty("x", async () => [1], [])).length));
    });
    release();
    const [a, b] = await Promise.all([broken, healthy]);
    expect(a.headers.get("Cache-Control")).toBe("no-store");
    expect(b.headers.has("Cache-Control")).toBe(false);
  });

  it("keeps the status and a redirect's immutable headers intact", async () => {
    const answer = await withDegradedCheck(async () => {
      await loadOrEmpty("x", failing, []);
      return Response.redirect("http://localhost/faqs", 302);
    });
    expect([answer.status, answer.headers.get("Location"), answer.headers.get("Cache-Control")]).toEqual([
      302,
      "http://localhost/faqs",
      "no-store",
    ]);
  });
});
