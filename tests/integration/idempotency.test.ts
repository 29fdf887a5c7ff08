import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { DUPLICATE_WINDOW_MS, KEY_RETENTION_MS } from "~/db/queries/idempotency-keys.server";
import { purgeExpiredData } from "~/lib/retention.server";
import { SUBMIT_TOKEN_FIELD } from "~/lib/forms/submit-token";
import { loader as layoutLoader } from "~/routes/admin/layout";
import { action as ebooksAction } from "~/routes/admin/manage/ebooks";
import { action as materialsAction } from "~/routes/admin/manage/free-materials";
import { action as freeTestsAction } from "~/routes/admin/manage/free-tests";
import { action as bannersAction } from "~/routes/admin/manage/hero-banners";
import { action as jobAlertsAction } from "~/routes/admin/manage/job-alerts";
import { action as popupAction } from "~/routes/admin/manage/welcome-popup";
import { action as bookingAction } from "~/routes/public/book-session";
import { action as contactAction } from "~/routes/public/contact";
import { action as testimonialAction } from "~/routes/public/testimonial-new";
import type { TestDb } from "../support/test-db";
import {
  call,
  closeAuthTestDb,
  createUser,
  flash,
  getRequest,
  openAuthTestDb,
  postRequest,
  sessionCookie,
  type Answer,
} from "./auth-support";

// Duplicate submits (issue 7): a double click or a retried POST creates one record. Visitor forms
// are recognised by a fingerprint (form, address, fields), admin forms by the one-time token the
// admin layout renders. Each repeat is answered exactly as the first submission was, and the
// database holds the record (and its e-mail, its audit row) once. Concurrent repeats race for
// real on PostgreSQL (a pool of connections).

const ADMIN = "idem-admin@example.com";
let t: TestDb;
let cookie: string;

beforeAll(async () => {
  t = await openAuthTestDb();
  process.env.PUBLIC_FORM_RATE_LIMIT = "1000";
  await createUser(ADMIN, "admin");
  cookie = await sessionCookie(ADMIN);
});
afterAll(() => closeAuthTestDb(t));

const db = () => getDb();

type Handler = (args: never) => unknown;
type Table =
  | "contact_messages"
  | "session_bookings"
  | "testimonials"
  | "email_outbox"
  | "audit_log"
  | "job_alerts"
  | "test_categories"
  | "test_subcategories"
  | "test_items"
  | "hero_banners"
  | "ebooks"
  | "free_materials"
  | "welcome_popup";

