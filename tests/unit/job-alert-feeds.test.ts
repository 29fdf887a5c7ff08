import { parseDocument, parseFeed, DomUtils } from "htmlparser2";
import type { Element } from "domhandler";
import { describe, expect, it } from "vitest";
import type { FeedJobAlert, JobAlertDeadline } from "~/db/queries/job-alerts.server";
import { xmlSafe } from "~/lib/feeds/atom";
import { CALENDAR_REFRESH, jobAlertsAtom, jobAlertsCalendar } from "~/lib/job-alerts/job-alert-feeds";
import { sequenceOf } from "~/lib/job-alerts/job-calendar";

// Issue 49's feeds as readers take them. The Atom feed has what RFC 4287 requires of a feed and
// of each entry (read with an XML parser, htmlparser2 in XML mode, and as a feed reader would,
// its parseFeed), and every title comes back as it was typed, markup characters and all. The
// calendar parses as RFC 5545 asks: CRLF lines of at most 75 octets, folded between characters,
// unfolded and unescaped back to the titles, whatever punctuation, line breaks or script they have.

const ORIGIN = "https://gate.example";
const tabs = [
  { slug: "jobs", label: "Jobs" },
  { slug: "vacancy", label: "Vacancy" },
  { slug: "results", label: "Results" },
  { slug: "admit-cards", label: "Admit Cards" },
];

/** Titles a member of staff might type: markup, quotes, punctuation RFC 5545 escapes, line breaks, Hindi, an emoji. */
const awkward = [
  `IOCL <Engineers> & "Officers" – GATE 2027's "score" ]]> here`,
  "ONGC, GAIL; BPCL \\ NTPC: all at once",
  "First line\nsecond line\r\nthird",
  "इंडियन ऑयल कॉर्पोरेशन लिमिटेड – रासायनिक अभियंता भर्ती (गेट 2027 के माध्यम से), अंतिम तिथि निकट है; शीघ्र आवेदन करें",
  "Ends with an emoji 🧪 and a tab\tinside",
];

function feedAlert(id: number, title: string, change: Partial<FeedJobAlert> = {}): FeedJobAlert {
  return {
    id,
    title,
    description: `Description of ${id}`,
    view_link: "https://iocl.com/latest-job-opening",
    posted_date: "2026-11-20T04:30:00.000Z",
    last_date: "2026-12-04",
    selection_mode: "gate-score",
    gate_year: 2027,
    eligibility: null,
    posts: null,
    notification_url: "https://iocl.com/notification.pdf?a=1&b=2",
    organisation: null,
    job_location: null,
    updated_at: `2026-11-2${id % 10}T06:00:00.000Z`,
    slug: "jobs",
    ...change,
  };
}

const atom = (alerts: FeedJobAlert[], tab?: (typeof tabs)[number]) =>
  jobAlertsAtom(alerts, { origin: ORIGIN, brand: "GATE CH Academy", tabs, tab, today: "2026-11-27" });

const isElement = (node: object): node is Element => "attribs" in node;
const children = (parent: Element, name: string) =>
  parent.children.filter((node): node is Element => isElement(node) && node.name === name);
