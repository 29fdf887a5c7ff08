import { describe, expect, it } from "vitest";
import { istDate } from "~/core/ist";
import { alertCalendar, escapeText, foldLine } from "~/lib/job-alerts/job-calendar";
import { DATE_RANGE } from "~/lib/schemas/fields";
import { jobPosting } from "~/routes/public/job-alerts/job-posting";
import { CLOSING_SOON_DAYS, deadlineOf, deadlineText, isOpen, selectionText } from "~/lib/job-alerts/job-deadline";

// The deadline rules of job alerts (issue 26) at their edges, the IST day boundary, and the .ics
// file and JobPosting built from an alert.

const badge = (lastDate: string | null, today: string) => {
  const deadline = deadlineOf(lastDate, today);
  return deadline && deadlineText(deadline);
};

describe("job alert deadlines", () => {
  it("reads each edge: closes today, tomorrow, in 7 days; open at 8; closed yesterday", () => {
    const today = "2026-11-27";
    expect(badge("2026-11-27", today)).toBe("Closes today");
    expect(deadlineOf("2026-11-27", today)).toEqual({ state: "closing", daysLeft: 0 });
    expect(badge("2026-11-28", today)).toBe("Closes tomorrow");
    expect(badge("2026-11-30", today)).toBe("Closes in 3 days");
    expect(badge("2026-12-04", today)).toBe("Closes in 7 days");
    expect(deadlineOf("2026-12-04", today)?.state).toBe("closing");
    expect(badge("2026-12-05", today)).toBe("Open");
    expect(deadlineOf("2026-12-05", today)).toEqual({ state: "open", daysLeft: 8 });
    expect(badge("2026-11-26", today)).toBe("Closed");
    expect(deadlineOf("2026-11-26", today)).toEqual({ state: "closed", daysLeft: -1 });
    expect(CLOSING_SOON_DAYS).toBe(7);
  });

  it("counts across month and year ends", () => {
    expect(badge("2027-01-03", "2026-12-31")).toBe("Closes in 3 days");
    expect(badge("2027-03-01", "2027-02-28")).toBe("Closes tomorrow");
    expect(badge("2028-02-29", "2028-02-22")).toBe("Closes in 7 days");
  });

  it("gives no badge and never closes without a last date", () => {
    expect(deadlineOf(null, "2026-11-27")).toBeNull();
    expect(isOpen(null, "2026-11-27")).toBe(true);
  });

  it("goes by the day in India: 23:30 IST on the last date is open, 00:30 IST the day after is closed", () => {
    // 23:30 IST on 27 Nov is 18:00 UTC; 00:30 IST on 28 Nov is 19:00 UTC on the 27th.
    const lastEvening = istDate(Date.parse("2026-11-27T18:00:00Z"));
    const nextMorning = istDate(Date.parse("2026-11-27T19:00:00Z"));
    expect(lastEvening).toBe("2026-11-27");
    expect(nextMorning).toBe("2026-11-28");
    expect(badge("2026-11-27", lastEvening)).toBe("Closes today");
    expect(isOpen("2026-11-27", lastEvening)).toBe(true);
    expect(badge("2026-11-27", nextMorning)).toBe("Closed");
    expect(isOpen("2026-11-27", nextMorning)).toBe(false);
    // 00:30 IST on the last date itself (19:00 UTC the day before) is already that day.
    expect(badge("2026-11-27", istDate(Date.parse("2026-11-26T19:00:00Z")))).toBe("Closes today");
    // 23:30 IST the day before is still the day before.
    expect(badge("2026-11-27", istDate(Date.parse("2026-11-26T18:00:00Z")))).toBe("Closes tomorrow");
  });

  it("says how candidates are selected", () => {
    expect(selectionText("gate-score", 2027)).toBe("Through GATE 2027 score");
    expect(selectionText("written-test", null)).toBe("Written test");
    expect(selectionText("interview", null)).toBe("Interview");
    expect(selectionText(null, null)).toBeNull();
  });
});

