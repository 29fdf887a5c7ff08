import fc from "fast-check";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Testimonials } from "~/components/home/testimonials";
import { getDb } from "~/db/client.server";
import { listRecentTestimonials } from "~/db/queries/testimonials.server";
import { HONEYPOT_FIELD } from "~/lib/forms/submission";
import { formMessages } from "~/lib/forms/public-form.server";
import { SESSION_TYPES } from "~/lib/session-offer/session-types";
import { action as bookingAction } from "~/routes/public/book-session";
import { action as contactAction } from "~/routes/public/contact";
import { action as testimonialAction } from "~/routes/public/testimonial-new";
import {
  CaseCounter,
  encode,
  encoding,
  field,
  formEntries,
  hostileValue,
  markupPayloads,
  textWithPayload,
  unescapedPayloads,
  type Encoding,
  type Entries,
} from "../support/malformed";
import type { TestDb } from "../support/test-db";
import { call, closeAuthTestDb, openAuthTestDb, ORIGIN } from "./auth-support";

// Issue 7 "bad input", public forms. Property-based: fast-check generates malformed bodies for
// every public form action and each must get a clear 4xx or a field error, never a 5xx.
//
// Actions covered (every `action` under app/routes/public):
//   POST /contact            contact form          (app/routes/public/contact.tsx → submitContact)
//   POST /book-session       session booking form  (app/routes/public/book-session.tsx → submitBooking)
//   POST /testimonials/new   testimonial form      (app/routes/public/testimonial-new.tsx → submitTestimonial)
//
// Generated per case: every field present, missing or repeated (hostile value first or second),
// unknown extra fields, the honeypot sometimes; values from tests/support/malformed.ts (100k
// characters, full Unicode, control characters and NUL, HTML and script payloads, SQL-looking
// text, javascript:/data: URLs, numbers as text, empty); bodies urlencoded, multipart (with a
// file), JSON, text/plain, no Content-Type, broken multipart and bad percent-encoding.

const RUNS = 200;
// Every case must reach the form's own validation, not the per-IP limit (which answers 429).
process.env.PUBLIC_FORM_RATE_LIMIT = "1000000";

const counter = new CaseCounter();
let t: TestDb;
beforeAll(async () => {
  t = await openAuthTestDb();
});
afterAll(async () => {
  for (const line of counter.lines(`public forms, ${process.env.TEST_ENGINE}`)) console.log(line);
  await closeAuthTestDb(t);
});

type Table = "contact_messages" | "session_bookings" | "testimonials";
interface PublicForm {
  name: string;
  path: string;
  action: unknown;
  table: Table;
  fields: Record<string, fc.Arbitrary<string>>;
}

const validName = fc.oneof(textWithPayload, fc.constantFrom("Anjali Verma", "Ravi Kumar"));
const email = field(
  fc.oneof(
    { arbitrary: fc.stringMatching(/^[a-z0-9][a-z0-9.+_-]{0,20}@[a-z0-9-]{1,12}\.(com|in|example)$/), weight: 4 },
    { arbitrary: fc.emailAddress(), weight: 1 },
    { arbitrary: fc.constantFrom("x@y", "@example.com", " a@example.com "), weight: 1 },
  ),
);
const phone = field(
  fc.oneof(
    { arbitrary: fc.stringMatching(/^\+?[0-9][0-9 ()-]{6,19}$/), weight: 4 },
    { arbitrary: fc.constantFrom("12", "+1 ''", "98765\n43210"), weight: 1 },
  ),
);
const longText = field(fc.oneof(textWithPayload, fc.lorem({ maxCount: 30 })));

const forms: PublicForm[] = [
  {
    name: "contact",
    path: "/contact",
    action: contactAction as never,
    table: "contact_messages",
    fields: { name: field(validName), email, phone, message: longText },
  },
  {
    name: "booking",
    path: "/book-session",
    action: bookingAction as never,
    table: "session_bookings",
    fields: {
      sessionType: field(fc.constantFrom(...SESSION_TYPES, "HIGHER-STUDIES", "mba")),
      name: field(validName),
      phone,
      gateScore: field(fc.constantFrom("", "712", "-5", "abc", "1e309")),
      collegeName: field(validName),
      query: longText,
    },
  },
  {
    name: "testimonial",
    path: "/testimonials/new",
    action: testimonialAction as never,
    table: "testimonials",
    fields: {
      name: field(validName),
      rating: field(fc.constantFrom("1", "2", "3", "4", "5", "0", "6", "-1", "4.5", "five", "1e0", " 3 ", "")),
      comment: longText,
    },
  },
];

