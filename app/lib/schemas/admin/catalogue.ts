import { z } from "zod";
import { formatRupees } from "~/lib/format";
import { optionalText, requiredText } from "../fields";
import { checkbox, imageUrl, MAX_ID } from "./common";
import { optionalCount, optionalHttpUrl, requiredCount } from "./gate-fields";

// The catalogue manager's forms (issue 26): a test series and a course, each with its price and
// original price in whole rupees (the discount is computed from them, never typed), counts, an
// optional http(s) purchase URL, an image, lines of features or learning points, display order
// and Active. A course may be sold as one of the test series: its price, original price, tests,
// students and purchase URL are then the series', so its own may be left empty, and are then kept
// empty (null), never 0 (issue 42: a 0 went on sale when the series was deleted).

/** A paid course on its own with a price of ₹0. */
const PAID_PRICE = "A paid course needs a price of at least ₹1 (tick Free course for a free one)";

/** Far above any course fee: a typo of extra zeros gets a clear error, not a stored price. */
const MAX_RUPEES = 10_000_000;

/** Price, original price, tests and students: whole numbers of 0 or more, empty = null. */
const figures = {
  price: optionalCount("Price", MAX_RUPEES),
  original_price: optionalCount("Original price", MAX_RUPEES),
  tests: optionalCount("Tests", 100_000),
  students: optionalCount("Students", 100_000_000),
};
const figureLabels = { price: "Price", original_price: "Original price", tests: "Tests", students: "Students" };
type Figures = { [K in keyof typeof figures]: number | null };

/** Each figure given, and the original price not below the price (a discount, never a mark-up). */
function checkFigures(values: Figures, ctx: z.RefinementCtx) {
  for (const [name, label] of Object.entries(figureLabels)) {
    if (values[name as keyof Figures] === null)
      ctx.addIssue({ code: "custom", path: [name], message: `${label} is required` });
  }
  const { price, original_price: original } = values;
  if (price !== null && original !== null && original < price) {
    ctx.addIssue({
      code: "custom",
      path: ["original_price"],
      message: `Original price (${formatRupees(original)}) must be at least the price (${formatRupees(price)})`,
    });
  }
}

/** A test series' figures, each given (checkFigures has said so otherwise). */
const given = <T extends Figures>(values: T) => ({
  ...values,
  price: values.price ?? 0,
  original_price: values.original_price ?? 0,
  tests: values.tests ?? 0,
  students: values.students ?? 0,
});

/** A title people read and that names a URL: a title of digits only would read as an id there. */
const title = (max: number) =>
  requiredText("Title", max).refine((v) => /\p{L}/u.test(v), "Title must contain a letter");

/** Text of one item per line (features, what you'll learn): the non-empty lines, trimmed. */
function lines(label: string, maxLines: number) {
  return optionalText(label, 4000, { multiline: true })
    .transform((text) =>
      (text ?? "")
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.string().max(200, `Each line of ${label} must be at most 200 characters`))
        .max(maxLines, `${label} may have at most ${maxLines} lines`),
    );
}

const common = {
  description: requiredText("Description", 4000, { multiline: true }),
  purchase_url: optionalHttpUrl("Purchase URL"),
  image: imageUrl("Image"),
  display_order: requiredCount("Display order", 10_000),
  is_active: checkbox,
};

export const TestSeriesSchema = z
  .object({
    title: title(100),
    ...figures,
    validity_months: z.preprocess(
      (value) => (typeof value === "string" && value.trim() !== "" ? Number(value.trim()) : value),
      z
        .number({ error: "Validity must be a whole number of months from 1 to 60" })
        .int("Validity must be a whole number of months from 1 to 60")
        .min(1, "Validity must be a whole number of months from 1 to 60")
        .max(60, "Validity must be a whole number of months from 1 to 60"),
    ),
    features: lines("Features", 20),
    ...common,
  })
  .superRefine(checkFigures)
  .transform(given);
export type TestSeriesInput = z.infer<typeof TestSeriesSchema>;

/** The test series a course is sold as: one chosen in the list, or none (empty). */
const linkedSeries = z.preprocess(
  (value) => (typeof value === "string" ? (value.trim() === "" ? null : Number(value)) : value),
  z
    .number({ error: "Choose a test series from the list" })
    .int("Choose a test series from the list")
    .positive("Choose a test series from the list")
    .max(MAX_ID, "Choose a test series from the list")
    .nullable(),
);

export const CourseSchema = z
  .object({
    title: title(150),
    is_free: checkbox,
    test_series_id: linkedSeries,
    ...figures,
    duration: requiredText("Duration", 60),
    expiry: requiredText("Access", 60),
    videos: requiredCount("Videos", 100_000),
    learn_points: lines("What you'll learn", 20),
    ...common,
  })
  .superRefine((values, ctx) => {
    if (values.test_series_id === null) {
      checkFigures(values, ctx);
      // A paid course sold on its own is sold at its price: ₹0 would offer it for nothing.
      if (!values.is_free && values.price === 0) ctx.addIssue({ code: "custom", path: ["price"], message: PAID_PRICE });
      return;
    }
    if (values.is_free)
      ctx.addIssue({
        code: "custom",
        path: ["test_series_id"],
        message: "A free course cannot be sold as a test series",
      });
  });
export type CourseInput = z.infer<typeof CourseSchema>;

/** A fresh test series form: 12 months, Active on. */
export const testSeriesDefaults = {
  title: "",
  price: "",
  original_price: "",
  tests: "",
  students: "0",
  validity_months: "12",
  features: "",
  description: "",
  purchase_url: "",
  image: "",
  display_order: "0",
  is_active: true,
};

/** A fresh course form: paid, sold on its own, Active on. */
export const courseDefaults = {
  title: "",
  is_free: false,
  test_series_id: "",
  price: "",
  original_price: "",
  tests: "",
  students: "0",
  duration: "12 months",
  expiry: "1 year from purchase",
  videos: "0",
  learn_points: "",
  description: "",
  purchase_url: "",
  image: "",
  display_order: "0",
  is_active: true,
};
