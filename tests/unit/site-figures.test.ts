import { describe, expect, it } from "vitest";
import { popupBullets } from "~/components/home/welcome-popup";
import { addDays, istDate } from "~/core/ist";
import { DEMO_CONTACTS, parseSettings } from "~/lib/site/settings";
import { FaqMoveSchema, FaqSchema } from "~/lib/schemas/admin/faq";
import { SiteFiguresSchema } from "~/lib/schemas/admin/site-figures";
import { TermsPageSchema } from "~/lib/schemas/admin/terms-page";
import {
  defaultSiteFigures,
  practiceTestsBullet,
  readFigureSettings,
  siteFigures,
  type SiteFigure,
} from "~/lib/site/site-figures";

// Issue 48 items 6 and 7: every number on the site is true (the figures staff set, with their
// source, or the site's own counts), the demo's contact details say they are the demo's, and the
// FAQ and terms forms check what staff write.

const shown = (figures: SiteFigure[]) => figures.map(({ value, label, note }) => [value, label, note]);

/** The practice tests figure, counted `from` the site's counts. */
const counted = (from: string, counts: { tests: number; questions: number }) =>
  siteFigures(readFigureSettings({ figure_practice_tests_from: from, figure_practice_tests: "999+" }), counts).find(
    (figure) => figure.id === "practice_tests",
  );

const parse = (fields: Record<string, string>) => SiteFiguresSchema.safeParse(fields);

/** The first message of each field, as the form shows it. */
function errors(fields: Record<string, string>) {
  const result = parse(fields);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.toReversed().map((i) => [String(i.path[0]), i.message]));
}

const issues = (fields: Record<string, string>) =>
  FaqSchema.safeParse(fields).error?.issues.map((issue) => [issue.path[0], issue.message]);

describe("the home page's figures", () => {
  it("are the spec's claims until staff set them (§9), without a source", () => {
    expect(shown(defaultSiteFigures)).toEqual([
      ["5000+", "Students Enrolled", null],
      ["95%", "Success Rate", null],
      ["150+", "Practice Tests", null],
    ]);
  });

  it("show staff's figure with as of when and where it comes from; an emptied one is not shown", () => {
    const settings = readFigureSettings({
      figure_students: " 1,240 ",
      figure_students_as_of: "2026-11-01",
      figure_students_source: "enrolments on the learning app",
      figure_success_rate: "",
      figure_practice_tests_source: "the test series on sale",
    });
    expect(shown(siteFigures(settings, null))).toEqual([
      ["1,240", "Students Enrolled", "As of 1 Nov 2026, source: enrolments on the learning app"],
      ["150+", "Practice Tests", "Source: the test series on sale"],
    ]);
    const dated = readFigureSettings({ figure_success_rate: "62%", figure_success_rate_as_of: "2026-05-20" });
    expect(siteFigures(dated, null)[1]).toMatchObject({ value: "62%", note: "As of 20 May 2026" });
  });

  it("count the practice tests or questions on the site when staff choose so, and claim nothing at 0", () => {
    expect(counted("tests", { tests: 12, questions: 1500 })).toMatchObject({
      value: "12",
      label: "Practice Tests",
      note: "Counted on this site",
    });
    expect(counted("questions", { tests: 12, questions: 1500 })).toMatchObject({
      value: "1,500",
      label: "Practice Questions",
    });
    expect(counted("tests", { tests: 0, questions: 40 })).toBeUndefined();
    // An unknown choice (a stored value from elsewhere) is the typed figure.
    expect(counted("guess", { tests: 12, questions: 0 })).toMatchObject({ value: "999+" });
  });

  it("give the welcome popup its first bullet, so the popup and the home page say the same", () => {
    expect(practiceTestsBullet(defaultSiteFigures)).toBe("150+ Practice Tests");
    expect(popupBullets(practiceTestsBullet(defaultSiteFigures))).toEqual([
      "150+ Practice Tests",
      "Expert Solutions & Analysis",
      "Performance Tracking",
    ]);
    const hidden = siteFigures(readFigureSettings({ figure_practice_tests: "" }), null);
    expect(popupBullets(practiceTestsBullet(hidden))).toEqual(["Expert Solutions & Analysis", "Performance Tracking"]);
  });
});

