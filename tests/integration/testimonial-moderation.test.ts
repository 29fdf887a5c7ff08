import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { listRecentTestimonials } from "~/db/queries/testimonials.server";
import { getSiteSettings } from "~/lib/site/settings.server";
import { loadHomeContent } from "~/routes/public/home/home-content.server";
import { action, loader } from "~/routes/admin/manage/testimonials";
import { action as settingsAction } from "~/routes/admin/manage/site-settings";
import { action as visitorAction } from "~/routes/public/testimonial-new";
import { adminAndStudent, call, flash, getRequest, postRequest, snapshot, type Answer } from "./auth-support";

// Testimonial moderation (issue 25): what the Testimonials manager's actions do to the database and
// to the home page's list, each refusal changing nothing, and the site setting that chooses
// whether a visitor's testimonial waits for approval.

const sessions = adminAndStudent("testimonials-admin@example.com", "testimonials-student@example.com");
const PATH = "/admin/testimonials";

const post = (fields: Record<string, string>, cookie = sessions.adminCookie) =>
  call(action as never, postRequest(PATH, fields, cookie));

async function addTestimonial(name: string, status: "approved" | "pending" | "hidden") {
  const { id } = await getDb()
    .insertInto("testimonials")
    .values({
      name,
      rating: 4,
      comment: `${name} liked the mocks.`,
      avatar: "X",
      created_at: new Date().toISOString(),
      status,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

const row = (id: number) =>
  getDb().selectFrom("testimonials").select(["name", "avatar", "status"]).where("id", "=", id).executeTakeFirst();
const homeNames = async () => (await listRecentTestimonials(getDb())).map((t) => t.name);
const version = async () =>
  (await getDb().selectFrom("content_version").select("version").executeTakeFirstOrThrow()).version;
const audits = () =>
  getDb()
    .selectFrom("audit_log")
    .select(["action", "entity", "entity_id", "actor_email"])
    .where("entity", "=", "testimonials")
    .orderBy("id")
    .execute();

/** A visitor posts the testimonial form. */
const submit = (name: string, ip: string) =>
  call(visitorAction as never, postRequest("/testimonials/new", { name, rating: "5", comment: "Helpful mocks." }), ip);

function expectRefused(answer: Answer, status: number, formError: string) {
  expect(answer).toMatchObject({ kind: "data", status, data: { ok: false, formError } });
}

beforeEach(async () => {
  await getDb().deleteFrom("testimonials").execute();
  await getDb().deleteFrom("audit_log").execute();
});

describe(`testimonial moderation on ${process.env.TEST_ENGINE}`, () => {
  it("lists every testimonial, whatever its status, for an admin", async () => {
    await addTestimonial("Asha", "approved");
    await addTestimonial("Bilal", "pending");
    await addTestimonial("Chitra", "hidden");
    const answer = await call(loader as never, getRequest(PATH, sessions.adminCookie));
    expect(answer).toMatchObject({ kind: "data", data: { loadError: null } });
    if (answer.kind !== "data") return;
    const listed = (answer.data.testimonials.rows as { name: string; status: string }[]).map((t) => [t.name, t.status]);
    expect(listed.sort()).toEqual([
      ["Asha", "approved"],
      ["Bilal", "pending"],
      ["Chitra", "hidden"],
    ]);
  });

  it("the home page shows approved testimonials only", async () => {
    await addTestimonial("Asha", "approved");
    await addTestimonial("Bilal", "pending");
    await addTestimonial("Chitra", "hidden");
    expect(await homeNames()).toEqual(["Asha"]);
    expect((await loadHomeContent(getDb())).testimonials.map((t) => t.name)).toEqual(["Asha"]);
  });

  it("approves a waiting testimonial: it shows on the home page, audited, the cache marked stale", async () => {
    const id = await addTestimonial("Bilal", "pending");
    const before = await version();
    const answer = await post({ intent: "approve", id: String(id) });
    // Back to the list, the testimonial in view (issue 48).
    expect(answer).toMatchObject({ kind: "redirect", location: `${PATH}#row-${id}` });
    expect(flash(answer)).toBe("Testimonial approved");
    expect(await row(id)).toMatchObject({ status: "approved" });
    expect(await homeNames()).toEqual(["Bilal"]);
    expect(await version()).toBeGreaterThan(before);
    expect(await audits()).toEqual([
      {
        action: "update",
        entity: "testimonials",
        entity_id: String(id),
        actor_email: "testimonials-admin@example.com",
      },
    ]);
  });

  it("hides an approved testimonial: it leaves the home page", async () => {
    const id = await addTestimonial("Asha", "approved");
    const answer = await post({ intent: "hide", id: String(id) });
    expect(flash(answer)).toBe("Testimonial hidden");
    expect(await row(id)).toMatchObject({ status: "hidden" });
    expect(await homeNames()).toEqual([]);
    expect((await audits()).map((a) => a.action)).toEqual(["update"]);
  });

  it("edits the display name, and the initials with it", async () => {
    const id = await addTestimonial("asha v", "approved");
    const answer = await post({ intent: "update", id: String(id), name: "Asha Verma" });
    expect(answer).toMatchObject({ kind: "redirect", location: `${PATH}#row-${id}` });
    expect(flash(answer)).toBe("Testimonial updated successfully");
    expect(await row(id)).toEqual({ name: "Asha Verma", avatar: "AV", status: "approved" });
    expect(await homeNames()).toEqual(["Asha Verma"]);
  });

  it("deletes a testimonial, keeping its name in the audit row", async () => {
    const id = await addTestimonial("Spam Bot", "pending");
    const answer = await post({ intent: "delete", id: String(id) });
    expect(flash(answer)).toBe("Testimonial deleted successfully");
    expect(await row(id)).toBeUndefined();
    const [audit] = await getDb().selectFrom("audit_log").select(["action", "details"]).execute();
    expect(audit?.action).toBe("delete");
    expect(JSON.parse(String(audit?.details))).toEqual({ name: "Spam Bot" });
  });

  it("refuses an empty or too long display name with the field's message, changing nothing", async () => {
    const id = await addTestimonial("Asha", "approved");
    const before = await snapshot();
    const empty = await post({ intent: "update", id: String(id), name: "  " });
    expectRefused(empty, 400, "Please correct the highlighted fields.");
    if (empty.kind === "data") expect(empty.data.fieldErrors).toEqual({ name: "Name is required" });
    const long = await post({ intent: "update", id: String(id), name: "x".repeat(101) });
    expectRefused(long, 400, "Please correct the highlighted fields.");
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    ["approve", "Failed to save testimonial"],
    ["hide", "Failed to save testimonial"],
    ["update", "Failed to save testimonial"],
    ["delete", "Failed to delete testimonial"],
  ])("%s: refuses a missing id (400) and an unknown one (404), changing nothing", async (intent, message) => {
    await addTestimonial("Asha", "pending");
    const before = await snapshot();
    expectRefused(await post({ intent, id: "", name: "Asha" }), 400, message);
    expectRefused(await post({ intent, id: "999999", name: "Asha" }), 404, message);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses an unknown intent and an add (the manager adds no testimonials)", async () => {
    const id = await addTestimonial("Asha", "pending");
    const before = await snapshot();
    expectRefused(await post({ intent: "publish", id: String(id) }), 400, "Failed to save testimonial");
    expectRefused(await post({ intent: "create", name: "Fake" }), 400, "Failed to save testimonial");
    expect(await snapshot()).toEqual(before);
  });

  it("refuses anonymous visitors and signed-in non-admins, changing nothing", async () => {
    const id = await addTestimonial("Bilal", "pending");
    const before = await snapshot();
    const anonymous = await call(action as never, postRequest(PATH, { intent: "approve", id: String(id) }));
    expect(anonymous).toMatchObject({ kind: "redirect", location: "/admin/login" });
    const student = await post({ intent: "approve", id: String(id) }, sessions.studentCookie);
    expect(student).toMatchObject({ status: 403 });
    expect(await call(loader as never, getRequest(PATH, sessions.studentCookie))).toMatchObject({ status: 403 });
    expect(await snapshot()).toEqual(before);
    expect(await homeNames()).toEqual([]);
  });

  it("the site setting chooses whether a visitor's testimonial waits (default) or appears at once", async () => {
    expect((await getSiteSettings(getDb())).testimonialsNeedApproval).toBe(true);
    const waiting = await submit("Deepa Rao", "192.0.2.201");
    expect(waiting).toMatchObject({
      data: { ok: true, message: "Thank you! Your testimonial will appear on the home page after review." },
    });
    expect(await homeNames()).toEqual([]);

    const settings = {
      intent: "save",
      brand_name: "GATE CH Academy",
      whatsapp_number: "919876543210",
      contact_email: "support@gatech.example",
      contact_phone: "+91 98765 43210",
      contact_address: "Kota, Rajasthan",
      student_login_url: "https://learn.gatech.example/login",
      student_login_org_code: "gtc",
      learning_app_url: "https://learn.gatech.example/store",
      booking_recipient_email: "leads@gatech.example",
      session_fee_rupees: "499",
      session_length_minutes: "30",
      session_mentor: "A GATE CH mentor from our faculty",
      session_callback_hours: "24",
    };
    // Unchecked: new testimonials appear at once (the spec's behaviour).
    const saved = await call(settingsAction as never, postRequest("/admin/settings", settings, sessions.adminCookie));
    expect(saved).toMatchObject({ kind: "redirect" });
    expect((await getSiteSettings(getDb())).testimonialsNeedApproval).toBe(false);
    const live = await submit("Ekta Singh", "192.0.2.202");
    expect(live).toMatchObject({ data: { ok: true, message: "Thank you! Your testimonial has been added." } });
    expect(await homeNames()).toEqual(["Ekta Singh"]);

    // Checked again: they wait.
    await call(
      settingsAction as never,
      postRequest("/admin/settings", { ...settings, testimonials_need_approval: "on" }, sessions.adminCookie),
    );
    expect((await getSiteSettings(getDb())).testimonialsNeedApproval).toBe(true);
    await submit("Farhan Ali", "192.0.2.203");
    expect(await homeNames()).toEqual(["Ekta Singh"]);
  });
});
