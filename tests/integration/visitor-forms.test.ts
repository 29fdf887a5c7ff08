import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingMessages, contactMessages, testimonialMessages } from "~/lib/forms/messages";
import { MAX_FORM_BYTES } from "~/lib/forms/read-form.server";
import { formMessages } from "~/lib/forms/public-form.server";
import { action as bookingAction } from "~/routes/public/book-session";
import { action as contactAction } from "~/routes/public/contact";
import { action as testimonialAction } from "~/routes/public/testimonial-new";
import { contextWith } from "../support/router-context";
import { openTestDb, type TestDb } from "../support/test-db";

// The three visitor-form actions, called as the router calls them: a Request and a context
// carrying the client's address. What they answer, and what the database then holds.

// A small limit, read once by env() on the first submission.
const LIMIT = 3;
process.env.PUBLIC_FORM_RATE_LIMIT = String(LIMIT);

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
  await t.db
    .insertInto("site_settings")
    .values([
      { key: "brand_name", value: "GATE CH Academy", updated_at: new Date().toISOString() },
      { key: "booking_recipient_email", value: "bookings@example.in", updated_at: new Date().toISOString() },
    ])
    .execute();
});
afterAll(() => t.cleanup());

type Action = typeof contactAction | typeof bookingAction | typeof testimonialAction;
interface Answer {
  status: number;
  data: {
    ok: boolean;
    message?: string;
    formError?: string;
    fieldErrors?: Record<string, string>;
    values?: Record<string, string>;
  };
}

// Each test posts from its own address, so that only the rate-limit test meets the limit.
let lastIp = 0;
const nextIp = () => `198.51.100.${++lastIp}`;

/** The router context of a request from `ip`, on this file's database. */
const context = (ip: string) => contextWith(t.db, ip);

async function post(
  action: Action,
  path: string,
  body: BodyInit,
  ip = nextIp(),
  headers?: HeadersInit,
): Promise<Answer> {
  const request = new Request(`http://localhost${path}`, { method: "POST", body, headers });
  const result = (await action({ request, context: context(ip), params: {} } as never)) as unknown as {
    data: Answer["data"];
    init: ResponseInit | null;
  };
  return { status: result.init?.status ?? 200, data: result.data };
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields);

async function count(table: "contact_messages" | "session_bookings" | "testimonials" | "email_outbox") {
  return Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
}

async function counts() {
  return {
    contact: await count("contact_messages"),
    bookings: await count("session_bookings"),
    testimonials: await count("testimonials"),
    outbox: await count("email_outbox"),
  };
}

const contact = {
  name: "Anjali Verma",
  email: "anjali@example.com",
  phone: "+91 98765 43210",
  message: "Is IOCL-2025 updated?",
};
const booking = {
  sessionType: "higher-studies",
  name: "Ravi Kumar",
  phone: "9876543210",
  gateScore: "",
  collegeName: "NIT Trichy",
  query: "Which IITs can I get with AIR 850?",
};
const testimonial = { name: "Priya Sharma", rating: "4", comment: "The topicwise tests were spot on." };

