import { afterAll, describe, expect, it } from "vitest";
import { latestGateResultYear, nextGateYear } from "~/core/gate-cycle";
import { addDays, daysBetween, formatIstDate, formatIstTime, isCalendarDate, istDate, istDayStart } from "~/core/ist";

// Dates are India's whatever the host's zone (issue 26): each case runs with the process in UTC,
// in India, and in zones either side of the date line. Node applies a new TZ at once.
// Each with its offset from UTC in January, as getTimezoneOffset gives it.
const zones: [string, number][] = [
  ["UTC", 0],
  ["Asia/Kolkata", -330],
  ["America/Los_Angeles", 480],
  ["Pacific/Kiritimati", -840],
];
const hostZone = process.env.TZ;
afterAll(() => {
  if (hostZone === undefined) delete process.env.TZ;
  else process.env.TZ = hostZone;
});

describe.each(zones)("IST dates with the host in %s", (zone, offset) => {
  it("reads the host zone it was given", () => {
    process.env.TZ = zone;
    expect(new Date(Date.UTC(2026, 0, 1)).getTimezoneOffset()).toBe(offset);
  });

  it("gives 23:30 IST the same day and 00:30 IST the next", () => {
    process.env.TZ = zone;
    // 23:30 IST on 1 Mar 2026 is 18:00 UTC; 00:30 IST on 2 Mar is 19:00 UTC on 1 Mar.
    expect(istDate(Date.parse("2026-03-01T18:00:00Z"))).toBe("2026-03-01");
    expect(istDate(Date.parse("2026-03-01T19:00:00Z"))).toBe("2026-03-02");
    expect(formatIstTime("2026-03-01T18:00:00Z")).toBe("1 Mar 2026, 23:30 IST");
    expect(formatIstTime("2026-03-01T19:00:00Z")).toBe("2 Mar 2026, 00:30 IST");
    expect(formatIstDate("2026-03-01T19:00:00Z")).toBe("2 Mar 2026");
  });

  it("prints a calendar date as it is, and a day's start at 00:00 IST", () => {
    process.env.TZ = zone;
    expect(formatIstDate("2026-12-31")).toBe("31 Dec 2026");
    expect(istDayStart("2026-03-02")).toBe("2026-03-01T18:30:00.000Z");
    expect(istDate(Date.parse(istDayStart("2026-03-02")))).toBe("2026-03-02");
  });
});

describe("calendar arithmetic", () => {
  it("counts days across months, leap days and years", () => {
    expect(daysBetween("2024-02-28", "2024-03-01")).toBe(2);
    expect(daysBetween("2025-12-31", "2026-01-01")).toBe(1);
    expect(daysBetween("2026-03-02", "2026-03-01")).toBe(-1);
    expect(addDays("2026-03-01", -30)).toBe("2026-01-30");
    expect(addDays("2026-03-01", 1)).toBe("2026-03-02");
  });

  it("accepts only real dates written YYYY-MM-DD", () => {
    expect(isCalendarDate("2028-02-29")).toBe(true);
    expect(isCalendarDate("2026-02-29")).toBe(false);
    expect(isCalendarDate("2026-2-3")).toBe(false);
    expect(isCalendarDate("03/02/2026")).toBe(false);
    expect(formatIstDate("soon")).toBe("");
    expect(formatIstTime("soon")).toBe("soon");
  });
});

describe("the GATE cycle of a date", () => {
  it("prepares for this year's GATE until February, then next year's", () => {
    expect(nextGateYear("2027-01-15")).toBe(2027);
    expect(nextGateYear("2027-02-28")).toBe(2027);
    expect(nextGateYear("2027-03-01")).toBe(2028);
    expect(nextGateYear("2026-11-27")).toBe(2027);
  });

  it("has this year's results from March", () => {
    expect(latestGateResultYear("2027-02-28")).toBe(2026);
    expect(latestGateResultYear("2027-03-01")).toBe(2027);
  });
});
