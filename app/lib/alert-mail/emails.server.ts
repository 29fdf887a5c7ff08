import { formatIstDate, formatIstTime, type CalendarDate } from "~/core/ist";
import { escapeHtml } from "~/core/html";
import type { MailAlert, MailTest } from "~/db/queries/alert-mailings.server";
import type { OutgoingEmail } from "~/db/queries/outbox.server";
import { alertPath } from "~/lib/job-alerts/job-alert-links";
import { deadlineOf, deadlineText } from "~/lib/job-alerts/job-deadline";
import { subscribeMessages, subscriptionPaths, subscriptionTabs, type SubscriptionTabSlug } from "./messages";

// The e-mails of job alerts by e-mail (issue 49): the confirmation, "already subscribed", an alert
// sent at once, deadline reminders and the digests. Every one carries the RFC 8058 one-click
// unsubscribe (List-Unsubscribe with the https address a mail client POSTs to, and
// List-Unsubscribe-Post) and, in its body, a link to change preferences and one to unsubscribe,
// both working without signing in and without JavaScript. A digest's body is the same for every
// subscriber with the same choices: composed once per choice, then given each subscriber's own
// footer (its address and links).

export interface MailContext {
  brand: string;
  /** The site's public origin (SITE_URL). */
  origin: string;
}

export interface SubscriberLinks {
  manage: string;
  unsubscribe: string;
  oneClick: string;
}

export const linksFor = (origin: string, token: string): SubscriberLinks => ({
  manage: origin + subscriptionPaths.manage(token),
  unsubscribe: origin + subscriptionPaths.unsubscribe(token),
  oneClick: origin + subscriptionPaths.oneClick(token),
});

/** RFC 2369 and RFC 8058 headers of every subscription e-mail. */
export function listHeaders(ctx: MailContext, links: SubscriberLinks): Record<string, string> {
  return {
    "List-Unsubscribe": `<${links.oneClick}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    "List-Id": `${ctx.brand} job alerts <job-alerts.${new URL(ctx.origin).hostname}>`,
  };
}

/** A message's body without its recipient's footer. */
export interface Body {
  subject: string;
  html: string;
  text: string;
}

const tabLabel = (slug: string) => subscriptionTabs.find((tab) => tab.slug === slug)?.label ?? slug;

const link = (href: string, label: string) =>
  `<a href="${escapeHtml(href)}" style="color:#1d4ed8;text-decoration:underline">${escapeHtml(label)}</a>`;

function layout(ctx: MailContext, heading: string, inner: string, footer: string) {
  return (
    // A phone's mail app lays it out at its own width (the viewport), not at a desktop's.
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"></head>` +
    `<body style="margin:0;padding:0;background:#f1f5f9">` +
    `<div style="max-width:600px;margin:0 auto;padding:16px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#0f172a">` +
    `<p style="margin:0 0 8px;font-weight:bold;color:#1e3a8a">${escapeHtml(ctx.brand)}</p>` +
    `<div style="background:#ffffff;border:1px solid #e2e8f0;border-radius:8px;padding:16px">` +
    `<h1 style="margin:0 0 12px;font-size:20px;line-height:1.3">${escapeHtml(heading)}</h1>${inner}</div>` +
    `<div style="padding:12px 4px;font-size:13px;color:#475569">${footer}</div></div></body></html>`
  );
}

/** What a subscriber chose, in words ("Jobs, Vacancy; deadline reminders; daily digest"). */
export function choicesText(choices: {
  tabs: readonly string[];
  reminders: boolean;
  tests: boolean;
  frequency: string;
}) {
  const parts = [
    choices.tabs.length ? choices.tabs.map(tabLabel).join(", ") : null,
    choices.reminders ? "deadline reminders" : null,
    choices.tests ? "new free tests and scheduled mocks" : null,
  ].filter(Boolean);
  const how = subscribeMessages.frequencies[choices.frequency as keyof typeof subscribeMessages.frequencies] ?? "";
  return `${parts.join("; ")} (${how.toLowerCase()})`;
}