describe("the .ics file of a last date", () => {
  const alert = {
    id: 12,
    title: "IOCL Engineers; Officers, Grade A",
    lastDate: "2026-12-31",
    url: "https://gate.example/job-alerts?tab=jobs#alert-12",
    host: "gate.example",
    updatedAt: "2026-11-27T04:43:09.123Z",
    description: "Line one\nLine two, with a comma",
  };

  it("is one all-day event on the last date, lines ending CRLF", () => {
    const ics = alertCalendar(alert);
    expect(ics.split("\r\n")).toEqual([
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//GATE CH Academy//Job alerts//EN",
      "CALSCALE:GREGORIAN",
      "METHOD:PUBLISH",
      "BEGIN:VEVENT",
      "UID:job-alert-12-last-date@gate.example",
      "DTSTAMP:20261127T044309Z",
      // Issue 49: its revision, the seconds from 2024 to the alert's last change (~/lib/job-alerts/job-calendar).
      "LAST-MODIFIED:20261127T044309Z",
      "SEQUENCE:91687389",
      "DTSTART;VALUE=DATE:20261231",
      "DTEND;VALUE=DATE:20270101",
      "SUMMARY:Last date: IOCL Engineers\\; Officers\\, Grade A",
      "DESCRIPTION:Line one\\nLine two\\, with a comma",
      "URL:https://gate.example/job-alerts?tab=jobs#alert-12",
      "TRANSP:TRANSPARENT",
      "END:VEVENT",
      "END:VCALENDAR",
      "",
    ]);
  });

  // Issue 42: 9999-12-31 gave "DTEND;VALUE=DATE:+01000001". Forms stop at 2100 (DATE_RANGE).
  const icsLines = (lastDate: string) => alertCalendar({ ...alert, lastDate }).split("\r\n");

  it("ends an all-day event with a valid date at the last day a form accepts, and beyond it", () => {
    expect(icsLines(DATE_RANGE.last)).toContain("DTEND;VALUE=DATE:21010101");
    const farthest = icsLines("9999-12-31");
    expect(farthest).toContain("DTSTART;VALUE=DATE:99991231");
    for (const line of farthest.filter((l) => l.startsWith("DTEND"))) expect(line).toMatch(/^DTEND;VALUE=DATE:\d{8}$/);
    expect(farthest).toContain("DURATION:P1D");
  });

  it("escapes backslashes, semicolons, commas and every kind of line break", () => {
    expect(escapeText("a\\b;c,d\r\ne\rf\ng")).toBe("a\\\\b\\;c\\,d\\ne\\nf\\ng");
  });

  it("folds lines at 75 octets, never inside a character", () => {
    const long = `SUMMARY:${"x".repeat(200)}`;
    const folded = foldLine(long).split("\r\n");
    expect(folded[0]).toHaveLength(75);
    for (const line of folded.slice(1)) {
      expect(line.startsWith(" ")).toBe(true);
      expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    }
    expect(folded.map((line, i) => (i ? line.slice(1) : line)).join("")).toBe(long);
    // Devanagari is three octets a character: no line splits one.
    const hindi = `SUMMARY:${"भर्ती".repeat(30)}`;
    const lines = foldLine(hindi).split("\r\n");
    for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(lines.map((line, i) => (i ? line.slice(1) : line)).join("")).toBe(hindi);
    expect(foldLine("SHORT:line")).toBe("SHORT:line");
  });
});

describe("JobPosting", () => {
  const alert = {
    title: "NTPC Executive Trainee",
    description: "Chemical engineers",
    posted_date: "2026-11-20T19:00:00.000Z",
    last_date: "2026-12-20",
    organisation: "NTPC Limited",
    job_location: "Noida",
    posts: null,
  };
  const url = "https://gate.example/job-alerts?tab=vacancy#alert-3";

  it("describes a complete open vacancy, valid through the last day in India", () => {
    expect(jobPosting(alert, "vacancy", url, "2026-11-27")).toEqual({
      "@type": "JobPosting",
      title: "NTPC Executive Trainee",
      description: "Chemical engineers",
      // 19:00 UTC on the 20th is the 21st in India.
      datePosted: "2026-11-21",
      validThrough: "2026-12-20T23:59:59+05:30",
      hiringOrganization: { "@type": "Organization", name: "NTPC Limited" },
      jobLocation: {
        "@type": "Place",
        address: { "@type": "PostalAddress", addressLocality: "Noida", addressCountry: "IN" },
      },
      url,
    });
  });

  it("is left out for results and admit cards, closed alerts, and any missing field", () => {
    expect(jobPosting(alert, "results", url, "2026-11-27")).toBeNull();
    expect(jobPosting(alert, "admit-cards", url, "2026-11-27")).toBeNull();
    expect(jobPosting(alert, "jobs", url, "2026-12-21")).toBeNull();
    expect(jobPosting(alert, "jobs", url, "2026-12-20")).not.toBeNull();
    for (const missing of ["description", "last_date", "organisation", "job_location"] as const)
      expect(jobPosting({ ...alert, [missing]: null }, "jobs", url, "2026-11-27"), missing).toBeNull();
  });
});
