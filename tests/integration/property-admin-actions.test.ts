import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { action as ebooksAction } from "~/routes/admin/manage/ebooks";
import { action as materialsAction } from "~/routes/admin/manage/free-materials";
import { action as freeTestsAction } from "~/routes/admin/manage/free-tests";
import { action as bannersAction } from "~/routes/admin/manage/hero-banners";
import { action as catalogueAction } from "~/routes/admin/manage/catalogue";
import { action as jobAlertsAction } from "~/routes/admin/manage/job-alerts";
import { action as settingsAction } from "~/routes/admin/manage/site-settings";
import { action as popupAction } from "~/routes/admin/manage/welcome-popup";
import { SUBMIT_TOKEN_FIELD } from "~/lib/forms/submit-token";
import {
  CaseCounter,
  encode,
  encoding,
  field,
  formEntries,
  hostileCookie,
  hostileValue,
  isUnsafeStoredUrl,
  textWithPayload,
  urlValue,
  validUrl,
  type Encoding,
  type Entries,
} from "../support/malformed";
import type { TestDb } from "../support/test-db";
import { call, closeAuthTestDb, createUser, openAuthTestDb, ORIGIN, sessionCookie } from "./auth-support";

// Issue 7 "bad input", admin panel. Property-based: fast-check generates malformed bodies for
// every admin manager action, posted with an admin's session; each must get a clear 4xx, a field
// error or a redirect, never a 5xx, and no link other than http(s) (or, for images, a path on
// this site) may ever be stored.
//
// Actions covered (every `action` under app/routes/admin/manage, each with every intent):
//   POST /admin                 job alerts       create | update | delete
//   POST /admin/free-tests      free-tests tree  level category|subcategory|item × create | update | delete
//   POST /admin/welcome-popup   welcome popup    save
//   POST /admin/hero-banners    hero banners     create | update | delete | move (up|down)
//   POST /admin/ebooks          e-books          create | update | delete
//   POST /admin/free-materials  free materials   create | update | delete
//   POST /admin/settings        site settings    save
//   POST /admin/catalogue       catalogue        table test-series|courses × create | update | delete
// plus unknown and missing intents and levels. The account and sign-in actions (password change,
// two-factor, sign out everywhere, login, second factor, forgot/reset password, sign-out, and the
// /api/auth handler) are in property-auth-actions.test.ts.
//
// Generated per case: every field present, missing or repeated; unknown fields; a submit token
// or none; values from tests/support/malformed.ts (100k characters, full Unicode, control
// characters and NUL, HTML/script payloads, SQL-looking text, javascript:/data:/vbscript: links
// in any case behind spaces, tabs and newlines, numbers as text, huge and negative ids and
// counts); bodies urlencoded, multipart, JSON, text/plain, none, broken multipart, bad
// percent-encoding; and now and then a garbage Cookie header instead of the admin's session.

const RUNS = 200;
const ADMIN = "fuzz-admin@example.com";
const counter = new CaseCounter();

let t: TestDb;
let adminCookie: string;
beforeAll(async () => {
  t = await openAuthTestDb();
  await createUser(ADMIN, "admin");
  adminCookie = await sessionCookie(ADMIN);
});
afterAll(async () => {
  for (const line of counter.lines(`admin actions, ${process.env.TEST_ENGINE}`)) console.log(line);
  await closeAuthTestDb(t);
});

/** Every stored link column, with what it may hold. */
async function storedLinks() {
  const db = getDb();
  const settings = await db
    .selectFrom("site_settings")
    .select("value")
    .where("key", "in", ["student_login_url", "learning_app_url"])
    .execute();
  return [
    ...(await db.selectFrom("job_alerts").select("view_link as url").execute()),
    ...(await db.selectFrom("ebooks").select("pdf_link as url").execute()),
    ...(await db.selectFrom("free_materials").select("material_link as url").execute()),
    ...(await db.selectFrom("test_items").select("test_link as url").execute()),
    ...(await db.selectFrom("hero_banners").select("image_url as url").execute()),
    ...(await db.selectFrom("hero_banners").select("link_url as url").where("link_url", "is not", null).execute()),
    ...(await db.selectFrom("welcome_popup").select("image_url as url").execute()),
    ...(await db
      .selectFrom("job_alerts")
      .select("notification_url as url")
      .where("notification_url", "is not", null)
      .execute()),
    ...(await db
      .selectFrom("test_series")
      .select("purchase_url as url")
      .where("purchase_url", "is not", null)
      .execute()),
    ...(await db.selectFrom("test_series").select("image as url").execute()),
    ...(await db.selectFrom("courses").select("purchase_url as url").where("purchase_url", "is not", null).execute()),
    ...(await db.selectFrom("courses").select("image as url").execute()),
    ...settings.map((row) => ({ url: row.value })),
  ].map((row) => row.url);
}