const one = (parent: Element, name: string) => {
  const found = children(parent, name);
  expect(found, `exactly one <${name}> in <${parent.name}>`).toHaveLength(1);
  return found[0]!;
};
const text = (element: Element) => DomUtils.textContent(element);
/** A text construct as a reader shows it: type="html" is HTML, escaped text here. */
const shown = (element: Element) => {
  const value = text(element);
  if (element.attribs.type !== "html") return value;
  return value.replace(
    /&(lt|gt|quot|#39|amp);/g,
    (_, name: string) => ({ lt: "<", gt: ">", quot: '"', "#39": "'", amp: "&" })[name]!,
  );
};
/** RFC 3339 date-time, as Atom's Date constructs are. */
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
/** An IRI with a scheme (RFC 3987): what atom:id must be. */
const IRI = /^[a-z][a-z0-9+.-]*:\S+$/i;

function parseAtom(xml: string) {
  const document = parseDocument(xml, { xmlMode: true });
  const roots = document.children.filter(isElement);
  expect(roots.map((root) => root.name)).toEqual(["feed"]);
  return roots[0]!;
}

/** Asserts RFC 4287's required elements of an entry; returns its parts. */
function checkEntry(entry: Element) {
  const id = text(one(entry, "id"));
  expect(id).toMatch(IRI);
  const updated = text(one(entry, "updated"));
  expect(updated).toMatch(RFC3339);
  // No atom:content, so at least one link rel="alternate" (a link without rel is one, §4.2.7.2).
  const links = children(entry, "link");
  const alternate = links.filter((link) => (link.attribs.rel ?? "alternate") === "alternate");
  expect(alternate.length).toBeGreaterThanOrEqual(1);
  return {
    id,
    updated,
    title: shown(one(entry, "title")),
    link: alternate[0]!.attribs.href,
    published: text(one(entry, "published")),
    summary: shown(one(entry, "summary")),
    category: one(entry, "category").attribs,
  };
}

describe("the job alerts' Atom feed", () => {
  it("has the feed's required elements: id, title, updated, an author, and its self and page links", () => {
    const feed = parseAtom(atom([feedAlert(1, "One"), feedAlert(2, "Two")]));
    expect(feed.attribs.xmlns).toBe("http://www.w3.org/2005/Atom");
    expect(text(one(feed, "id"))).toBe("tag:gate.example,2026:job-alerts");
    expect(text(one(feed, "title"))).toBe("Job Alerts | GATE CH Academy");
    expect(text(one(feed, "updated"))).toBe("2026-11-22T06:00:00.000Z");
    expect(text(one(one(feed, "author"), "name"))).toBe("GATE CH Academy");
    const links = Object.fromEntries(children(feed, "link").map((link) => [link.attribs.rel, link.attribs]));
    expect(links.self).toEqual({ rel: "self", href: `${ORIGIN}/job-alerts/atom.xml` });
    expect(links.alternate).toMatchObject({ href: `${ORIGIN}/job-alerts` });
  });

  it("gives each entry its id, title, dates, links to the alert and its notification, tab and last date", () => {
    const feed = parseAtom(atom([feedAlert(7, "IOCL Engineers", { description: "Through GATE." })]));
    const entries = children(feed, "entry");
    expect(entries).toHaveLength(1);
    expect(checkEntry(entries[0]!)).toEqual({
      id: "tag:gate.example,2026:job-alert/7",
      title: "IOCL Engineers",
      updated: "2026-11-27T06:00:00.000Z",
      published: "2026-11-20T04:30:00.000Z",
      link: `${ORIGIN}/job-alerts?tab=jobs#alert-7`,
      summary:
        "Last date: 4 Dec 2026 (IST). Through GATE 2027 score. Through GATE. Official notification: https://iocl.com/notification.pdf?a=1&b=2",
      category: { term: "jobs", label: "Jobs" },
    });
  });

  it("says when an alert has no last date, and leaves out a notification link that is not http(s)", () => {
    const feed = parseAtom(
      atom([
        feedAlert(3, "Result", { last_date: null, selection_mode: null, notification_url: "javascript:alert(1)" }),
      ]),
    );
    const entry = checkEntry(children(feed, "entry")[0]!);
    expect(entry.summary).toBe("No last date. Description of 3");
    expect(entry.summary).not.toContain("javascript:");
  });

  it("keeps every awkward title as typed (markup escaped), and a feed reader's parser reads it", () => {
    const alerts = awkward.map((title, i) => feedAlert(i + 1, title));
    const xml = atom(alerts);
    const feed = parseAtom(xml);
    // Line breaks come back as LF, as XML reads them (§2.11); everything else as it was typed.
    expect(children(feed, "entry").map((entry) => checkEntry(entry).title)).toEqual(
      awkward.map((title) => title.replace(/\r\n/g, "\n")),
    );
    expect(xml).not.toContain("<Engineers>");
    const read = parseFeed(xml, { xmlMode: true });
    expect(read?.type).toBe("atom");
    expect(read?.items.map((item) => item.link)).toEqual(
      alerts.map((a) => `${ORIGIN}/job-alerts?tab=jobs#alert-${a.id}`),
    );
  });

  it("leaves out characters XML cannot carry (controls, a lone surrogate)", () => {
    expect(xmlSafe("a\u0000b\u0008c\u001Fd\uD800e\uFFFEf")).toBe("abcdef");
    // Line breaks of any kind as LF, which is what XML parsers read them as.
    expect(xmlSafe("tab\tLF\nCRLF\r\nCR\r")).toBe("tab\tLF\nCRLF\nCR\n");
    const feed = parseAtom(atom([feedAlert(1, "Bell\u0007 in the title")]));
    expect(checkEntry(children(feed, "entry")[0]!).title).toBe("Bell in the title");
  });

  it("a tab's feed has the tab's own id, title and links; an empty feed is still valid", () => {
    const feed = parseAtom(atom([], tabs[3]));
    expect(text(one(feed, "id"))).toBe("tag:gate.example,2026:job-alerts/admit-cards");
    expect(text(one(feed, "title"))).toBe("Admit Cards: Job Alerts | GATE CH Academy");
    // No entry: updated is the start of today in India.
    expect(text(one(feed, "updated"))).toBe("2026-11-26T18:30:00.000Z");
    const links = Object.fromEntries(children(feed, "link").map((link) => [link.attribs.rel, link.attribs.href]));
    expect(links).toEqual({
      self: `${ORIGIN}/job-alerts/admit-cards/atom.xml`,
      alternate: `${ORIGIN}/job-alerts?tab=admit-cards`,
    });
    expect(children(feed, "entry")).toEqual([]);
  });
});

// ---------------------------------------------------------------- the calendar

function deadline(id: number, title: string, change: Partial<JobAlertDeadline> = {}): JobAlertDeadline {
  return {
    id,
    title,
    description: null,
    last_date: "2026-12-04",
    updated_at: "2026-11-20T06:00:00.000Z",
    slug: "vacancy",
    ...change,
  };
}

const calendar = (alerts: JobAlertDeadline[]) =>
  jobAlertsCalendar(alerts, { origin: ORIGIN, brand: "GATE CH Academy", tabs });

interface Property {
  name: string;
  params: Record<string, string>;
  value: string;
}
interface Component {
  name: string;
  properties: Property[];
  components: Component[];
}

/** RFC 5545 §3.3.11: a TEXT value's escapes back to the text. */
const unescapeText = (value: string) =>
  value.replace(/\\([\\;,nN])/g, (_, c: string) => (c === "n" || c === "N" ? "\n" : c));

/**
 * An iCalendar stream parsed as RFC 5545 §3.1 says: CRLF line ends only, no line over 75 octets,
 * folds undone, each content line split into name, parameters and value; components nested.
 */
function parseICalendar(body: string): Component {
  expect(body.endsWith("\r\n")).toBe(true);
  expect(body.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  const physical = body.slice(0, -2).split("\r\n");
  for (const line of physical) {
    expect(Buffer.byteLength(line, "utf8"), line).toBeLessThanOrEqual(75);
    // A fold never splits a character: each line is whole UTF-8 on its own.
    expect(Buffer.from(Buffer.from(line, "utf8").toString("utf8"), "utf8").equals(Buffer.from(line, "utf8"))).toBe(
      true,
    );
    expect(line).not.toMatch(/\uFFFD/);
  }
  const lines: string[] = [];
  for (const line of physical) {
    if (line.startsWith(" ") || line.startsWith("\t")) lines[lines.length - 1] += line.slice(1);
    else lines.push(line);
  }
  const stack: Component[] = [{ name: "ROOT", properties: [], components: [] }];
  for (const line of lines) {
    // The name and parameters end at the first colon outside a quoted parameter value.
    const match = /^([A-Za-z0-9-]+)((?:;[A-Za-z0-9-]+=(?:"[^"]*"|[^";:,]*)(?:,(?:"[^"]*"|[^";:,]*))*)*):(.*)$/.exec(
      line,
    );
    expect(match, `a content line: ${line}`).not.toBeNull();
    const [, name = "", rawParams = "", value = ""] = match!;
    const params = Object.fromEntries(
      rawParams
        .split(";")
        .filter(Boolean)
        .map((param) => param.split("=") as [string, string]),
    );
    const top = stack.at(-1)!;
    if (name === "BEGIN") {
      const component = { name: value, properties: [], components: [] };
      top.components.push(component);
      stack.push(component);
    } else if (name === "END") {
      expect(value).toBe(top.name);
      stack.pop();
    } else top.properties.push({ name, params, value });
  }
  expect(stack).toHaveLength(1);
  expect(stack[0]!.components.map((c) => c.name)).toEqual(["VCALENDAR"]);
  return stack[0]!.components[0]!;
}

