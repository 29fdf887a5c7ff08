import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import {
  claimDueLink,
  countFailingLinks,
  listLinkProblems,
  recordLinkCheck,
  urlHash,
} from "~/db/queries/link-checks.server";
import { collectShownLinks, runLinkChecks, type LinkCheckConfig } from "~/lib/link-health/run.server";
import LinkHealth, { loader } from "~/routes/admin/manage/link-health";
import { offlineLookup, startLinkServer, type LinkServer } from "../support/link-server";
import { adminAndStudent, call, getRequest } from "./auth-support";

// Link health (issue 48 item 8), on each engine: the worker's runs against a server on this
// machine (nothing leaves it: other hosts fail as unknown names), what they store (status, since
// when, where each link is shown), that a link is checked at most once per period and only one
// instance checks it at a time, and the admin's list of what failed with a link to each form.

const ADMIN = "links-admin@example.com";
const sessions = adminAndStudent(ADMIN, "links-student@example.com");
const db = () => getDb();
const ORIGIN = "https://www.gatechacademy.in";
const HOUR = 3_600_000;
const stamp = new Date().toISOString();

let server: LinkServer;
let config: LinkCheckConfig;
const ids = { alertA: 0, alertB: 0, alertOff: 0, series: 0, paper: 0 };

beforeAll(async () => {
  server = await startLinkServer();
  config = {
    origin: ORIGIN,
    everyMs: 24 * HOUR,
    timeoutMs: 2000,
    maxPerRun: 50,
    hostDelayMs: 0,
    lookup: offlineLookup,
  };
  const category = (await db().selectFrom("job_categories").select("id").executeTakeFirstOrThrow()).id;
  const alert = (title: string, view_link: string, notification_url: string | null, is_active = true) =>
    db()
      .insertInto("job_alerts")
      .values({
        title,
        view_link,
        notification_url,
        description: null,
        posted_date: stamp,
        category_id: category,
        is_active,
        created_at: stamp,
        updated_at: stamp,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
  ids.alertA = (await alert("ONGC Graduate Trainee", server.url("/missing"), server.url("/ok"))).id;
  ids.alertB = (await alert("ONGC GT Interview Result", server.url("/missing"), null)).id;
  // Hidden from visitors: not checked.
  ids.alertOff = (await alert("Withdrawn HPCL notice", server.url("/gone"), null, false)).id;
  ids.series = (
    await db()
      .insertInto("test_series")
      .values({
        title: "GATE CH Full Mocks",
        tests: 20,
        price: 999,
        original_price: 1999,
        students: 0,
        validity_months: 12,
        description: "Mocks",
        purchase_url: server.url("/moved"),
        features: "[]",
        image: "/images/mocks.png",
        display_order: 1,
        created_at: stamp,
        updated_at: stamp,
      })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
  // A path of this site and an address on its own origin: not outside links.
  for (const pdf_link of ["/media/ab12/notes.pdf", `${ORIGIN}/media/cd34/formulae.pdf`]) {
    await db()
      .insertInto("ebooks")
      .values({ title: pdf_link, description: null, pdf_link, is_active: true, created_at: stamp, updated_at: stamp })
      .execute();
  }
  await db()
    .insertInto("hero_banners")
    .values({
      image_url: "/images/banner.png",
      link_url: server.url("/error"),
      alt_text: "Old banner",
      display_order: 1,
      is_active: false,
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
  const paper = await db()
    .insertInto("gate_papers")
    .values({ code: "CH", name: "Chemical Engineering", display_order: 1, created_at: stamp, updated_at: stamp })
    .returning("id")
    .executeTakeFirstOrThrow();
  ids.paper = (
    await db()
      .insertInto("gate_previous_papers")
      .values({
        paper_id: paper.id,
        year: 2025,
        question_paper_url: "/media/ef56/ch-2025.pdf",
        answer_key_url: null,
        source_url: "https://gate2025.no-such-host.invalid/papers",
        created_at: stamp,
        updated_at: stamp,
      })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
  await db()
    .insertInto("site_settings")
    .values([
      { key: "learning_app_url", value: server.url("/ok"), updated_at: stamp },
      { key: "student_login_url", value: server.url("/temporary"), updated_at: stamp },
    ])
    .execute();
});

afterAll(() => server.close());

const row = (url: string) =>
  db().selectFrom("link_checks").selectAll().where("url_hash", "=", urlHash(url)).executeTakeFirstOrThrow();

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();

describe(`link health on ${process.env.TEST_ENGINE}`, () => {
  it("collects every outside link visitors can see, with each place it is shown", async () => {
    const shown = await collectShownLinks(db(), ORIGIN);
    const byUrl = Object.fromEntries(shown.map((link) => [link.url, link.places]));
    expect(Object.keys(byUrl).toSorted()).toEqual(
      [
        server.url("/missing"),
        server.url("/ok"),
        server.url("/moved"),
        server.url("/temporary?orgCode=gatech"),
        "https://gate2025.no-such-host.invalid/papers",
      ].toSorted(),
    );
    expect(byUrl[server.url("/missing")]).toEqual([
      { source: "job_alerts.view_link", id: ids.alertA, title: "ONGC Graduate Trainee" },
      { source: "job_alerts.view_link", id: ids.alertB, title: "ONGC GT Interview Result" },
    ]);
    // One address, two places: an alert's notification and the learning app.
    expect(byUrl[server.url("/ok")]!.map((place) => place.source).toSorted()).toEqual([
      "job_alerts.notification_url",
      "settings.learning_app_url",
    ]);
  });

  it("checks each link once and stores what it found, asking the local server only", async () => {
    const before = server.seen.length;
    const result = await runLinkChecks(db(), config);
    expect(result).toEqual({ checked: 5, failing: 2 });
    expect(await row(server.url("/missing"))).toMatchObject({
      status: "broken",
      http_status: 404,
      error: "HTTP 404 Not Found",
      locked_until: null,
    });
    expect((await row(server.url("/missing"))).first_failed_at).not.toBeNull();
    expect(await row("https://gate2025.no-such-host.invalid/papers")).toMatchObject({
      status: "dns-error",
      http_status: null,
      error: "getaddrinfo ENOTFOUND gate2025.no-such-host.invalid",
    });
    expect(await row(server.url("/moved"))).toMatchObject({
      status: "moved",
      final_url: server.url("/ok/new-home"),
      first_failed_at: null,
    });
    expect(await row(server.url("/ok"))).toMatchObject({ status: "ok", http_status: 200, error: null });
    expect(await row(server.url("/temporary?orgCode=gatech"))).toMatchObject({ status: "ok" });
    const asked = server.seen.slice(before).map((r) => `${r.method} ${r.path}`);
    expect(asked.toSorted()).toEqual(
      [
        "HEAD /missing",
        "GET /missing",
        "HEAD /ok",
        "HEAD /moved",
        "HEAD /ok/new-home",
        "HEAD /temporary?orgCode=gatech",
        "HEAD /ok",
      ].toSorted(),
    );
    expect(await countFailingLinks(db())).toBe(2);
  });

  it("checks a link again only once its period has passed, and keeps since when it fails", async () => {
    const firstFailed = (await row(server.url("/missing"))).first_failed_at;
    expect(await runLinkChecks(db(), config)).toEqual({ checked: 0, failing: 0 });
    const later = new Date(Date.now() + 25 * HOUR);
    expect(await runLinkChecks(db(), { ...config, maxPerRun: 2 }, { now: () => later })).toEqual({
      checked: 2,
      failing: expect.any(Number),
    });
    expect(await runLinkChecks(db(), config, { now: () => later })).toMatchObject({ checked: 3 });
    const missing = await row(server.url("/missing"));
    expect(missing.checked_at).toBe(later.toISOString());
    expect(missing.first_failed_at).toBe(firstFailed);
  });

  it("shows the admin each failing link, why, and where it is shown with a link to its form", async () => {
    const answer = await call(loader as never, getRequest("/admin/link-health", sessions.adminCookie));
    if (answer.kind !== "data") throw new Error("no data");
    expect(answer.data.loadError).toBeNull();
    expect(answer.data.links.map((link: { url: string }) => link.url)).toEqual([
      // Failing, longest first (the alerts' link was checked first), then the one that moved.
      server.url("/missing"),
      "https://gate2025.no-such-host.invalid/papers",
      server.url("/moved"),
    ]);
    const Stub = createRoutesStub([
      { id: "links", path: "/admin/link-health", Component: LinkHealth as ComponentType },
    ]);
    const html = renderToStaticMarkup(
      createElement(Stub, {
        initialEntries: ["/admin/link-health"],
        hydrationData: { loaderData: { links: answer.data } },
      }),
    );
    const shown = text(html);
    expect(shown).toContain("Broken: the page is not there HTTP 404 Not Found");
    expect(shown).toContain("The site cannot be found (DNS) getaddrinfo ENOTFOUND");
    expect(shown).toContain("Job Alerts : ONGC Graduate Trainee Edit ONGC Graduate Trainee");
    expect(shown).toContain("Previous Year Papers : CH 2025");
    expect(shown).toContain("Links that moved");
    expect(html).toContain(`href="/admin?edit=${ids.alertA}"`);
    expect(html).toContain(`href="/admin?edit=${ids.alertB}"`);
    expect(html).toContain(`href="/admin/gate-previous-papers?edit=${ids.paper}"`);
    expect(html).toContain(`href="/admin/catalogue?edit=${ids.series}"`);
    expect(html).toContain(`href="${server.url("/ok/new-home")}"`);
  });

  it("forgets a link nobody shows any more once staff fix it", async () => {
    await db()
      .updateTable("job_alerts")
      .set({ view_link: server.url("/ok") })
      .where("id", "in", [ids.alertA, ids.alertB])
      .execute();
    await runLinkChecks(db(), config);
    const urls = (await listLinkProblems(db())).map((link) => link.url);
    expect(urls).not.toContain(server.url("/missing"));
    expect(await countFailingLinks(db())).toBe(1);
  });

  it("lets one worker at a time claim a link, until its lease runs out", async () => {
    const now = new Date(Date.now() + 100 * HOUR);
    const claim = (at = now) => claimDueLink(db(), { now: at, everyMs: config.everyMs, leaseMs: 60_000 });
    const due = await db().selectFrom("link_checks").select("id").execute();
    // Every link is due; as many claims at once as links, plus one: each claimed once, one left empty.
    const claims = await Promise.all(Array.from({ length: due.length + 1 }, () => claim()));
    const claimed = claims.flatMap((c) => (c ? [c.id] : []));
    expect(claimed.toSorted()).toEqual(due.map((d) => d.id).toSorted());
    expect(new Set(claimed).size).toBe(due.length);
    expect(await claim()).toBeUndefined();
    // The lease over, the next worker may take one; recording a check frees it at once.
    const retaken = await claim(new Date(now.getTime() + 61_000));
    expect(retaken).toBeDefined();
    await recordLinkCheck(
      db(),
      retaken!.id,
      { status: "ok", httpStatus: 200, error: null, finalUrl: null },
      new Date(now.getTime() + 62_000),
    );
    expect(
      (
        await db()
          .selectFrom("link_checks")
          .select("locked_until")
          .where("id", "=", retaken!.id)
          .executeTakeFirstOrThrow()
      ).locked_until,
    ).toBeNull();
  });
});