/** The honeypot, filled in now and then (a bot); empty otherwise, as a person leaves it. */
const honeypot = fc.oneof(
  { arbitrary: fc.constant<Entries>([]), weight: 8 },
  { arbitrary: fc.constant<Entries>([[HONEYPOT_FIELD, ""]]), weight: 3 },
  { arbitrary: hostileValue.map((v): Entries => [[HONEYPOT_FIELD, v]]), weight: 1 },
);

// What server/request-listener.ts can pass on: a socket address, or (behind the proxy) the header's entry,
// which HTTP itself keeps free of NUL and line breaks; garbage there is driven over HTTP.
const ip = fc.oneof(fc.ipV4(), fc.ipV6(), fc.constantFrom("unknown", "::ffff:127.0.0.1", "' OR 1=1 --"));

async function rowCount(table: Table) {
  const row = await getDb()
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe(`public form actions with malformed input (${process.env.TEST_ENGINE})`, () => {
  for (const form of forms) {
    it(`${form.name} (${form.path}): a 4xx or field errors for every malformed body, never a 5xx`, async () => {
      await fc.assert(
        fc.asyncProperty(
          formEntries(form.fields),
          honeypot,
          encoding,
          ip,
          async (entries: Entries, trap: Entries, how: Encoding, clientIp: string) => {
            const { body, headers } = await encode([...entries, ...trap], how);
            const request = new Request(`${ORIGIN}${form.path}`, {
              method: "POST",
              body,
              headers: { Origin: ORIGIN, ...headers },
            });
            const before = await rowCount(form.table);
            const answer = await call(form.action as never, request, clientIp);
            const after = await rowCount(form.table);
            counter.add(`${form.name} (${form.path})`, answer.status);

            expect(answer.kind).toBe("data");
            if (answer.kind !== "data") return;
            expect(answer.status).toBeLessThan(500);
            if (answer.status === 200) {
              expect(answer.data).toMatchObject({ ok: true });
              // Stored once; a repeat of the same submission is answered alike and stores nothing.
              expect(after - before).toBeLessThanOrEqual(1);
              return;
            }
            expect([400, 413, 415]).toContain(answer.status);
            expect(answer.data).toMatchObject({ ok: false, formError: expect.any(String) });
            if (answer.data.formError === formMessages.invalid) {
              expect(Object.keys(answer.data.fieldErrors).length).toBeGreaterThan(0);
            }
            // The honeypot is never echoed, and nothing refused is stored.
            expect(answer.data.values ?? {}).not.toHaveProperty(HONEYPOT_FIELD);
            expect(after).toBe(before);
          },
        ),
        { numRuns: RUNS },
      );
    });
  }

  it("stores payloads as typed and the home page's testimonials render them escaped", async () => {
    // One submission per payload, so the newest testimonials certainly hold every one of them.
    for (const payload of markupPayloads) {
      const answer = await call(
        testimonialAction as never,
        new Request(`${ORIGIN}/testimonials/new`, {
          method: "POST",
          body: new URLSearchParams({ name: payload.slice(0, 100), rating: "5", comment: `${payload} ok` }),
          headers: { Origin: ORIGIN },
        }),
        "192.0.2.77",
      );
      expect(answer).toMatchObject({ kind: "data", status: 200 });
    }
    // They wait for review (issue 25): staff approve them, then the home page lists them.
    await getDb().updateTable("testimonials").set({ status: "approved" }).where("status", "=", "pending").execute();
    const testimonials = await listRecentTestimonials(getDb());
    expect(testimonials.map((row) => row.comment)).toEqual(
      expect.arrayContaining(markupPayloads.map((payload) => `${payload} ok`)),
    );
    // The home page's section, rendered as the server renders it.
    const Stub = createRoutesStub([{ path: "/", Component: () => createElement(Testimonials, { testimonials }) }]);
    const html = renderToStaticMarkup(createElement(Stub, { initialEntries: ["/"] }));
    expect(html).toContain("&lt;script&gt;alert(&#x27;xss-probe&#x27;)&lt;/script&gt;");
    expect(unescapedPayloads(html)).toEqual([]);
  });
});
