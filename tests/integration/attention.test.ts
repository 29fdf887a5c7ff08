import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, istDate } from "~/core/ist";
import { getDb } from "~/db/client.server";
import { urlHash } from "~/db/queries/link-checks.server";
import { menuBadge } from "~/lib/admin/attention";
import { countAttention } from "~/lib/admin/attention.server";
import { loader as layoutLoader } from "~/routes/admin/layout";
import { loader as linkHealthLoader } from "~/routes/admin/manage/link-health";
import Overview, { loader } from "~/routes/admin/manage/overview";
import { insertQuestion } from "../support/questions";
import { adminAndStudent, call, getRequest } from "./auth-support";

// What needs attention (issue 48 item 3), on each engine: the counts the Overview and the admin
// menu show, one per list, from rows in every state (only those that wait are counted); the cards
// as the server renders them, a zero calm and each linking its filtered list; the menu's badges;
// and the new pages refused to anyone but an admin.

const ADMIN = "overview-admin@example.com";
const sessions = adminAndStudent(ADMIN, "overview-student@example.com");
const db = () => getDb();
const today = istDate();
const stamp = new Date().toISOString();

async function seed() {
  const contacts = ["new", "new", "contacted", "closed", "spam"] as const;
  await db()
    .insertInto("contact_messages")
    .values(
      contacts.map((status, i) => ({
        name: `Contact ${i}`,
        email: `c${i}@example.com`,
        phone: "9876543210",
        message: "About the test series",
        created_at: stamp,
        status,
      })),
    )
    .execute();
  const bookings = ["new", "contacted", "booked", "closed"] as const;
  await db()
    .insertInto("session_bookings")
    .values(
      bookings.map((status, i) => ({
        session_type: "career-guidance" as const,
        name: `Booking ${i}`,
        phone: "9876543210",
        gate_score: null,
        college_name: "IIT",
        query: "PSU or M.Tech?",
        created_at: stamp,
        status,
      })),
    )
    .execute();
  const testimonials = ["pending", "pending", "approved", "hidden"] as const;
  await db()
    .insertInto("testimonials")
    .values(
      testimonials.map((status, i) => ({
        name: `Aspirant ${i}`,
        rating: 5,
        comment: "Clear solutions.",
        avatar: "A",
        created_at: stamp,
        status,
      })),
    )
    .execute();
  const category = (await db().selectFrom("job_categories").select("id").executeTakeFirstOrThrow()).id;
  // Closing within 7 IST days: today and the 7th day; not the 8th, not a closed one, not inactive ones.
  const alerts: [string, string | null, boolean][] = [
    ["closes today", today, true],
    ["closes in 7 days", addDays(today, 7), true],
    ["closes in 8 days", addDays(today, 8), true],
    ["closed yesterday", addDays(today, -1), true],
    ["no last date", null, true],
    ["no last date either", null, true],
    ["inactive, closing", addDays(today, 1), false],
    ["inactive, no last date", null, false],
  ];
  await db()
    .insertInto("job_alerts")
    .values(
      alerts.map(([title, last_date, is_active]) => ({
        title,
        view_link: "https://iocl.com/latest-job-opening",
        description: null,
        posted_date: stamp,
        category_id: category,
        is_active,
        last_date,
        created_at: stamp,
        updated_at: stamp,
      })),
    )
    .execute();
  const question = await insertQuestion(db(), { slug: "attention-q", text: "Which?", solution: "That." });
  for (const status of ["new", "new", "new", "resolved"] as const) {
    await db()
      .insertInto("question_reports")
      .values({
        question_id: question.id,
        version_no: 1,
        message: "The key looks wrong",
        email: null,
        status,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
  }
  for (const status of ["dead", "pending", "sent"] as const) {
    await db()
      .insertInto("email_outbox")
      .values({
        to_address: "bookings@example.in",
        reply_to: null,
        subject: `Mail ${status}`,
        html: "<p>x</p>",
        text: "x",
        status,
        attempts: status === "dead" ? 6 : 0,
        next_attempt_at: stamp,
        created_at: stamp,
      })
      .execute();
  }
  // Failing: broken and timeout; working: ok and moved; not yet checked.
  const links = [
    ["https://a.example/broken", "broken"],
    ["https://b.example/slow", "timeout"],
    ["https://c.example/ok", "ok"],
    ["https://d.example/moved", "moved"],
    ["https://e.example/new", null],
  ] as const;
  await db()
    .insertInto("link_checks")
    .values(
      links.map(([url, status]) => ({
        url,
        url_hash: urlHash(url),
        places: "[]",
        status,
        checked_at: status ? stamp : null,
        created_at: stamp,
      })),
    )
    .execute();
}

beforeAll(seed);

const expectedCounts = {
  newLeads: 3,
  openLeads: 2,
  pendingTestimonials: 2,
  closingAlerts: 2,
  undatedAlerts: 2,
  newReports: 3,
  deadEmails: 1,
  brokenLinks: 2,
};

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();

function render(loaderData: unknown) {
  const Stub = createRoutesStub([{ id: "overview", path: "/admin/overview", Component: Overview as ComponentType }]);
  return renderToStaticMarkup(
    createElement(Stub, {
      initialEntries: ["/admin/overview"],
      hydrationData: { loaderData: { overview: loaderData } },
    }),
  );
}

describe(`what needs attention on ${process.env.TEST_ENGINE}`, () => {
  it("counts only what waits, one number per list", async () => {
    expect(await countAttention(db(), today)).toEqual(expectedCounts);
  });

  it("gives the admin the Overview's counts", async () => {
    const answer = await call(loader as never, getRequest("/admin/overview", sessions.adminCookie));
    expect(answer).toMatchObject({ kind: "data", status: 200, data: { loadError: null, counts: expectedCounts } });
  });

  it("shows each count with a link to its filtered list, and a zero as nothing waiting", async () => {
    const html = render({ counts: { ...expectedCounts, deadEmails: 0, brokenLinks: null }, loadError: null });
    const shown = text(html);
    expect(shown).toContain("New leads 3");
    expect(shown).toContain("Testimonials waiting for approval 2");
    expect(shown).toContain("Job alerts closing in the next 7 days 2");
    expect(shown).toContain("E-mails that failed Nothing waiting");
    // A count that failed is not passed off as zero.
    expect(shown).toContain("Links that stopped working Could not count just now");
    for (const href of [
      "/admin/leads?status=new",
      "/admin/leads?status=contacted",
      "/admin/testimonials?status=pending",
      "/admin?closing=7",
      "/admin?lastDate=none",
      "/admin/questions?tab=reports",
      "/admin/outbox",
      "/admin/link-health",
    ]) {
      expect(html).toContain(`href="${href}"`);
    }
  });

  it("puts the counts in the admin menu: a badge per section with something waiting", async () => {
    const answer = await call(layoutLoader as never, getRequest("/admin", sessions.adminCookie));
    if (answer.kind !== "data") throw new Error("no data");
    const waiting = answer.data.waiting;
    expect(waiting).toEqual(expectedCounts);
    expect(menuBadge("/admin", waiting)).toBe("2 closing soon");
    expect(menuBadge("/admin/leads", waiting)).toBe("3 new");
    expect(menuBadge("/admin/testimonials", waiting)).toBe("2 waiting");
    expect(menuBadge("/admin/questions", waiting)).toBe("3 new");
    expect(menuBadge("/admin/outbox", waiting)).toBe("1 failed");
    expect(menuBadge("/admin/link-health", waiting)).toBe("2 broken");
    // Nothing waiting, a failed count, or a section that counts nothing: no badge.
    expect(menuBadge("/admin/outbox", { ...waiting, deadEmails: 0 })).toBeNull();
    expect(menuBadge("/admin/outbox", { ...waiting, deadEmails: null })).toBeNull();
    expect(menuBadge("/admin/ebooks", waiting)).toBeNull();
  });

  it.each([
    ["/admin/overview", loader],
    ["/admin/link-health", linkHealthLoader],
  ])("refuses %s to anyone but an admin", async (path, load) => {
    const anonymous = await call(load as never, getRequest(path));
    expect(anonymous).toMatchObject({ kind: "redirect", location: "/admin/login", replace: true });
    const student = await call(load as never, getRequest(path, sessions.studentCookie));
    expect(student).toMatchObject({ kind: "data", status: 403 });
  });
});
