import { parseFeed } from "htmlparser2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, istDate } from "~/core/ist";
import { demoJobAlerts, seedDemoContent } from "~/db/seed/demo-content.server";
import { siteOrigin } from "~/lib/site-origin.server";
import { loader as calendarLoader } from "~/routes/files/job-alerts-calendar";
import { loader as feedLoader } from "~/routes/files/job-alerts-feed";
import { loader as homeLoader } from "~/routes/public/home/route";
import { contextWith } from "../support/router-context";
import { openTestDb, type TestDb } from "../support/test-db";

// Issue 49's feeds on each engine, for the demo data: the Atom feed of every tab and of each tab
// holds the active, open alerts, newest first, each under its own tab; the calendar holds every
// open alert's last date and nothing closed, inactive or undated; an unchanged feed answers 304;
// the home page's "Closing soon" lists the alerts closing within the week, and is gone without one.

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
  await seedDemoContent(t.db);
});
afterAll(() => t.cleanup());

const today = istDate();
const tabSlugs = ["jobs", "vacancy", "results", "admit-cards"] as const;

/** What the router passes a loader for a GET of `path`. */
function loaderArgs(path: string, params: Record<string, string> = {}, headers: Record<string, string> = {}) {
  const url = new URL(path, "http://localhost");
  const request = new Request(url, { headers });
  return { request, url, pattern: url.pathname, params, context: contextWith(t.db) } as never;
}

async function getFeed(tab?: string, headers: Record<string, string> = {}) {
  try {
    return (await feedLoader(
      loaderArgs(tab ? `/job-alerts/${tab}/atom.xml` : "/job-alerts/atom.xml", tab ? { tab } : {}, headers),
    )) as Response;
  } catch (error) {
    return error as { init?: { status?: number } };
  }
}

async function feedItems(tab?: string) {
  const response = (await getFeed(tab)) as Response;
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("application/atom+xml; charset=utf-8");
  const feed = parseFeed(await response.text(), { xmlMode: true });
  expect(feed?.type).toBe("atom");
  return feed!;
}

/** The demo's alerts that visitors see (active, not closed), per tab, newest posted first. */
function openDemoAlerts(slug?: (typeof tabSlugs)[number]) {
  return Object.entries(demoJobAlerts(today))
    .filter(([tab]) => slug === undefined || tab === slug)
    .flatMap(([tab, alerts]) => alerts.map((alert) => ({ ...alert, tab })))
    .filter((alert) => alert.is_active !== false && (alert.lastIn === undefined || alert.lastIn >= 0))
    .sort((a, b) => a.daysAgo - b.daysAgo);
}

const idOf = (title: string) =>
  t.db
    .selectFrom("job_alerts")
    .select("id")
    .where("title", "=", title)
    .executeTakeFirstOrThrow()
    .then((row) => row.id);