const prop = (component: Component, name: string) => {
  const found = component.properties.filter((p) => p.name === name);
  expect(found, `one ${name} in ${component.name}`).toHaveLength(1);
  return found[0]!;
};

describe("the job alerts' calendar", () => {
  it("is one VCALENDAR with its name, zone and refresh interval, and an all-day event per alert", () => {
    const vcalendar = parseICalendar(
      calendar([deadline(4, "ONGC GT", { description: "Apply online." }), deadline(9, "BPCL", { slug: "jobs" })]),
    );
    expect(prop(vcalendar, "VERSION").value).toBe("2.0");
    expect(prop(vcalendar, "PRODID").value).toMatch(/\S/);
    expect(prop(vcalendar, "METHOD").value).toBe("PUBLISH");
    expect(unescapeText(prop(vcalendar, "X-WR-CALNAME").value)).toBe("Job alert last dates | GATE CH Academy");
    expect(prop(vcalendar, "X-WR-TIMEZONE").value).toBe("Asia/Kolkata");
    expect(prop(vcalendar, "REFRESH-INTERVAL")).toEqual({
      name: "REFRESH-INTERVAL",
      params: { VALUE: "DURATION" },
      value: CALENDAR_REFRESH,
    });
    expect(prop(vcalendar, "X-PUBLISHED-TTL").value).toBe(CALENDAR_REFRESH);
    expect(prop(vcalendar, "SOURCE").value).toBe(`${ORIGIN}/job-alerts/calendar.ics`);
    const [first, second] = vcalendar.components;
    expect(vcalendar.components.map((c) => c.name)).toEqual(["VEVENT", "VEVENT"]);
    expect(prop(first!, "UID").value).toBe("job-alert-4-last-date@gate.example");
    expect(prop(second!, "UID").value).toBe("job-alert-9-last-date@gate.example");
    expect(prop(first!, "DTSTART")).toMatchObject({ params: { VALUE: "DATE" }, value: "20261204" });
    expect(prop(first!, "DTEND")).toMatchObject({ params: { VALUE: "DATE" }, value: "20261205" });
    expect(prop(first!, "DTSTAMP").value).toBe("20261120T060000Z");
    expect(prop(first!, "SEQUENCE").value).toBe(String(sequenceOf("2026-11-20T06:00:00.000Z")));
    expect(unescapeText(prop(first!, "DESCRIPTION").value)).toBe("Apply online.");
    expect(unescapeText(prop(first!, "CATEGORIES").value)).toBe("Vacancy");
    expect(prop(first!, "URL").value).toBe(`${ORIGIN}/job-alerts?tab=vacancy#alert-4`);
    expect(unescapeText(prop(second!, "CATEGORIES").value)).toBe("Jobs");
  });

  it("survives titles with commas, semicolons, backslashes, line breaks, Hindi and emoji", () => {
    const vcalendar = parseICalendar(
      calendar(awkward.map((title, i) => deadline(i + 1, title, { description: `${title}\nmore, and; more` }))),
    );
    const summaries = vcalendar.components.map((event) => unescapeText(prop(event, "SUMMARY").value));
    // A line break of any kind is one \n in TEXT.
    expect(summaries).toEqual(awkward.map((title) => `Last date: ${title.replace(/\r\n|\r/g, "\n")}`));
    expect(vcalendar.components.map((event) => unescapeText(prop(event, "DESCRIPTION").value))).toEqual(
      awkward.map((title) => `${title.replace(/\r\n|\r/g, "\n")}\nmore, and; more`),
    );
  });

  it("raises an event's SEQUENCE with each change of its alert, and keeps its UID", () => {
    const before = parseICalendar(calendar([deadline(5, "X", { updated_at: "2026-11-20T06:00:00.000Z" })]));
    const after = parseICalendar(
      calendar([deadline(5, "X", { updated_at: "2026-11-20T06:00:01.000Z", last_date: "2026-12-10" })]),
    );
    const [a, b] = [before.components[0]!, after.components[0]!];
    expect(prop(b, "UID").value).toBe(prop(a, "UID").value);
    expect(Number(prop(b, "SEQUENCE").value)).toBeGreaterThan(Number(prop(a, "SEQUENCE").value));
    expect(prop(b, "DTSTART").value).toBe("20261210");
  });

  it("with no open alert is still a calendar, with no event", () => {
    expect(parseICalendar(calendar([])).components).toEqual([]);
  });
});