// Ids: rows that exist (the fuzzer's own creates), rows that do not, and no number at all.
const id = fc.oneof(
  { arbitrary: fc.integer({ min: 1, max: 12 }).map(String), weight: 4 },
  {
    arbitrary: fc.constantFrom(
      "0",
      "-1",
      "1.5",
      "2147483647",
      "2147483648",
      "99999999999",
      "1e309",
      "9007199254740993",
    ),
    weight: 2,
  },
  { arbitrary: hostileValue, weight: 1 },
);
const title = field(textWithPayload);
const description = fc.oneof(field(textWithPayload), fc.constant(""));
const checkbox = fc.oneof(fc.constantFrom("on", "true", "1", "off", "false", ""), hostileValue);
const token = fc.oneof(fc.uuid(), hostileValue);
const imageUrl = fc.oneof(urlValue, fc.constantFrom("/images/banners/x.svg", "/images/a b.png", "/", "/%2e%2e/x"));
const count = fc.oneof(fc.constantFrom("0", "12", "1499", "3010", "-1", "abc", "1e5", "1.5", ""), hostileValue);
const calendarDay = fc.oneof(
  fc.constantFrom("2026-11-27", "2027-01-06", "2026-02-29", "2026-13-01", "27/11/2026", ""),
  hostileValue,
);
const intent = (...valid: string[]) => fc.oneof({ arbitrary: fc.constantFrom(...valid), weight: 6 }, hostileValue);

interface AdminAction {
  name: string;
  path: string;
  action: unknown;
  fields: Record<string, fc.Arbitrary<string>>;
  /**
   * A well-formed body (every field once, each value acceptable but for the payloads in text), so
   * that every run reaches a write: hostile bodies alone reach one only by luck.
   */
  plausible?: Record<string, fc.Arbitrary<string>>;
}