describe("the figures' fields in Site Settings", () => {
  it("keeps what was typed, empties as empty, and leaves out a field that was not posted", () => {
    const result = parse({
      figure_students: " 5000+ ",
      figure_students_as_of: "2026-11-01",
      figure_students_source: "",
      figure_success_rate: "",
      figure_practice_tests_from: "tests",
    });
    expect(result.success && result.data).toEqual({
      figure_students: "5000+",
      figure_students_as_of: "2026-11-01",
      figure_students_source: "",
      figure_success_rate: "",
      figure_practice_tests_from: "tests",
    });
    // A body with one figure only (a script, an old tab): the others are not touched.
    const one = parse({ figure_students: "1,240" });
    expect(one.success && one.data).toEqual({ figure_students: "1,240" });
  });

  it("refuses a date in the future or not written as a date picker writes it, and a long figure", () => {
    expect(errors({ figure_students_as_of: addDays(istDate(), 1) })).toEqual({
      figure_students_as_of: "Students enrolled: as of cannot be in the future",
    });
    expect(errors({ figure_success_rate_as_of: "01/11/2026" })).toEqual({
      figure_success_rate_as_of: "Success rate: as of must be a date written YYYY-MM-DD",
    });
    expect(errors({ figure_practice_tests_as_of: "2026-02-30" })).toEqual({
      figure_practice_tests_as_of: "Practice tests: as of must be a real date",
    });
    expect(errors({ figure_students: "5000+ students and counting every day" })).toEqual({
      figure_students: "Students enrolled figure must be at most 20 characters",
    });
    expect(errors({ figure_practice_tests_from: "guess" })).toEqual({
      figure_practice_tests_from: "Choose where the practice tests figure comes from",
    });
  });
});

describe("the demo's contact details", () => {
  it("are marked as the demo's until staff enter their own, however the number is written", () => {
    expect(parseSettings({}).demoContacts).toEqual({ whatsapp: true, email: true, phone: true });
    expect(
      parseSettings({
        contact_phone: "98765 43210",
        whatsapp_number: "+91 98765-43210",
        contact_email: "Support@GateChAcademy.in",
      }).demoContacts,
    ).toEqual({ whatsapp: true, email: true, phone: true });
    expect(
      parseSettings({
        contact_phone: "+91 99887 76655",
        whatsapp_number: "919988776655",
        contact_email: "hello@gatech.example",
      }).demoContacts,
    ).toEqual({ whatsapp: false, email: false, phone: false });
    expect(DEMO_CONTACTS.phone).toBe("+91 98765 43210");
  });
});

describe("the FAQ and terms forms", () => {
  it("takes a one-line question and an answer of several paragraphs, Active from its checkbox", () => {
    const result = FaqSchema.safeParse({
      question: " How do I pay? ",
      answer: "By UPI.\n\nOr by card.",
      is_active: "on",
    });
    expect(result.success && result.data).toEqual({
      question: "How do I pay?",
      answer: "By UPI.\n\nOr by card.",
      is_active: true,
    });
    expect(FaqSchema.safeParse({ question: "Q", answer: "A" }).data?.is_active).toBe(false);
  });

  it("says which FAQ field is missing or wrong", () => {
    expect(issues({ question: "", answer: " " })).toEqual([
      ["question", "Question is required"],
      ["answer", "Answer is required"],
    ]);
    expect(issues({ question: "Two\nlines", answer: "A" })).toEqual([
      ["question", "Question must be one line, without tabs or line breaks"],
    ]);
    expect(issues({ question: "Q", answer: "x".repeat(4001) })).toEqual([
      ["answer", "Answer must be at most 4000 characters"],
    ]);
    expect(FaqMoveSchema.safeParse({ id: "3", direction: "sideways" }).success).toBe(false);
  });

  it("needs the terms page's content", () => {
    expect(TermsPageSchema.safeParse({ body: "  " }).error?.issues[0]?.message).toBe("Content is required");
    expect(TermsPageSchema.safeParse({ body: "## Refunds\n\nWithin 7 days." }).success).toBe(true);
  });
});