describe(`job alert feeds on ${process.env.TEST_ENGINE}`, () => {
  it("the Atom feed of every tab has the active, open alerts, newest first, linked to each on its tab", async () => {
    const feed = await feedItems();
    const expected = openDemoAlerts();
    expect(feed.items.map((item) => item.title)).toEqual(expected.map((alert) => alert.title));
    // Neither the withdrawn (inactive) HPCL alert nor the closed EIL one.
    expect(feed.items.some((item) => /HPCL|Engineers India/.test(item.title ?? ""))).toBe(false);
    for (const [i, item] of feed.items.entries()) {
      const id = await idOf(item.title!);
      expect(item.link).toBe(`${siteOrigin()}/job-alerts?tab=${expected[i]!.tab}#alert-${id}`);
    }
    const ongc = feed.items.find((item) => item.title?.startsWith("ONGC Graduate Trainee"));
    expect(ongc?.description).toContain(`Last date: `);
    expect(ongc?.description).toContain("(IST).");
  });

  it.each(tabSlugs)("the %s tab's feed has that tab's open alerts only", async (slug) => {
    const feed = await feedItems(slug);
    expect(feed.items.map((item) => item.title)).toEqual(openDemoAlerts(slug).map((alert) => alert.title));
    expect(feed.items.length).toBeGreaterThan(0);
    for (const item of feed.items) expect(item.link).toContain(`/job-alerts?tab=${slug}#alert-`);
  });

  it("has no feed for a tab that does not exist", async () => {
    expect(await getFeed("internships")).toMatchObject({ init: { status: 404 } });
  });

  it("answers 304 to a reader that has the feed as it is, and 200 once an alert changes", async () => {
    const first = (await getFeed()) as Response;
    const etag = first.headers.get("ETag")!;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers.get("Cache-Control")).toBe("public, max-age=900");
    const again = (await getFeed(undefined, { "If-None-Match": etag })) as Response;
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    const title = openDemoAlerts()[0]!.title;
    await t.db
      .updateTable("job_alerts")
      .set({ title: `${title} (revised)`, updated_at: new Date().toISOString() })
      .where("title", "=", title)
      .execute();
    const changed = (await getFeed(undefined, { "If-None-Match": etag })) as Response;
    expect(changed.status).toBe(200);
    expect(changed.headers.get("ETag")).not.toBe(etag);
    expect(await changed.text()).toContain(`${title} (revised)`);
    await t.db.updateTable("job_alerts").set({ title }).where("title", "=", `${title} (revised)`).execute();
  });

  it("the calendar has every open alert's last date, soonest first, and no closed, inactive or undated alert", async () => {
    const response = (await calendarLoader(loaderArgs("/job-alerts/calendar.ics"))) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("ETag")).toMatch(/^W\//);
    const body = await response.text();
    const unfolded = body.replace(/\r\n[ \t]/g, "");
    const events = [...unfolded.matchAll(/BEGIN:VEVENT\r\n([\s\S]*?)END:VEVENT/g)].map(([, lines]) => ({
      summary: /^SUMMARY:(.*)$/m.exec(lines!)![1]!.trim(),
      start: /^DTSTART;VALUE=DATE:(\d{8})/m.exec(lines!)![1],
      uid: /^UID:(.*)$/m.exec(lines!)![1]!.trim(),
    }));
    const dated = openDemoAlerts()
      .filter((alert) => alert.lastIn !== undefined)
      .sort((a, b) => a.lastIn! - b.lastIn!);
    expect(dated.length).toBeGreaterThanOrEqual(3);
    // RFC 5545 escapes the summary's commas; the demo titles have none but "–" and "/".
    expect(events.map((event) => event.summary)).toEqual(dated.map((alert) => `Last date: ${alert.title}`));
    expect(events.map((event) => event.start)).toEqual(
      dated.map((alert) => addDays(today, alert.lastIn!).replaceAll("-", "")),
    );
    for (const [i, event] of events.entries())
      expect(event.uid).toBe(`job-alert-${await idOf(dated[i]!.title)}-last-date@${new URL(siteOrigin()).host}`);
    expect(unfolded).not.toContain("Engineers India");
    expect(unfolded).not.toContain("HPCL");
    expect(unfolded).toContain("REFRESH-INTERVAL;VALUE=DURATION:PT6H\r\n");
  });

  it("the home page lists the alerts closing within 7 days, with their badge, and nothing when none is", async () => {
    const closing = openDemoAlerts().filter((alert) => alert.lastIn !== undefined && alert.lastIn <= 7);
    expect(closing.length).toBeGreaterThan(0);
    const { closingSoonHtml } = await homeLoader(loaderArgs("/"));
    expect(closingSoonHtml).toContain(">Closing soon</h2>");
    for (const alert of closing) {
      const id = await idOf(alert.title);
      expect(closingSoonHtml).toContain(`href="/job-alerts?tab=${alert.tab}#alert-${id}"`);
      expect(closingSoonHtml).toContain(`>Closes in ${alert.lastIn} days</span>`);
    }
    // Those closing later are not there.
    for (const alert of openDemoAlerts().filter((a) => a.lastIn !== undefined && a.lastIn > 7))
      expect(closingSoonHtml).not.toContain(alert.title.replace(/&/g, "&amp;"));

    await t.db
      .updateTable("job_alerts")
      .set({ is_active: false })
      .where(
        "title",
        "in",
        closing.map((alert) => alert.title),
      )
      .execute();
    expect((await homeLoader(loaderArgs("/"))).closingSoonHtml).toBe("");
    await t.db
      .updateTable("job_alerts")
      .set({ is_active: true })
      .where(
        "title",
        "in",
        closing.map((alert) => alert.title),
      )
      .execute();
  });

  it("counts today as within the week, and the 8th day not", async () => {
    const { id: category } = await t.db
      .selectFrom("job_categories")
      .select("id")
      .where("slug", "=", "results")
      .executeTakeFirstOrThrow();
    const stamp = new Date().toISOString();
    const row = (title: string, lastIn: number) => ({
      title,
      view_link: "https://example.com/",
      category_id: category,
      posted_date: stamp,
      last_date: addDays(today, lastIn),
      is_active: true,
      created_at: stamp,
      updated_at: stamp,
    });
    await t.db
      .insertInto("job_alerts")
      .values([row("Closes today, a result", 0), row("Closes on the 8th day", 8)])
      .execute();
    const { closingSoonHtml } = await homeLoader(loaderArgs("/"));
    expect(closingSoonHtml).toContain("Closes today, a result");
    expect(closingSoonHtml).toContain(">Closes today</span>");
    expect(closingSoonHtml).not.toContain("Closes on the 8th day");
    await t.db
      .deleteFrom("job_alerts")
      .where("title", "in", ["Closes today, a result", "Closes on the 8th day"])
      .execute();
  });
});
