import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { currentVersions, forgetContentVersion, type ContentVersions } from "~/db/content-version.server";
import { readSearchRows } from "~/db/queries/content-search.server";
import { setTestimonialStatus } from "~/db/queries/testimonials.server";
import { loader as homeLoader } from "~/routes/public/home/route";
import { action as visitorAction } from "~/routes/public/testimonial-new";
import { buildCachedPage, cacheKey, PageCache } from "../../server/page-cache";
import type { TestDb } from "../support/test-db";
import { call, closeAuthTestDb, getRequest, openAuthTestDb, postRequest } from "./auth-support";

// Issue 42: with testimonial approval off, each anonymous testimonial bumped the one content
// counter, so every cached page went stale and the search index was read again (10 posts per
// address per 10 minutes). Now it moves only the visitor counter, which only the home page (and
// its route data) keys on; an admin write still makes every page stale.

let t: TestDb;
beforeAll(async () => {
  t = await openAuthTestDb();
  const db = getDb();
  await db.deleteFrom("site_settings").where("key", "=", "testimonials_need_approval").execute();
  await db
    .insertInto("site_settings")
    .values({ key: "testimonials_need_approval", value: "false", updated_at: new Date().toISOString() })
    .execute();
});
afterAll(() => closeAuthTestDb(t));

const html = { "Content-Type": "text/html; charset=utf-8" };
const home = ["/", "/_.data"];
const others = ["/faqs", "/faqs.data", "/ebooks?page=2", "/search?q=heat", "/rank-predictor?marks=50&branch=ch"];

/** A cache holding each page as the server stores it, rendered at `versions`. */
async function cacheAt(versions: ContentVersions) {
  const cache = new PageCache();
  for (const path of [...home, ...others]) {
    const body = `<!DOCTYPE html><html><body><main>${path}</main></body></html>`;
    const page = await buildCachedPage(versions, new Response(body, { headers: html }), Buffer.from(body));
    cache.set(cacheKey(new Request(`http://localhost${path}`)), page);
  }
  return cache;
}
const held = (cache: PageCache, versions: ContentVersions) =>
  [...home, ...others].filter((path) => cache.get(cacheKey(new Request(`http://localhost${path}`)).key, versions));

async function versionsNow() {
  forgetContentVersion();
  return currentVersions(getDb());
}

const homeNames = async () => {
  const answer = await call(homeLoader as never, getRequest("/"));
  return answer.kind === "data" ? (answer.data.testimonials as { name: string }[]).map((item) => item.name) : [];
};

describe(`visitor content and the page cache on ${process.env.TEST_ENGINE}`, () => {
  it("a testimonial published without approval makes only the home page stale; the home page shows it", async () => {
    const before = await versionsNow();
    const cache = await cacheAt(before);
    const rows = await readSearchRows(getDb());

    const answer = await call(
      visitorAction as never,
      postRequest("/testimonials/new", { name: "Gauri Menon", rating: "5", comment: "The mocks were spot on." }),
      "192.0.2.77",
    );
    expect(answer).toMatchObject({ data: { ok: true, message: "Thank you! Your testimonial has been added." } });

    const after = await versionsNow();
    // Every other page is still good at the versions a request now reads; the home page is not.
    expect(after.content).toBe(before.content);
    expect(held(cache, after)).toEqual(others);
    expect(await homeNames()).toContain("Gauri Menon");
    // The search index (which shows no testimonials) is not read again.
    expect(await readSearchRows(getDb())).toBe(rows);
  });

  it("an admin write still makes every page stale, the home page's included", async () => {
    const before = await versionsNow();
    const cache = await cacheAt(before);
    const [row] = await getDb().selectFrom("testimonials").select("id").where("name", "=", "Gauri Menon").execute();
    await setTestimonialStatus(getDb(), { userId: "u1", email: "admin@example.com" }, row!.id, "hidden");
    const after = await versionsNow();
    expect(after.content).toBe(before.content + 1);
    expect(held(cache, after)).toEqual([]);
    expect(await homeNames()).not.toContain("Gauri Menon");
  });
});
