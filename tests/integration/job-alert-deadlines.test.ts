import { beforeAll, describe, expect, it } from "vitest";
import { addDays, istDate, istDayStart } from "~/core/ist";
import { getDb } from "~/db/client.server";
import { searchContent } from "~/lib/search/site-search.server";
import { action as jobAlertsAction } from "~/routes/admin/manage/job-alerts";
import { loader as calendarLoader } from "~/routes/files/job-alert-calendar";
import { meta as publicMeta, loader as publicLoader } from "~/routes/public/job-alerts/route";
import { adminAndStudent, type Answer, call, flash, pageArgs, postRequest, snapshot } from "./auth-support";

// Job alerts with deadlines (issue 26), on each engine: the manager's action with the new fields
// (valid and invalid, audited, refused to anonymous and non-admin callers), then what visitors
// get: the open alerts of a tab soonest last date first, the closed ones in its archive, the
// calendar file, JobPosting only for a complete open vacancy, and search without closed alerts.
// Dates are relative to today in India, as the pages see them.

const ADMIN = "deadlines-admin@example.com";
const sessions = adminAndStudent(ADMIN, "deadlines-student@example.com");
const db = () => getDb();
const today = istDate();
const day = (n: number) => addDays(today, n);

const post = (fields: Record<string, string>, cookie: string | null = sessions.adminCookie) =>
  call(
    jobAlertsAction,
    postRequest(fields.intent === "create" ? "/admin?new=1" : "/admin", fields, cookie ?? undefined),
  );

const loadPage = (path: string) => publicLoader(pageArgs(path) as never);

let jobs: number;
let results: number;
beforeAll(async () => {
  const categories = await db().selectFrom("job_categories").select(["id", "slug"]).execute();
  jobs = categories.find((c) => c.slug === "jobs")!.id;
  results = categories.find((c) => c.slug === "results")!.id;
});

/** A complete, valid create form for the Jobs tab; `change` overrides fields. */
const form = (change: Record<string, string> = {}) => ({
  intent: "create",
  title: "Deadline test alert",
  category_id: String(jobs),
  view_link: "https://iocl.com/latest-job-opening",
  description: "Engineers through GATE",
  posted_on: day(-10),
  last_date: day(20),
  selection_mode: "gate-score",
  gate_year: String(Number(today.slice(0, 4)) + 1),
  eligibility: "B.Tech Chemical",
  posts: "12",
  notification_url: "https://iocl.com/notification.pdf",
  organisation: "Indian Oil Corporation Limited",
  job_location: "Panipat",
  is_active: "on",
  ...change,
});

const rowTitled = (title: string) =>
  db().selectFrom("job_alerts").selectAll().where("title", "=", title).executeTakeFirstOrThrow();

const titles = (rows: { title: string }[]) => rows.map((row) => row.title);
const addAlert = (title: string, change: Record<string, string>) => post(form({ title, ...change }));

/** The JobPosting nodes of the page's JSON-LD. */
async function jobPostings(path: string) {
  const loaderData = await loadPage(path);
  const root = { id: "root", loaderData: { siteUrl: "https://gate.example" } };
  const tags = publicMeta({
    matches: [root, { id: "routes/public/job-alerts", pathname: "/job-alerts" }],
    loaderData,
  } as never);
  const graph =
    tags.flatMap((tag) =>
      "script:ld+json" in tag ? [tag["script:ld+json"] as { "@graph": { "@type": string }[] }] : [],
    )[0]?.["@graph"] ?? [];
  return graph.filter((node) => node["@type"] === "JobPosting") as Record<string, unknown>[];
}

/** The status the calendar file of this alert id answers. */
async function calendarStatus(id: string) {
  try {
    const answer = await calendarLoader(pageArgs(`/job-alerts/${id}/calendar.ics`, { id }) as never);
    return (answer as Response).status;
  } catch (error) {
    return (error as { init?: { status?: number } }).init?.status;
  }
}

function expectFieldErrors(answer: Answer, errors: Record<string, RegExp>) {
  expect(answer).toMatchObject({ kind: "data", status: 400 });
  if (answer.kind !== "data") return;
  for (const [field, message] of Object.entries(errors)) expect(answer.data.fieldErrors[field]).toMatch(message);
}

