import type { CalendarDate } from "./ist";

// The GATE cycle a date falls in, for demo content that must not look stale on the day it is
// seeded (issue 26): GATE is held in February and its results come out in March, and PSUs
// recruit on the scores of the latest GATE from the following months. A rule of thumb for
// naming demo products and alerts, never an exam fact the site presents as true.

const month = (date: CalendarDate) => Number(date.slice(5, 7));
const year = (date: CalendarDate) => Number(date.slice(0, 4));

/** The next GATE to prepare for: this year's until its February exam is over, then next year's. */
export function nextGateYear(today: CalendarDate): number {
  return month(today) <= 2 ? year(today) : year(today) + 1;
}

/** The latest GATE whose results are out (results come in March). */
export function latestGateResultYear(today: CalendarDate): number {
  return month(today) >= 3 ? year(today) : year(today) - 1;
}