async function count(table: Table) {
  const row = await db()
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Rows of `table` whose text column holds `marker`. */
async function countWith(table: Table, column: string, marker: string) {
  const row = await db()
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as("n"))
    .where(sql.ref(column), "like", `%${marker}%`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

let lastIp = 0;
const nextIp = () => `192.0.2.${++lastIp}`;
let lastMarker = 0;
const nextMarker = () => `idem-${process.env.TEST_ENGINE}-${++lastMarker}-${Date.now()}`;

/** A visitor's POST, as a browser without JavaScript sends it. */
const visitorPost = (action: Handler, path: string, fields: Record<string, string>, ip: string) =>
  call(action as never, postRequest(path, { ...fields, website: "" }), ip);

const visitorForms = [
  {
    name: "contact",
    action: contactAction,
    path: "/contact",
    success: "Message sent successfully!",
    table: "contact_messages" as const,
    column: "message",
    emails: 1,
    fields: (marker: string) => ({
      name: "Anjali Verma",
      email: "anjali@example.com",
      phone: "+91 98765 43210",
      message: `Is IOCL-2025 updated? ${marker}`,
    }),
  },
  {
    name: "booking",
    action: bookingAction,
    path: "/book-session",
    // The spec's words, then the next step from the default call-back time (issue 27 item 5).
    success:
      "Session booked successfully! We will get back to you soon. We will call you within 24 hours to fix a time.",
    table: "session_bookings" as const,
    column: "query",
    emails: 1,
    fields: (marker: string) => ({
      sessionType: "higher-studies",
      name: "Ravi Kumar",
      phone: "9876543210",
      gateScore: "",
      collegeName: "NIT Trichy",
      query: `Which IITs can I get with AIR 850? ${marker}`,
    }),
  },
  {
    name: "testimonial",
    action: testimonialAction,
    path: "/testimonials/new",
    // New testimonials wait for review by default (issue 25).
    success: "Thank you! Your testimonial will appear on the home page after review.",
    table: "testimonials" as const,
    column: "comment",
    emails: 0,
    fields: (marker: string) => ({ name: "Priya Sharma", rating: "4", comment: `Spot-on mocks. ${marker}` }),
  },
];

function expectSuccess(answer: Answer, message: string) {
  expect(answer).toMatchObject({ kind: "data", status: 200, data: { ok: true, message } });
}

/** The admin layout's loader: the one-time token a page render carries. */
async function freshToken() {
  const answer = await call(layoutLoader as never, getRequest("/admin", cookie));
  if (answer.kind !== "data") throw new Error(`layout loader answered ${answer.kind}`);
  return answer.data.submitToken as string;
}

const adminPost = (action: Handler, path: string, fields: Record<string, string>) =>
  call(action as never, postRequest(path, fields, cookie));

/** Back to the list with the toast; the saved row may be the address's fragment (#row-12, issue 48). */
function expectSaved(answer: Answer, location: string, message: string) {
  expect(answer).toMatchObject({ kind: "redirect", status: 302 });
  if (answer.kind === "redirect") expect(answer.location.replace(/#row-\d+$/, "")).toBe(location);
  expect(flash(answer)).toBe(message);
}

describe(`duplicate submits on ${process.env.TEST_ENGINE}`, () => {
  describe.each(visitorForms)("$name form", (form) => {
    /** How many rows and e-mails carry the marker. */
    const stored = async (marker: string) => ({
      rows: await countWith(form.table, form.column, marker),
      emails: await countWith("email_outbox", "text", marker),
    });

    it("posted twice in a row: the same success twice, one row and one e-mail", async () => {
      const marker = nextMarker();
      const ip = nextIp();
      const first = await visitorPost(form.action, form.path, form.fields(marker), ip);
      const second = await visitorPost(form.action, form.path, form.fields(marker), ip);
      expectSuccess(first, form.success);
      expect(second).toEqual(first);
      expect(await stored(marker)).toEqual({ rows: 1, emails: form.emails });
    });

    it("posted twice at once (a double click): both succeed, one row and one e-mail", async () => {
      const marker = nextMarker();
      const ip = nextIp();
      const answers = await Promise.all(
        [1, 2, 3].map(() => visitorPost(form.action, form.path, form.fields(marker), ip)),
      );
      for (const answer of answers) expectSuccess(answer, form.success);
      expect(await stored(marker)).toEqual({ rows: 1, emails: form.emails });
    });

    it("different submissions are different records: other text, or another visitor", async () => {
      const marker = nextMarker();
      const ip = nextIp();
      expectSuccess(await visitorPost(form.action, form.path, form.fields(`${marker}-a`), ip), form.success);
      expectSuccess(await visitorPost(form.action, form.path, form.fields(`${marker}-b`), ip), form.success);
      expectSuccess(await visitorPost(form.action, form.path, form.fields(`${marker}-a`), nextIp()), form.success);
      expect(await stored(marker)).toEqual({ rows: 3, emails: 3 * form.emails });
    });

    it("the same text again after the window is a new submission", async () => {
      const marker = nextMarker();
      const ip = nextIp();
      expectSuccess(await visitorPost(form.action, form.path, form.fields(marker), ip), form.success);
      // Age every key past the window, as if the visitor came back later.
      const aged = new Date(Date.now() - DUPLICATE_WINDOW_MS - 60_000).toISOString();
      await db().updateTable("idempotency_keys").set({ created_at: aged }).execute();
      expectSuccess(await visitorPost(form.action, form.path, form.fields(marker), ip), form.success);
      expect(await stored(marker)).toEqual({ rows: 2, emails: 2 * form.emails });
    });
  });

  it("a submission whose write failed is not remembered: the retry stores it", async () => {
    const marker = nextMarker();
    const ip = nextIp();
    const fields = visitorForms[0]!.fields(marker);
    await sql`alter table email_outbox rename to email_outbox_away`.execute(db());
    let failed: Answer;
    try {
      failed = await visitorPost(contactAction, "/contact", fields, ip);
    } finally {
      await sql`alter table email_outbox_away rename to email_outbox`.execute(db());
    }
    expect(failed).toMatchObject({ kind: "data", status: 503, data: { ok: false } });
    expectSuccess(await visitorPost(contactAction, "/contact", fields, ip), "Message sent successfully!");
    expect(await countWith("contact_messages", "message", marker)).toBe(1);
    expect(await countWith("email_outbox", "text", marker)).toBe(1);
  });

  describe("admin forms", () => {
    it("every page render carries a new token", async () => {
      const [a, b] = [await freshToken(), await freshToken()];
      expect(a).toMatch(/^[0-9a-f-]{36}$/);
      expect(b).not.toBe(a);
    });

    /** One create form per manager, its list, its table, and the spec's 'created' toast. */
    const creates: {
      name: string;
      action: Handler;
      path: string;
      home: string;
      table: Table;
      created: string;
      fields: (marker: string) => Promise<Record<string, string>>;
    }[] = [
      {
        name: "job alert",
        action: jobAlertsAction,
        path: "/admin?new=1",
        home: "/admin",
        table: "job_alerts",
        created: "Job alert created successfully",
        fields: async (marker) => ({
          intent: "create",
          title: `NTPC Executive Trainee ${marker}`,
          category_id: String(
            (await db().selectFrom("job_categories").select("id").orderBy("id").executeTakeFirstOrThrow()).id,
          ),
          view_link: "https://ntpc.co.in/careers",
          description: "",
          is_active: "on",
        }),
      },
      {
        name: "test category",
        action: freeTestsAction,
        path: "/admin/free-tests?new=category",
        home: "/admin/free-tests",
        table: "test_categories",
        created: "Category created successfully",
        fields: async (marker) => ({ intent: "create", level: "category", name: `Process Control ${marker}` }),
      },
      {
        name: "test subcategory",
        action: freeTestsAction,
        path: "/admin/free-tests?new=subcategory",
        home: "/admin/free-tests",
        table: "test_subcategories",
        created: "Subcategory created successfully",
        fields: async (marker) => ({
          intent: "create",
          level: "subcategory",
          category_id: String(
            (await db().selectFrom("test_categories").select("id").orderBy("id").executeTakeFirstOrThrow()).id,
          ),
          name: `Laplace ${marker}`,
          test_count: "3",
          is_active: "on",
        }),
      },
      {
        name: "test item",
        action: freeTestsAction,
        path: "/admin/free-tests?new=item",
        home: "/admin/free-tests",
        table: "test_items",
        created: "Test item created successfully",
        fields: async (marker) => ({
          intent: "create",
          level: "item",
          subcategory_id: String(
            (await db().selectFrom("test_subcategories").select("id").orderBy("id").executeTakeFirstOrThrow()).id,
          ),
          title: `Mock ${marker}`,
          test_link: "https://tests.example.in/mock-1",
          is_active: "on",
        }),
      },
      {
        name: "hero banner",
        action: bannersAction,
        path: "/admin/hero-banners?new=1",
        home: "/admin/hero-banners",
        table: "hero_banners",
        created: "Banner created successfully",
        fields: async (marker) => ({ intent: "create", image_url: `https://cdn.example.in/${marker}.png` }),
      },
      {
        name: "e-book",
        action: ebooksAction,
        path: "/admin/ebooks?new=1",
        home: "/admin/ebooks",
        table: "ebooks",
        created: "E-book created successfully",
        fields: async (marker) => ({ intent: "create", title: `Notes ${marker}`, pdf_link: "https://x.in/a.pdf" }),
      },
      {
        name: "free material",
        action: materialsAction,
        path: "/admin/free-materials?new=1",
        home: "/admin/free-materials",
        table: "free_materials",
        created: "Material created successfully",
        fields: async (marker) => ({ intent: "create", title: `Sheet ${marker}`, material_link: "https://x.in/s" }),
      },
    ];

    describe.each(creates)("$name", (form) => {
      /** Rows of the table and audit rows written since `before`. */
      async function since(before: { rows: number; audit: number }) {
        return { rows: (await count(form.table)) - before.rows, audit: (await count("audit_log")) - before.audit };
      }
      const counts = async () => ({ rows: await count(form.table), audit: await count("audit_log") });

      it("the same token twice in a row: one row, one audit row, the same toast twice", async () => {
        const fields = { ...(await form.fields(nextMarker())), [SUBMIT_TOKEN_FIELD]: await freshToken() };
        const before = await counts();
        const first = await adminPost(form.action, form.path, fields);
        const second = await adminPost(form.action, form.path, fields);
        expectSaved(first, form.home, form.created);
        expectSaved(second, form.home, form.created);
        expect(await since(before)).toEqual({ rows: 1, audit: 1 });
      });

      it("the same token at once (a double click): one row, one audit row, both answered with the toast", async () => {
        const fields = { ...(await form.fields(nextMarker())), [SUBMIT_TOKEN_FIELD]: await freshToken() };
        const before = await counts();
        const answers = await Promise.all([1, 2, 3].map(() => adminPost(form.action, form.path, fields)));
        for (const answer of answers) expectSaved(answer, form.home, form.created);
        expect(await since(before)).toEqual({ rows: 1, audit: 1 });
      });

      it("a new token, or the old token with other fields (the Back button), creates another row", async () => {
        const token = await freshToken();
        const before = await counts();
        const a = await form.fields(nextMarker());
        expectSaved(
          await adminPost(form.action, form.path, { ...a, [SUBMIT_TOKEN_FIELD]: token }),
          form.home,
          form.created,
        );
        expectSaved(
          await adminPost(form.action, form.path, { ...a, [SUBMIT_TOKEN_FIELD]: await freshToken() }),
          form.home,
          form.created,
        );
        const b = await form.fields(nextMarker());
        expectSaved(
          await adminPost(form.action, form.path, { ...b, [SUBMIT_TOKEN_FIELD]: token }),
          form.home,
          form.created,
        );
        expect(await since(before)).toEqual({ rows: 3, audit: 3 });
      });
    });

    it("a create whose write failed keeps no claim: the same token then creates the row", async () => {
      const fields = { ...(await creates[0]!.fields(nextMarker())), [SUBMIT_TOKEN_FIELD]: await freshToken() };
      const before = await count("job_alerts");
      // The audit row is written last: its failure rolls back the row and the claimed key.
      await sql`alter table audit_log rename to audit_log_away`.execute(db());
      let failed: Answer;
      try {
        failed = await adminPost(jobAlertsAction, "/admin?new=1", fields);
      } finally {
        await sql`alter table audit_log_away rename to audit_log`.execute(db());
      }
      expect(failed).toMatchObject({ kind: "data", status: 503, data: { formError: "Failed to save job alert" } });
      expect(await count("job_alerts")).toBe(before);
      expectSaved(await adminPost(jobAlertsAction, "/admin?new=1", fields), "/admin", "Job alert created successfully");
      expect(await count("job_alerts")).toBe(before + 1);
    });

    it("welcome popup: a replayed first save says 'created' again and leaves one row", async () => {
      await db().deleteFrom("welcome_popup").execute();
      const fields = {
        intent: "save",
        title: "Welcome, GATE 2027 aspirants",
        subtitle: "",
        description: "New mocks every week.",
        image_url: "/images/welcome-popup.svg",
        is_active: "on",
        [SUBMIT_TOKEN_FIELD]: await freshToken(),
      };
      const audit = await count("audit_log");
      const answers = await Promise.all([1, 2].map(() => adminPost(popupAction, "/admin/welcome-popup", fields)));
      answers.push(await adminPost(popupAction, "/admin/welcome-popup", fields));
      for (const answer of answers) expectSaved(answer, "/admin/welcome-popup", "Welcome popup created successfully");
      expect(await count("welcome_popup")).toBe(1);
      expect((await count("audit_log")) - audit).toBe(1);

      // A later save with a new token is an update, as before.
      const update = { ...fields, title: "Welcome back", [SUBMIT_TOKEN_FIELD]: await freshToken() };
      expectSaved(
        await adminPost(popupAction, "/admin/welcome-popup", update),
        "/admin/welcome-popup",
        "Welcome popup updated successfully",
      );
      expect(await count("welcome_popup")).toBe(1);
    });
  });

  it("the retention purge drops keys older than a day and keeps newer ones", async () => {
    const now = Date.now();
    await db().deleteFrom("idempotency_keys").execute();
    await db()
      .insertInto("idempotency_keys")
      .values([
        { key: "old", created_at: new Date(now - KEY_RETENTION_MS - 60_000).toISOString(), outcome: null },
        { key: "recent", created_at: new Date(now - KEY_RETENTION_MS + 60_000).toISOString(), outcome: "create" },
      ])
      .execute();
    await purgeExpiredData(db(), now);
    expect(await db().selectFrom("idempotency_keys").select("key").execute()).toEqual([{ key: "recent" }]);
  });
});