const actions: AdminAction[] = [
  {
    name: "job alerts",
    path: "/admin",
    action: jobAlertsAction,
    fields: {
      intent: intent("create", "update", "delete"),
      id,
      title,
      category_id: fc.oneof(fc.constantFrom("1", "2", "3", "4"), id),
      view_link: urlValue,
      description,
      posted_on: calendarDay,
      last_date: calendarDay,
      selection_mode: fc.oneof(fc.constantFrom("gate-score", "written-test", "interview", ""), hostileValue),
      gate_year: fc.oneof(fc.constantFrom("2027", "1983", "20270", ""), hostileValue),
      posts: count,
      eligibility: description,
      notification_url: urlValue,
      organisation: description,
      job_location: description,
      is_active: checkbox,
      [SUBMIT_TOKEN_FIELD]: token,
    },
    plausible: {
      intent: fc.constant("create"),
      title: textWithPayload,
      category_id: fc.constantFrom("1", "2", "3", "4"),
      view_link: validUrl,
      description: textWithPayload,
      last_date: fc.constantFrom("", "2099-12-31"),
      selection_mode: fc.constantFrom("", "gate-score", "interview"),
      gate_year: fc.constantFrom("", "2027"),
      posts: fc.constantFrom("", "12"),
      notification_url: fc.oneof(validUrl, fc.constant("")),
      is_active: fc.constantFrom("on", ""),
    },
  },
  {
    name: "free-tests tree",
    path: "/admin/free-tests",
    action: freeTestsAction,
    fields: {
      level: fc.oneof({ arbitrary: fc.constantFrom("category", "subcategory", "item"), weight: 6 }, hostileValue),
      intent: intent("create", "update", "delete"),
      id,
      name: title,
      category_id: id,
      subcategory_id: id,
      test_count: fc.oneof(fc.constantFrom("0", "12", "100000", "100001", "-3", "abc", "1e5", "1.5"), hostileValue),
      title,
      description,
      test_link: urlValue,
      is_active: checkbox,
      [SUBMIT_TOKEN_FIELD]: token,
    },
    plausible: {
      level: fc.constant("category"),
      intent: fc.constant("create"),
      name: textWithPayload,
      is_active: fc.constantFrom("on", ""),
    },
  },
  {
    name: "welcome popup",
    path: "/admin/welcome-popup",
    action: popupAction,
    fields: {
      intent: intent("save"),
      title,
      subtitle: description,
      description: title,
      image_url: imageUrl,
      is_active: checkbox,
      [SUBMIT_TOKEN_FIELD]: token,
    },
    plausible: {
      intent: fc.constant("save"),
      title: textWithPayload,
      subtitle: textWithPayload,
      description: textWithPayload,
      image_url: fc.oneof(validUrl, fc.constant("/images/banners/x.svg")),
      is_active: fc.constantFrom("on", ""),
    },
  },
  {
    name: "hero banners",
    path: "/admin/hero-banners",
    action: bannersAction,
    fields: {
      intent: intent("create", "update", "delete", "move"),
      id,
      image_url: imageUrl,
      link_url: fc.oneof(imageUrl, fc.constant("")),
      alt_text: description,
      is_active: checkbox,
      direction: fc.oneof(fc.constantFrom("up", "down"), hostileValue),
      [SUBMIT_TOKEN_FIELD]: token,
    },
    plausible: {
      intent: fc.constant("create"),
      image_url: fc.oneof(validUrl, fc.constant("/images/banners/x.svg")),
      is_active: fc.constantFrom("on", ""),
    },
  },
  {
    name: "e-books",
    path: "/admin/ebooks",
    action: ebooksAction,
    fields: {
      intent: intent("create", "update", "delete"),
      id,
      title,
      description,
      pdf_link: urlValue,
      is_active: checkbox,
      [SUBMIT_TOKEN_FIELD]: token,
    },
    plausible: {
      intent: fc.constant("create"),
      title: textWithPayload,
      description: textWithPayload,
      pdf_link: validUrl,
      is_active: fc.constantFrom("on", ""),
    },
  },
  {
    name: "free materials",
    path: "/admin/free-materials",
    action: materialsAction,
    fields: {
      intent: intent("create", "update", "delete"),
      id,
      title,
      description,
      material_link: urlValue,
      is_active: checkbox,
      [SUBMIT_TOKEN_FIELD]: token,
    },
    plausible: {
      intent: fc.constant("create"),
      title: textWithPayload,
      description: textWithPayload,
      material_link: validUrl,
      is_active: fc.constantFrom("on", ""),
    },
  },
  {
    name: "catalogue",
    path: "/admin/catalogue",
    action: catalogueAction,
    fields: {
      table: fc.oneof({ arbitrary: fc.constantFrom("test-series", "courses"), weight: 6 }, hostileValue),
      intent: intent("create", "update", "delete"),
      id,
      title,
      description: title,
      price: count,
      original_price: count,
      tests: count,
      students: count,
      validity_months: count,
      features: description,
      learn_points: description,
      purchase_url: urlValue,
      image: imageUrl,
      display_order: count,
      is_free: checkbox,
      test_series_id: fc.oneof(fc.constantFrom("", "1", "2"), id),
      duration: title,
      expiry: title,
      videos: count,
      is_active: checkbox,
      [SUBMIT_TOKEN_FIELD]: token,
    },
    plausible: {
      table: fc.constant("test-series"),
      intent: fc.constant("create"),
      title: textWithPayload,
      description: textWithPayload,
      price: fc.constantFrom("499", "1499"),
      original_price: fc.constantFrom("1499", "3010"),
      tests: fc.constantFrom("15", "150"),
      students: fc.constant("0"),
      validity_months: fc.constant("12"),
      features: textWithPayload,
      purchase_url: fc.oneof(validUrl, fc.constant("")),
      image: fc.oneof(validUrl, fc.constant("/images/catalog/gate-ch.svg")),
      display_order: fc.constant("1"),
      is_active: fc.constantFrom("on", ""),
    },
  },
  {
    name: "site settings",
    path: "/admin/settings",
    action: settingsAction,
    fields: {
      intent: intent("save"),
      brand_name: title,
      whatsapp_number: field(fc.constantFrom("919876543210", "+91 98765 43210", "12")),
      contact_email: field(fc.constantFrom("support@example.in", "a@b.co", "not-an-email")),
      contact_phone: field(fc.constantFrom("+91 98765 43210", "9876543210")),
      contact_address: title,
      student_login_url: urlValue,
      student_login_org_code: title,
      learning_app_url: urlValue,
      booking_recipient_email: field(fc.constantFrom("bookings@example.in")),
      purchase_toasts_enabled: checkbox,
      session_fee_rupees: field(fc.constantFrom("0", "499", "-1", "₹499")),
      session_length_minutes: field(fc.constantFrom("30", "500")),
      session_mentor: title,
      session_callback_hours: field(fc.constantFrom("24", "0")),
    },
    plausible: {
      intent: fc.constant("save"),
      brand_name: textWithPayload,
      whatsapp_number: fc.constantFrom("919876543210", "+91 98765 43210"),
      contact_email: fc.constantFrom("support@example.in", "a@b.co"),
      contact_phone: fc.constantFrom("+91 98765 43210", "9876543210"),
      contact_address: textWithPayload,
      student_login_url: validUrl,
      student_login_org_code: textWithPayload,
      learning_app_url: validUrl,
      booking_recipient_email: fc.constant("bookings@example.in"),
      purchase_toasts_enabled: fc.constantFrom("on", ""),
      session_fee_rupees: fc.constantFrom("0", "499"),
      session_length_minutes: fc.constantFrom("15", "30", "120"),
      session_mentor: textWithPayload,
      session_callback_hours: fc.constantFrom("1", "24", "168"),
    },
  },
];