describe(`visitor forms on ${process.env.TEST_ENGINE}`, () => {
  describe("contact (/contact)", () => {
    it("stores the message with its e-mail and answers the spec's success message", async () => {
      const before = await counts();
      const answer = await post(contactAction, "/contact", form({ ...contact, website: "" }));
      expect(answer).toEqual({ status: 200, data: { ok: true, message: "Message sent successfully!" } });

      const row = await t.db.selectFrom("contact_messages").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
      expect(row).toMatchObject(contact);
      const mail = await t.db.selectFrom("email_outbox").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
      expect(mail).toMatchObject({
        to_address: "bookings@example.in",
        reply_to: "anjali@example.com",
        subject: "GATE CH Academy Contact Message - Anjali Verma",
        status: "pending",
        attempts: 0,
      });
      expect(mail.html).toContain("Is IOCL-2025 updated?");
      expect(await counts()).toEqual({ ...before, contact: before.contact + 1, outbox: before.outbox + 1 });
    });

    it.each([
      ["name", { name: "  " }, "Name is required"],
      ["email", { email: "anjali@" }, "Enter a valid email address"],
      ["email", { email: "" }, "Email is required"],
      ["phone", { phone: "call me" }, "Enter a valid phone number"],
      ["message", { message: "" }, "Message is required"],
      ["message", { message: "x".repeat(5001) }, "Message must be at most 5000 characters"],
    ])("refuses an invalid %s with its field error, keeps the values, stores nothing", async (field, change, error) => {
      const before = await counts();
      const values = { ...contact, ...change };
      const answer = await post(contactAction, "/contact", form(values));
      expect(answer.status).toBe(400);
      expect(answer.data).toEqual({
        ok: false,
        formError: formMessages.invalid,
        fieldErrors: { [field]: error },
        values,
      });
      expect(await counts()).toEqual(before);
    });
  });

  describe("booking (/book-session)", () => {
    it("stores the booking with its e-mail; an empty GATE score is stored as none", async () => {
      const before = await counts();
      const answer = await post(bookingAction, "/book-session", form(booking));
      // The spec's words verbatim, then what happens next: a call, not a session at a fixed time.
      expect(answer).toEqual({
        status: 200,
        data: {
          ok: true,
          message:
            "Session booked successfully! We will get back to you soon. We will call you within 24 hours to fix a time.",
        },
      });
      const row = await t.db.selectFrom("session_bookings").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        session_type: "higher-studies",
        name: "Ravi Kumar",
        phone: "9876543210",
        gate_score: null,
        college_name: "NIT Trichy",
        query: "Which IITs can I get with AIR 850?",
      });
      const mail = await t.db.selectFrom("email_outbox").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
      expect(mail.subject).toBe("GATE CH Academy New Higher Studies Session Booking - Ravi Kumar");
      expect(mail.html).toContain("within 24 hours (as promised on the site)");
      expect(mail.reply_to).toBeNull();
      expect(await counts()).toEqual({ ...before, bookings: before.bookings + 1, outbox: before.outbox + 1 });
    });

    it("promises the call-back time staff set in the site settings", async () => {
      const setting = { key: "session_callback_hours", value: "48", updated_at: new Date().toISOString() };
      await t.db.insertInto("site_settings").values(setting).execute();
      try {
        const answer = await post(bookingAction, "/book-session", form({ ...booking, name: "Kavya Nair" }));
        expect(answer.data).toEqual({
          ok: true,
          message: `${bookingMessages.success} We will call you within 2 days to fix a time.`,
        });
      } finally {
        await t.db.deleteFrom("site_settings").where("key", "=", setting.key).execute();
      }
    });

    it("keeps the GATE score when given, and names Career Guidance in the subject", async () => {
      await post(
        bookingAction,
        "/book-session",
        form({ ...booking, sessionType: "career-guidance", gateScore: "712" }),
      );
      const row = await t.db.selectFrom("session_bookings").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
      expect(row).toMatchObject({ session_type: "career-guidance", gate_score: "712" });
      const mail = await t.db.selectFrom("email_outbox").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
      expect(mail.subject).toBe("GATE CH Academy New Career Guidance Session Booking - Ravi Kumar");
    });

    it.each([
      ["sessionType", { sessionType: "mba" }, "Choose a session type"],
      ["name", { name: "" }, "Name is required"],
      ["phone", { phone: "12" }, "Enter a valid phone number"],
      ["gateScore", { gateScore: "9".repeat(21) }, "GATE score must be at most 20 characters"],
      ["collegeName", { collegeName: "" }, "College name is required"],
      ["query", { query: " " }, "Query is required"],
    ])("refuses an invalid %s with its field error and stores nothing", async (field, change, error) => {
      const before = await counts();
      const values = { ...booking, ...change };
      const answer = await post(bookingAction, "/book-session", form(values));
      expect(answer.status).toBe(400);
      expect(answer.data).toMatchObject({ ok: false, fieldErrors: { [field]: error }, values });
      expect(Object.keys(answer.data.fieldErrors!)).toEqual([field]);
      expect(await counts()).toEqual(before);
    });
  });

  describe("testimonial (/testimonials/new)", () => {
    it("stores the testimonial with an avatar made from the name, waiting for review (issue 25 default)", async () => {
      const answer = await post(testimonialAction, "/testimonials/new", form(testimonial));
      expect(answer).toEqual({ status: 200, data: { ok: true, message: testimonialMessages.pending } });
      expect(testimonialMessages.pending).toBe(
        "Thank you! Your testimonial will appear on the home page after review.",
      );
      const row = await t.db.selectFrom("testimonials").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        name: "Priya Sharma",
        rating: 4,
        comment: "The topicwise tests were spot on.",
        avatar: "PS",
        status: "pending",
      });
    });

    it("stores it approved with the spec's message when the setting says testimonials appear at once", async () => {
      const setting = { key: "testimonials_need_approval", value: "false", updated_at: new Date().toISOString() };
      await t.db.insertInto("site_settings").values(setting).execute();
      try {
        const answer = await post(testimonialAction, "/testimonials/new", form({ ...testimonial, name: "Meena Iyer" }));
        expect(answer).toEqual({
          status: 200,
          data: { ok: true, message: "Thank you! Your testimonial has been added." },
        });
        const row = await t.db.selectFrom("testimonials").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
        expect(row).toMatchObject({ name: "Meena Iyer", status: "approved" });
      } finally {
        await t.db.deleteFrom("site_settings").where("key", "=", setting.key).execute();
      }
    });

    it("rates 5 when no rating is sent (spec §5 default)", async () => {
      await post(testimonialAction, "/testimonials/new", form({ name: "Arun", comment: "Great mocks." }));
      const row = await t.db.selectFrom("testimonials").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
      expect(row).toMatchObject({ name: "Arun", rating: 5, avatar: "A" });
    });

    it.each([
      ["name", { name: "" }, "Name is required"],
      ["comment", { comment: "" }, "Comment is required"],
      ["rating", { rating: "0" }, "Choose a rating from 1 to 5"],
      ["rating", { rating: "6" }, "Choose a rating from 1 to 5"],
      ["rating", { rating: "five" }, "Choose a rating from 1 to 5"],
    ])("refuses an invalid %s and stores nothing", async (field, change, error) => {
      const before = await counts();
      const answer = await post(testimonialAction, "/testimonials/new", form({ ...testimonial, ...change }));
      expect(answer.status).toBe(400);
      expect(answer.data.fieldErrors).toEqual({ [field]: error });
      expect(await counts()).toEqual(before);
    });
  });

  describe("abuse", () => {
    it.each([
      ["contact", contactAction, "/contact", contact],
      ["booking", bookingAction, "/book-session", booking],
      ["testimonial", testimonialAction, "/testimonials/new", testimonial],
    ] as const)(
      "%s: a filled honeypot is refused, stores nothing, and is not echoed back",
      async (_name, action, path, values) => {
        const before = await counts();
        const answer = await post(action, path, form({ ...values, website: "https://spam.example" }));
        expect(answer.status).toBe(400);
        expect(answer.data).toMatchObject({ ok: false, formError: formMessages.honeypot });
        expect(answer.data.values).not.toHaveProperty("website");
        expect(await counts()).toEqual(before);
      },
    );

    it.each([
      ["contact", contactAction, "/contact", contact],
      ["booking", bookingAction, "/book-session", booking],
      ["testimonial", testimonialAction, "/testimonials/new", testimonial],
    ] as const)(
      "%s: more than the limit from one address gets 429 with a clear message",
      async (_name, action, path, values) => {
        const ip = nextIp();
        for (let i = 0; i < LIMIT; i++) expect((await post(action, path, form(values), ip)).status).toBe(200);
        const before = await counts();
        const refused = await post(action, path, form(values), ip);
        expect(refused.status).toBe(429);
        expect(refused.data.formError).toMatch(
          /^Too many submissions from your network\. Please try again in \d+ minutes?\.$/,
        );
        expect(refused.data.values).toEqual(values);
        expect(await counts()).toEqual(before);
        // Another address is not affected.
        expect((await post(action, path, form(values))).status).toBe(200);
      },
    );

    it("refuses a body over the limit with 413, with or without a Content-Length", async () => {
      const before = await counts();
      const huge = form({ ...contact, message: "x".repeat(MAX_FORM_BYTES) });
      const streamed = await post(contactAction, "/contact", huge);
      expect(streamed).toMatchObject({ status: 413, data: { ok: false, formError: formMessages.tooLarge } });
      const declared = await post(contactAction, "/contact", form(contact), nextIp(), {
        "Content-Length": String(MAX_FORM_BYTES + 1),
      });
      expect(declared.status).toBe(413);
      expect(await counts()).toEqual(before);
    });

    it("answers a body that is not a form with 415", async () => {
      const answer = await post(contactAction, "/contact", JSON.stringify(contact), nextIp(), {
        "Content-Type": "application/json",
      });
      expect(answer).toMatchObject({ status: 415, data: { ok: false, formError: formMessages.badEncoding } });
    });
  });

  describe("write first, then acknowledge", () => {
    it("stores neither the message nor its e-mail when the e-mail cannot be queued, and says so", async () => {
      const before = await counts();
      await sql`alter table email_outbox rename to email_outbox_away`.execute(t.db);
      try {
        const answer = await post(contactAction, "/contact", form(contact));
        expect(answer.status).toBe(503);
        expect(answer.data).toEqual({
          ok: false,
          formError: contactMessages.failure,
          fieldErrors: {},
          values: contact,
        });
        const bookingAnswer = await post(bookingAction, "/book-session", form(booking));
        expect(bookingAnswer.data.formError).toBe(bookingMessages.failure);
      } finally {
        await sql`alter table email_outbox_away rename to email_outbox`.execute(t.db);
      }
      expect(await counts()).toEqual(before);
    });
  });
});
