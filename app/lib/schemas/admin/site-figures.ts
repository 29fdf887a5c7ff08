import { z } from "zod";
import { PRACTICE_TESTS_SOURCES, type FigureId } from "~/lib/site/site-figures";
import { optionalText } from "../fields";
import { retrievedOnField } from "./gate-fields";

// The figures group of the site settings (issue 48 item 6, ~/lib/site/site-figures.ts): each figure as
// visitors read it ("5000+", "95%"), empty to hide it, with the day it was true and its source,
// both optional; and whether the practice-tests figure is typed or counted on the site. The figures
// have their own form on the Site Settings page, saved apart from the other settings. Each field
// the form did not post stays undefined, so that the save leaves that setting as it was: a body
// without a figure (a script, an old tab) never hides it.

const figureLabels: Record<FigureId, string> = {
  students: "Students enrolled",
  success_rate: "Success rate",
  practice_tests: "Practice tests",
};

/** Text stored as typed ("" when emptied), or undefined when the field was not posted. */
const keptWhenAbsent = <T extends z.ZodType<string | null>>(field: T) =>
  field.transform((value) => value ?? "").optional();

const figureText = (id: FigureId) => keptWhenAbsent(optionalText(`${figureLabels[id]} figure`, 20));
const asOf = (id: FigureId) => keptWhenAbsent(retrievedOnField(`${figureLabels[id]}: as of`));
const source = (id: FigureId) => keptWhenAbsent(optionalText(`${figureLabels[id]}: source`, 160));

export const siteFigureFields = {
  figure_students: figureText("students"),
  figure_students_as_of: asOf("students"),
  figure_students_source: source("students"),
  figure_success_rate: figureText("success_rate"),
  figure_success_rate_as_of: asOf("success_rate"),
  figure_success_rate_source: source("success_rate"),
  figure_practice_tests: figureText("practice_tests"),
  figure_practice_tests_as_of: asOf("practice_tests"),
  figure_practice_tests_source: source("practice_tests"),
  figure_practice_tests_from: z
    .enum(PRACTICE_TESTS_SOURCES, { error: "Choose where the practice tests figure comes from" })
    .optional(),
} satisfies Record<`figure_${FigureId}${"" | "_as_of" | "_source"}` | "figure_practice_tests_from", z.ZodType>;

/** The figures group alone, for its unit tests and the form's own check. */
export const SiteFiguresSchema = z.object(siteFigureFields);
