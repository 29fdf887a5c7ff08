import { z } from "zod";
import { istDate } from "~/core/ist";
import { calendarDate, httpUrl, optionalText, requiredText } from "../fields";
import { checkbox, requiredId } from "./common";
import { optionalHttpUrl } from "./gate-fields";

// Job alert (spec §5; issue 26 deadlines): title, category and view link (URL) required;
// description optional; Active defaults to true (in the form: an unchecked box posts nothing, so
// absent means false). Posted on and the last date are calendar days in India (YYYY-MM-DD, what
// a date input posts; a blank posted date is today) from 2000 to 2100 (DATE_RANGE); the last date
// may not come before the posted date. A selection through GATE score names its GATE year. Both
// links are http(s) only.

const blank = (value: unknown) => value === undefined || value === null || (typeof value === "string" && !value.trim());
const trimmed = (value: unknown) => (typeof value === "string" ? value.trim() : value);

/** A whole number from `min` to `max` that may be left empty: null. */
const optionalWhole = (message: string, min: number, max: number) =>
  z.preprocess(
    (value) => (blank(value) ? null : Number(trimmed(value))),
    z.number({ error: message }).int(message).min(min, message).max(max, message).nullable(),
  );

/** GATE has run since 1984; up to two years ahead is allowed for recruitment announced early. */
export const latestGateYear = () => Number(istDate().slice(0, 4)) + 2;
const gateYearMessage = () => `GATE year must be a year from 1984 to ${latestGateYear()}`;

export const JobAlertSchema = z
  .object({
    title: requiredText("Title", 200),
    category_id: requiredId("Choose a category"),
    view_link: httpUrl("View link"),
    description: optionalText("Description", 2000, { multiline: true }),
    // Blank (a form without the field) means today.
    posted_on: z.preprocess(
      (value) => (blank(value) ? istDate() : trimmed(value)),
      calendarDate("Posted on", { notFuture: true }),
    ),
    last_date: z.preprocess(
      (value) => (blank(value) ? null : trimmed(value)),
      calendarDate("Last date to apply").nullable(),
    ),
    selection_mode: z.preprocess(
      (value) => (blank(value) ? null : value),
      z.enum(["gate-score", "written-test", "interview"], { error: "Choose a selection from the list" }).nullable(),
    ),
    gate_year: optionalWhole("GATE year must be a year such as 2027", 1984, 9999).refine(
      (year) => year === null || year <= latestGateYear(),
      { error: gateYearMessage },
    ),
    eligibility: optionalText("Eligibility", 1000, { multiline: true }),
    posts: optionalWhole("Number of posts must be a whole number of 1 or more", 1, 100_000),
    notification_url: optionalHttpUrl("Official notification URL"),
    organisation: optionalText("Organisation", 200),
    job_location: optionalText("Job location", 200),
    is_active: checkbox,
  })
  .superRefine((alert, context) => {
    if (alert.last_date && alert.last_date < alert.posted_on)
      context.addIssue({
        code: "custom",
        path: ["last_date"],
        message: `Last date to apply (${alert.last_date}) cannot be before Posted on (${alert.posted_on})`,
      });
    if (alert.selection_mode === "gate-score" && alert.gate_year === null)
      context.addIssue({ code: "custom", path: ["gate_year"], message: "Give the GATE year whose score is used" });
  })
  // A GATE year means nothing for another kind of selection: it is not kept.
  .transform((alert) => ({ ...alert, gate_year: alert.selection_mode === "gate-score" ? alert.gate_year : null }));
export type JobAlertInput = z.infer<typeof JobAlertSchema>;

/** A fresh add form (spec §4: the form resets to defaults, Active on), posted today in India. */
export const jobAlertDefaults = (today: string) => ({
  title: "",
  category_id: "",
  view_link: "",
  description: "",
  posted_on: today,
  last_date: "",
  selection_mode: "",
  gate_year: "",
  eligibility: "",
  posts: "",
  notification_url: "",
  organisation: "",
  job_location: "",
  is_active: true,
});