/** The footer every subscription e-mail ends with: why it came, and the two links. */
function footerOf(ctx: MailContext, email: string, links: SubscriberLinks) {
  const html =
    `You receive this because ${escapeHtml(email)} subscribed to job alerts from ${escapeHtml(ctx.brand)}. ` +
    `${link(links.manage, "Change what you receive")} · ${link(links.unsubscribe, "Unsubscribe")}`;
  const text =
    `You receive this because ${email} subscribed to job alerts from ${ctx.brand}.\n` +
    `Change what you receive: ${links.manage}\nUnsubscribe: ${links.unsubscribe}`;
  return { html, text };
}

/** A body given to one subscriber: its footer, its address, its unsubscribe headers. */
export function addressed(ctx: MailContext, body: Body, email: string, links: SubscriberLinks): OutgoingEmail {
  const footer = footerOf(ctx, email, links);
  return {
    to: email,
    subject: body.subject,
    html: layout(ctx, body.subject, body.html, footer.html),
    text: `${body.text}\n\n--\n${footer.text}\n`,
    headers: listHeaders(ctx, links),
  };
}

// --- Confirmation ----------------------------------------------------------------------------------

export function confirmationEmail(
  ctx: MailContext,
  email: string,
  links: SubscriberLinks,
  confirmUrl: string,
  choices: Parameters<typeof choicesText>[0],
): OutgoingEmail {
  const chosen = choicesText(choices);
  const body: Body = {
    subject: `Confirm your job alert e-mails from ${ctx.brand}`,
    html:
      `<p>Someone, we hope you, asked for job alerts from ${escapeHtml(ctx.brand)} at this address: ${escapeHtml(chosen)}.</p>` +
      `<p style="margin:16px 0"><a href="${escapeHtml(confirmUrl)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;padding:10px 18px;border-radius:6px;font-weight:bold;text-decoration:none">Confirm my subscription</a></p>` +
      `<p style="word-break:break-all">Or open this address: ${link(confirmUrl, confirmUrl)}</p>` +
      `<p>The link works for 48 hours. If you did not ask for this, ignore this e-mail: nothing more will be sent, and the address is deleted within a week.</p>`,
    text:
      `Someone, we hope you, asked for job alerts from ${ctx.brand} at this address: ${chosen}.\n\n` +
      `Confirm your subscription: ${confirmUrl}\n\n` +
      `The link works for 48 hours. If you did not ask for this, ignore this e-mail: nothing more will be sent, and the address is deleted within a week.`,
  };
  return addressed(ctx, body, email, links);
}

export function alreadySubscribedEmail(ctx: MailContext, email: string, links: SubscriberLinks): OutgoingEmail {
  const body: Body = {
    subject: `You already get job alerts from ${ctx.brand}`,
    html:
      `<p>Someone, we hope you, asked to subscribe this address to job alerts from ${escapeHtml(ctx.brand)}. It is subscribed already, and nothing was changed.</p>` +
      `<p>${link(links.manage, "Change what you receive")}</p>`,
    text:
      `Someone, we hope you, asked to subscribe this address to job alerts from ${ctx.brand}. It is subscribed already, and nothing was changed.\n\n` +
      `Change what you receive: ${links.manage}`,
  };
  return addressed(ctx, body, email, links);
}

// --- Alerts ------------------------------------------------------------------------------------------

function alertLines(ctx: MailContext, alert: MailAlert, today: CalendarDate) {
  const deadline = deadlineOf(alert.last_date, today);
  const facts = [
    tabLabel(alert.tab),
    alert.organisation,
    alert.last_date
      ? `Last date ${formatIstDate(alert.last_date)}${deadline ? ` (${deadlineText(deadline)})` : ""}`
      : null,
    alert.posts ? `${alert.posts} posts` : null,
  ].filter((fact): fact is string => Boolean(fact));
  const page = ctx.origin + alertPath(alert.tab, alert.id);
  const official = alert.notification_url ?? alert.view_link;
  const html =
    `<li style="margin:0 0 14px">${link(page, alert.title)}<br>` +
    `<span style="color:#334155;font-size:14px">${escapeHtml(facts.join(" · "))}</span><br>` +
    `<span style="font-size:14px">${link(official, "Official notification")}</span></li>`;
  const text = `- ${alert.title}\n  ${facts.join(" · ")}\n  ${page}\n  Official notification: ${official}`;
  return { html, text };
}