describe(`job alert deadlines on ${process.env.TEST_ENGINE}`, () => {
  describe("the manager's action", () => {
    it("saves every new field, stores the posted day's start in India, and audits the write", async () => {
      const answer = await post(form({ title: "IOCL with every field" }));
      expect(flash(answer)).toBe("Job alert created successfully");
      const row = await rowTitled("IOCL with every field");
      // Back to the list, the new alert in view (issue 48).
      expect(answer).toMatchObject({ kind: "redirect", location: `/admin#row-${row.id}` });
      expect(row).toMatchObject({
        posted_date: istDayStart(day(-10)),
        last_date: day(20),
        selection_mode: "gate-score",
        gate_year: Number(today.slice(0, 4)) + 1,
        eligibility: "B.Tech Chemical",
        posts: 12,
        notification_url: "https://iocl.com/notification.pdf",
        organisation: "Indian Oil Corporation Limited",
        job_location: "Panipat",
      });
      const audit = await db().selectFrom("audit_log").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
      expect(audit).toMatchObject({
        actor_email: ADMIN,
        action: "create",
        entity: "job_alerts",
        entity_id: String(row.id),
      });
    });

    it("posted today stores the moment of the write; an edit keeping the day keeps the stored instant", async () => {
      await post(form({ title: "Posted today", posted_on: today, last_date: "" }));
      const row = await rowTitled("Posted today");
      expect(Date.now() - Date.parse(row.posted_date)).toBeLessThan(60_000);
      expect(row.last_date).toBeNull();
      const edit = await post({
        ...form({ title: "Posted today", posted_on: today, last_date: day(5) }),
        intent: "update",
        id: String(row.id),
      });
      expect(flash(edit)).toBe("Job alert updated successfully");
      const edited = await rowTitled("Posted today");
      expect(edited).toMatchObject({ posted_date: row.posted_date, last_date: day(5) });
      const audit = await db().selectFrom("audit_log").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
      expect(audit).toMatchObject({ action: "update", entity_id: String(row.id) });
    });

    it("drops the GATE year of another kind of selection, and keeps optional fields empty as null", async () => {
      await post(
        form({
          title: "Interview only",
          selection_mode: "interview",
          gate_year: "2026",
          posts: "",
          eligibility: "",
          notification_url: "",
          organisation: "",
          job_location: "",
        }),
      );
      expect(await rowTitled("Interview only")).toMatchObject({
        selection_mode: "interview",
        gate_year: null,
        posts: null,
        eligibility: null,
        notification_url: null,
        organisation: null,
        job_location: null,
      });
    });

    it.each([
      [
        "a last date before the posted date",
        { posted_on: day(-2), last_date: day(-3) },
        { last_date: new RegExp(`\\(${day(-3)}\\).*Posted on \\(${day(-2)}\\)`) },
      ],
      ["a date that does not exist", { last_date: "2027-02-30" }, { last_date: /real date/ }],
      // Issue 42: its .ics had an invalid DTEND. Dates run from 2000 to 2100 (DATE_RANGE).
      [
        "a last date of 9999-12-31",
        { last_date: "9999-12-31" },
        { last_date: /^Last date to apply must be a date from 1 Jan 2000 to 31 Dec 2100$/ },
      ],
      ["a posted date before 2000", { posted_on: "1999-12-31" }, { posted_on: /from 1 Jan 2000 to 31 Dec 2100/ }],
      ["a date in another format", { posted_on: "12/11/2026" }, { posted_on: /YYYY-MM-DD/ }],
      ["a posted date in the future", { posted_on: day(1), last_date: day(9) }, { posted_on: /future/ }],
      [
        "a javascript: notification URL",
        { notification_url: "javascript:alert(1)" },
        { notification_url: /http:\/\/ or https:\/\// },
      ],
      [
        "an ftp: notification URL",
        { notification_url: "ftp://iocl.com/n.pdf" },
        { notification_url: /http:\/\/ or https:\/\// },
      ],
      ["a javascript: view link", { view_link: "javascript:alert(1)" }, { view_link: /http:\/\/ or https:\/\// }],
      ["GATE score without a year", { gate_year: "" }, { gate_year: /GATE year/ }],
      ["a GATE year out of range", { gate_year: "1970" }, { gate_year: /GATE year/ }],
      ["0 posts", { posts: "0" }, { posts: /1 or more/ }],
      ["posts that are not whole", { posts: "2.5" }, { posts: /whole number/ }],
      ["a selection not in the list", { selection_mode: "lottery" }, { selection_mode: /Choose a selection/ }],
    ])("refuses %s, by the field, writing nothing", async (_name, change, errors) => {
      const before = await snapshot();
      expectFieldErrors(await post(form({ title: "Refused", ...change })), errors);
      expect(await snapshot()).toEqual(before);
    });

    it("is refused to anonymous callers and to signed-in non-admins; nothing changes", async () => {
      const before = await snapshot();
      expect(await post(form({ title: "Anonymous" }), null)).toMatchObject({
        kind: "redirect",
        location: "/admin/login",
      });
      expect(await post(form({ title: "Student" }), sessions.studentCookie)).toMatchObject({
        kind: "data",
        status: 403,
      });
      expect(await snapshot()).toEqual(before);
    });
  });

  describe("what visitors see", () => {
    beforeAll(async () => {
      await db().deleteFrom("job_alerts").execute();
      await addAlert("Open, closes in 30 days", { last_date: day(30) });
      await addAlert("Open, closes today", { last_date: today });
      await addAlert("Open, closes in 3 days", { last_date: day(3), organisation: "" });
      await addAlert("No last date, posted 2 days ago", { last_date: "", posted_on: day(-2) });
      await addAlert("No last date, posted 5 days ago", { last_date: "", posted_on: day(-5) });
      await addAlert("Closed yesterday", { last_date: day(-1) });
      await addAlert("Closed last week", { last_date: day(-7) });
      await addAlert("A result, closed", { category_id: String(results), last_date: day(-1), selection_mode: "" });
    });

    it("a tab lists its open alerts by last date, soonest first, then those without one, newest first", async () => {
      const page = await loadPage("/job-alerts");
      expect(page.view).toBe("open");
      expect(page.today).toBe(today);
      expect(titles(page.alerts.jobs)).toEqual([
        "Open, closes today",
        "Open, closes in 3 days",
        "Open, closes in 30 days",
        "No last date, posted 2 days ago",
        "No last date, posted 5 days ago",
      ]);
      expect(page.alerts.results).toEqual([]);
      expect(page.alerts.jobs[0]).toMatchObject({
        selection_mode: "gate-score",
        posts: 12,
        eligibility: "B.Tech Chemical",
      });
    });

    it("the archive lists each tab's closed alerts, the latest last date first", async () => {
      const page = await loadPage("/job-alerts?tab=jobs&view=archive");
      expect(page.view).toBe("archive");
      expect(titles(page.alerts.jobs)).toEqual(["Closed yesterday", "Closed last week"]);
      expect(titles(page.alerts.results)).toEqual(["A result, closed"]);
      expect(page.alerts.vacancy).toEqual([]);
    });

    it("gives JobPosting only to open vacancies with organisation, place, last date and description", async () => {
      const postings = await jobPostings("/job-alerts");
      // Not "closes in 3 days" (no organisation), not those without a last date, not closed ones.
      expect(postings.map((p) => p.title)).toEqual(["Open, closes today", "Open, closes in 30 days"]);
      const { id } = await rowTitled("Open, closes today");
      expect(postings[0]).toMatchObject({
        description: "Engineers through GATE",
        datePosted: day(-10),
        validThrough: `${today}T23:59:59+05:30`,
        hiringOrganization: { "@type": "Organization", name: "Indian Oil Corporation Limited" },
        jobLocation: { "@type": "Place", address: { addressLocality: "Panipat", addressCountry: "IN" } },
        totalJobOpenings: 12,
        url: `https://gate.example/job-alerts?tab=jobs#alert-${id}`,
      });
      expect(await jobPostings("/job-alerts?view=archive")).toEqual([]);
    });

    it("serves an open alert's last date as an all-day calendar event", async () => {
      const { id } = await rowTitled("Open, closes in 3 days");
      const response = (await calendarLoader(
        pageArgs(`/job-alerts/${id}/calendar.ics`, { id: String(id) }) as never,
      )) as Response;
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
      const body = await response.text();
      expect(body).toMatch(/^BEGIN:VCALENDAR\r\n/);
      expect(body).toContain(`DTSTART;VALUE=DATE:${day(3).replaceAll("-", "")}\r\n`);
      expect(body).toContain("SUMMARY:Last date: Open\\, closes in 3 days\r\n");
      expect(body).toContain(`URL:http://localhost:`);
      expect(body).toContain(`/job-alerts?tab=jobs#alert-${id}\r\n`);
      expect(body).toMatch(/DTSTAMP:\d{8}T\d{6}Z\r\n/);
    });

    it("has no calendar file for a closed alert, one without a last date, or no alert", async () => {
      const closed = await rowTitled("Closed yesterday");
      const undated = await rowTitled("No last date, posted 2 days ago");
      expect(await calendarStatus(String(closed.id))).toBe(404);
      expect(await calendarStatus(String(undated.id))).toBe(404);
      expect(await calendarStatus("999999")).toBe(404);
      expect(await calendarStatus("x")).toBe(404);
    });

    it("search finds open alerts and leaves closed ones out", async () => {
      const found = titles(await searchContent(db(), "closes"));
      expect(found).toEqual(expect.arrayContaining(["Open, closes today", "Open, closes in 3 days"]));
      // "closed" finds "closes" (one typo), never a closed alert.
      expect(titles(await searchContent(db(), "closed")).filter((title) => title.startsWith("Closed"))).toEqual([]);
      expect(titles(await searchContent(db(), "yesterday"))).toEqual([]);
      const [hit] = await searchContent(db(), "closes today");
      expect(hit?.href).toBe("/job-alerts?tab=jobs");
    });
  });
});
