import { describe, expect, it } from "vitest";
import { jobAlertTabs } from "~/components/content/job-alert-categories";
import { addressed, digestBody, linksFor, listHeaders, reminderBody } from "~/lib/alert-mail/emails.server";
import { isOneClickUnsubscribePath, subscriptionPaths, subscriptionTabs } from "~/lib/alert-mail/messages";
import { bulkRateRule } from "~/lib/mail/outbox.server";
import { PreferencesSchema, SubscribeSchema } from "~/lib/schemas/alert-subscription";

// Job alerts by e-mail (issue 49), the pure parts: the tabs one subscribes to are /job-alerts'
// tabs; the form's schema; the bulk rate as database windows; the one-click address the server's
// cross-site check lets through; and the e-mails' headers, links and escaping.

const ctx = { brand: "GATE CH Academy", origin: "https://www.gatechacademy.in" };
const token = "ab".repeat(32);

describe("job alerts by e-mail", () => {
  it("offers exactly the tabs of /job-alerts", () => {
    expect(subscriptionTabs).toEqual(jobAlertTabs);
  });

  it("reads the form: the address lowercased, the tabs ticked, the page it came from", () => {
    expect(
      SubscribeSchema.parse({
        email: " Priya@Example.COM ",
        tab_vacancy: "on",
        "tab_admit-cards": "on",
        reminders: "on",
        frequency: "instant",
        source: "/job-alerts",
      }),
    ).toEqual({
      email: "priya@example.com",
      source: "/job-alerts",
      tabs: ["vacancy", "admit-cards"],
      reminders: true,
      tests: false,
      frequency: "instant",
    });
    // Another page's name is not recorded as the source.
    expect(
      SubscribeSchema.parse({ email: "a@example.com", tests: "on", frequency: "weekly", source: "https://evil" })
        .source,
    ).toBe("/subscribe");
    expect(PreferencesSchema.safeParse({ frequency: "daily" }).success).toBe(false);
    expect(PreferencesSchema.parse({ tests: "on", frequency: "daily" })).toEqual({
      tabs: [],
      reminders: false,
      tests: true,
      frequency: "daily",
    });
  });

  it("spreads the bulk rate over short windows the database counts", () => {
    expect(bulkRateRule(600)).toEqual({ limit: 10, windowMs: 1000 });
    expect(bulkRateRule(90)).toEqual({ limit: 2, windowMs: 1333 });
    expect(bulkRateRule(5)).toEqual({ limit: 1, windowMs: 12_000 });
    expect(bulkRateRule(6000)).toEqual({ limit: 100, windowMs: 1000 });
  });

  it("names the one-click addresses, and only them", () => {
    expect(isOneClickUnsubscribePath(subscriptionPaths.oneClick(token))).toBe(true);
    for (const path of [
      subscriptionPaths.unsubscribe(token),
      subscriptionPaths.manage(token),
      `${subscriptionPaths.oneClick(token)}/x`,
      "/subscribe/unsubscribe/../../admin/one-click",
      subscriptionPaths.oneClick("AB".repeat(32)),
    ])
      expect([path, isOneClickUnsubscribePath(path)]).toEqual([path, false]);
  });

  it("gives every e-mail RFC 8058 headers and the two links, and escapes what staff typed", () => {
    const links = linksFor(ctx.origin, token);
    expect(listHeaders(ctx, links)).toEqual({
      "List-Unsubscribe": `<https://www.gatechacademy.in/subscribe/unsubscribe/${token}/one-click>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      "List-Id": "GATE CH Academy job alerts <job-alerts.www.gatechacademy.in>",
    });
    const alert = {
      id: 7,
      title: 'IOCL <script>alert("x")</script> & more',
      organisation: "Indian Oil",
      last_date: "2027-03-10",
      posts: 12,
      view_link: "https://iocl.example/a?b=1&c=2",
      notification_url: null,
      tab: "jobs",
    };
    const mail = addressed(ctx, reminderBody(ctx, [alert], "2027-03-07"), "aspirant@example.com", links);
    expect(mail.subject).toBe(`Last date 10 Mar 2027: IOCL <script>alert("x")</script> & more`);
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("IOCL &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more");
    expect(mail.html).toContain('href="https://iocl.example/a?b=1&amp;c=2"');
    expect(mail.html).toContain(`href="https://www.gatechacademy.in/subscribe/manage/${token}"`);
    expect(mail.html).toContain(`href="https://www.gatechacademy.in/subscribe/unsubscribe/${token}"`);
    expect(mail.text).toContain("Jobs · Indian Oil · Last date 10 Mar 2027 (Closes in 3 days) · 12 posts");
    expect(mail.text).toContain("https://www.gatechacademy.in/job-alerts?tab=jobs#alert-7");
    expect(mail.text).toContain(`Unsubscribe: https://www.gatechacademy.in/subscribe/unsubscribe/${token}`);

    const digest = digestBody(
      ctx,
      "weekly",
      "2027-03-08",
      [alert, { ...alert, id: 8, tab: "results", title: "HPCL result" }],
      [{ title: "Free mock 3", path: "/tests/free-mock-3", opensAt: "2027-03-09T04:30:00.000Z" }],
      "2027-03-08",
    );
    expect(digest.subject).toBe("Job alerts, week to 8 Mar 2027: 3 new");

    // However many alerts a day brings, a digest stays short: ten a tab, then a link to the rest.
    const many = Array.from({ length: 12 }, (_, i) => ({ ...alert, id: 100 + i, title: `Alert ${i + 1}` }));
    const long = digestBody(ctx, "daily", "2027-03-08", many, [], "2027-03-08");
    expect(long.subject).toBe("Job alerts for 8 Mar 2027: 12 new");
    expect(long.text).toContain("- Alert 10\n");
    expect(long.text).not.toContain("Alert 11");
    expect(long.text).toContain("…and 2 more in Jobs: https://www.gatechacademy.in/job-alerts?tab=jobs");
    expect(digest.text).toMatch(
      /^JOBS\n[\s\S]*RESULTS\n[\s\S]*NEW FREE TESTS AND MOCKS\n\n- Free mock 3 \(opens 9 Mar 2027, 10:00 IST\)/,
    );
  });
});
