import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { getSiteSettings } from "~/lib/settings.server";
import { action, loader } from "~/routes/admin/manage/site-settings";
import { adminAndStudent, type Answer, call, getRequest, postRequest } from "./auth-support";

// Site settings (DESIGN §8): staff change the site's facts without a developer; only admins may.

const sessions = adminAndStudent("settings-admin@example.com", "settings-student@example.com");

const valid = {
  intent: "save",
  brand_name: "GATE CH Classes",
  whatsapp_number: "+91 99887 76655",
  contact_email: "hello@gatech.example",
  contact_phone: "+91 99887 76655",
  contact_address: "Bhopal, Madhya Pradesh",
  student_login_url: "https://learn.gatech.example/login",
  student_login_org_code: "gtc",
  learning_app_url: "https://learn.gatech.example/store",
  booking_recipient_email: "leads@gatech.example",
};

const post = (fields: Record<string, string>, cookie?: string) =>
  call(action as never, postRequest("/admin/settings", fields, cookie));

describe(`site settings on ${process.env.TEST_ENGINE}`, () => {
  it("shows the current settings to an admin", async () => {
    const answer = await call(loader as never, getRequest("/admin/settings", sessions.adminCookie));
    expect(answer).toMatchObject({ kind: "data", data: { loadError: null } });
  });

  it("saves every setting, with an audit row, and the site reads them at once", async () => {
    const answer: Answer = await post(valid, sessions.adminCookie);
    expect(answer).toMatchObject({ kind: "redirect", location: "/admin/settings" });
    const settings = await getSiteSettings(getDb());
    expect(settings).toMatchObject({
      brandName: "GATE CH Classes",
      whatsappNumber: "919988776655",
      learningAppUrl: "https://learn.gatech.example/store",
      bookingRecipientEmail: "leads@gatech.example",
      purchaseToastsEnabled: false,
    });
    const audit = await getDb()
      .selectFrom("audit_log")
      .select(["entity", "action"])
      .where("entity", "=", "site_settings")
      .execute();
    expect(audit).toEqual([{ entity: "site_settings", action: "update" }]);
  });

  it("refuses javascript: URLs, bad e-mails and a short WhatsApp number, changing nothing", async () => {
    const before = await getSiteSettings(getDb());
    const answer = await post(
      {
        ...valid,
        learning_app_url: "javascript:alert(1)",
        booking_recipient_email: "leads@",
        whatsapp_number: "12345",
      },
      sessions.adminCookie,
    );
    expect(answer.kind).toBe("data");
    if (answer.kind !== "data") return;
    expect(answer.status).toBe(400);
    expect(answer.data.fieldErrors).toMatchObject({
      learning_app_url: expect.stringMatching(/http/),
      booking_recipient_email: expect.any(String),
      whatsapp_number: expect.any(String),
    });
    expect(await getSiteSettings(getDb())).toEqual(before);
  });

  it("refuses anonymous visitors and signed-in non-admins", async () => {
    const before = await getSiteSettings(getDb());
    const anonymous = await post({ ...valid, brand_name: "Hijacked" });
    expect(anonymous).toMatchObject({ kind: "redirect", location: "/admin/login" });
    const student = await post({ ...valid, brand_name: "Hijacked" }, sessions.studentCookie);
    expect(student).toMatchObject({ status: 403 });
    expect(await getSiteSettings(getDb())).toEqual(before);
  });
});