/** The bodies to try for an action: mostly hostile, a fifth well-formed where it has such a shape. */
function bodies(target: AdminAction): fc.Arbitrary<Entries> {
  if (!target.plausible) return formEntries(target.fields);
  const wellFormed = fc.record(target.plausible).map((values): Entries => Object.entries(values));
  return fc.oneof({ arbitrary: formEntries(target.fields), weight: 4 }, { arbitrary: wellFormed, weight: 1 });
}

/** Mostly the admin's own session; sometimes none or garbage (the guard must answer, not crash). */
const cookie = fc.oneof(
  { arbitrary: fc.constant<string | null>(null), weight: 12 },
  { arbitrary: hostileCookie.map((c): string | null => c), weight: 1 },
);

describe(`admin actions with malformed input (${process.env.TEST_ENGINE})`, () => {
  for (const target of actions) {
    it(`${target.name} (${target.path}): a 4xx, field errors or a redirect, never a 5xx or a script link`, async () => {
      await fc.assert(
        fc.asyncProperty(
          bodies(target),
          encoding,
          cookie,
          async (entries: Entries, how: Encoding, garbage: string | null) => {
            const { body, headers } = await encode(entries, how);
            const request = new Request(`${ORIGIN}${target.path}`, {
              method: "POST",
              body,
              headers: { Origin: ORIGIN, Cookie: garbage ?? adminCookie, ...headers },
            });
            const answer = await call(target.action as never, request);
            const guarded = answer.kind === "redirect" && answer.location.startsWith("/admin/login");
            counter.add(`${target.name} (${target.path})`, guarded ? `${answer.status} to login` : answer.status);

            expect(answer.status).toBeLessThan(500);
            if (answer.kind === "redirect") {
              // Back to a page of this site: the list after a write, or the login page.
              expect(answer.location).toMatch(/^\/(?![/\\])/);
            } else {
              expect(answer.status).toBeGreaterThanOrEqual(400);
              // A refusal the page can render: the manager's message, or the guard's answer.
              if (garbage === null) expect(answer.data).toMatchObject({ ok: false, formError: expect.any(String) });
            }
            expect((await storedLinks()).filter(isUnsafeStoredUrl)).toEqual([]);
          },
        ),
        { numRuns: RUNS },
      );
      // The fuzzer's plausible bodies got through validation too: writes were exercised.
      expect(counter.count(`${target.name} (${target.path})`, 302)).toBeGreaterThan(0);
    });
  }
});