function alertList(ctx: MailContext, alerts: readonly MailAlert[], today: CalendarDate) {
  const lines = alerts.map((alert) => alertLines(ctx, alert, today));
  return {
    html: `<ul style="margin:0;padding-left:18px">${lines.map((l) => l.html).join("")}</ul>`,
    text: lines.map((l) => l.text).join("\n\n"),
  };
}

/** An alert staff sent at once. */
export function alertBody(ctx: MailContext, alert: MailAlert, today: CalendarDate): Body {
  const list = alertList(ctx, [alert], today);
  return { subject: `New job alert: ${alert.title}`, html: list.html, text: list.text };
}

/** Deadline reminders: the alerts of the subscriber's tabs closing within the reminder days. */
export function reminderBody(ctx: MailContext, alerts: readonly MailAlert[], today: CalendarDate): Body {
  const list = alertList(ctx, alerts, today);
  const first = alerts[0]!;
  const subject =
    alerts.length === 1
      ? `Last date ${formatIstDate(first.last_date!)}: ${first.title}`
      : `${alerts.length} job alerts close soon`;
  const intro = "Apply before the last date (India time):";
  return {
    subject,
    html: `<p>${intro}</p>${list.html}`,
    text: `${intro}\n\n${list.text}`,
  };
}

/** A digest lists this many of each tab's alerts (and of the tests); the rest are a link away. */
export const DIGEST_ITEMS = 10;

/** "…and 12 more in Jobs" under a list cut at DIGEST_ITEMS, or nothing. */
function moreLine(total: number, url: string, label: string) {
  if (total <= DIGEST_ITEMS) return { html: "", text: "" };
  const words = `…and ${total - DIGEST_ITEMS} more in ${label}`;
  return { html: `<p style="margin:4px 0 0">${link(url, words)}</p>`, text: `\n\n${words}: ${url}` };
}

/** A digest: the new alerts of the subscriber's tabs and the new tests, since the last one. */
export function digestBody(
  ctx: MailContext,
  kind: "daily" | "weekly",
  day: CalendarDate,
  alerts: readonly MailAlert[],
  tests: readonly MailTest[],
  today: CalendarDate,
): Body {
  const sections: { html: string; text: string }[] = [];
  const tabs = subscriptionTabs.filter((tab) => alerts.some((alert) => alert.tab === tab.slug));
  for (const tab of tabs) {
    const all = alerts.filter((alert) => alert.tab === (tab.slug as SubscriptionTabSlug));
    const list = alertList(ctx, all.slice(0, DIGEST_ITEMS), today);
    const more = moreLine(all.length, ctx.origin + `/job-alerts?tab=${encodeURIComponent(tab.slug)}`, tab.label);
    sections.push({
      html: `<h2 style="font-size:17px;margin:16px 0 8px">${escapeHtml(tab.label)}</h2>${list.html}${more.html}`,
      text: `${tab.label.toUpperCase()}\n\n${list.text}${more.text}`,
    });
  }
  if (tests.length) {
    const items = tests.slice(0, DIGEST_ITEMS).map((test) => ({
      url: ctx.origin + test.path,
      title: test.title,
      when: test.opensAt ? `opens ${formatIstTime(test.opensAt)}` : null,
    }));
    sections.push({
      html:
        `<h2 style="font-size:17px;margin:16px 0 8px">New free tests and mocks</h2><ul style="margin:0;padding-left:18px">` +
        items
          .map(
            (t) => `<li style="margin:0 0 8px">${link(t.url, t.title)}${t.when ? ` · ${escapeHtml(t.when)}` : ""}</li>`,
          )
          .join("") +
        `</ul>` +
        moreLine(tests.length, `${ctx.origin}/free-tests`, "free tests").html,
      text:
        "NEW FREE TESTS AND MOCKS\n\n" +
        items.map((t) => `- ${t.title}${t.when ? ` (${t.when})` : ""}\n  ${t.url}`).join("\n") +
        moreLine(tests.length, `${ctx.origin}/free-tests`, "free tests").text,
    });
  }
  const count = alerts.length + tests.length;
  const label = kind === "daily" ? `Job alerts for ${formatIstDate(day)}` : `Job alerts, week to ${formatIstDate(day)}`;
  return {
    subject: `${label}: ${count} new`,
    html: sections.map((s) => s.html).join(""),
    text: sections.map((s) => s.text).join("\n\n"),
  };
}
