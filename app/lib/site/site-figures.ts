import { formatIstDate } from "~/core/ist";
import { formatCount } from "../format";

// The marketing figures of the home page's "Why Choose Our Test Series?" block and the welcome
// popup's first bullet (issue 48 item 6: every number on the site is true). Staff set them in Site
// Settings; until they do, the spec's own claims stand (§9: 5000+ students enrolled, 95% success
// rate, 150+ practice tests). Each typed figure may carry where it comes from ("as of 12 Nov 2026,
// source: enrolments on the learning app"), shown beside it; an emptied figure is not shown at
// all. The practice-tests figure may instead be counted from the site itself: the published timed
// tests, or the published questions of the question bank. The popup's bullet is the same figure,
// so the popup and the home page never disagree.
//
// Stored as site_settings rows: figure_<id>, figure_<id>_as_of (YYYY-MM-DD), figure_<id>_source,
// and figure_practice_tests_from. A missing row means the default; an empty figure means hidden.

export const FIGURE_IDS = ["students", "success_rate", "practice_tests"] as const;
export type FigureId = (typeof FIGURE_IDS)[number];

/** Where the practice-tests figure comes from: typed by staff, or counted on the site. */
export const PRACTICE_TESTS_SOURCES = ["typed", "tests", "questions"] as const;
export type PracticeTestsSource = (typeof PRACTICE_TESTS_SOURCES)[number];

export const figureMessages = {
  /** The spec's figures (§9) and their labels on the home page (spec §2 Home). */
  defaults: { students: "5000+", success_rate: "95%", practice_tests: "150+" } satisfies Record<FigureId, string>,
  labels: {
    students: "Students Enrolled",
    success_rate: "Success Rate",
    practice_tests: "Practice Tests",
  } satisfies Record<FigureId, string>,
  practiceQuestions: "Practice Questions",
  asOfAndSource: (asOf: string, source: string) => `As of ${asOf}, source: ${source}`,
  asOf: (asOf: string) => `As of ${asOf}`,
  source: (source: string) => `Source: ${source}`,
  counted: "Counted on this site",
} as const;

/** A figure's settings as stored (and as the form shows them): text, "" for none. */
export interface FigureSetting {
  value: string;
  asOf: string;
  source: string;
}

export interface FigureSettings {
  figures: Record<FigureId, FigureSetting>;
  practiceTestsFrom: PracticeTestsSource;
}

/** The settings row keys of a figure. */
export const figureKeys = (id: FigureId) => ({
  value: `figure_${id}`,
  asOf: `figure_${id}_as_of`,
  source: `figure_${id}_source`,
});
export const PRACTICE_TESTS_FROM_KEY = "figure_practice_tests_from";

const isSource = (value: string | undefined): value is PracticeTestsSource =>
  (PRACTICE_TESTS_SOURCES as readonly string[]).includes(value ?? "");

/** The figures' settings from the stored rows: a missing figure is the spec's, an empty one hidden. */
export function readFigureSettings(rows: Partial<Record<string, string>>): FigureSettings {
  const figure = (id: FigureId): FigureSetting => {
    const keys = figureKeys(id);
    return {
      value: (rows[keys.value] ?? figureMessages.defaults[id]).trim(),
      asOf: rows[keys.asOf]?.trim() ?? "",
      source: rows[keys.source]?.trim() ?? "",
    };
  };
  const from = rows[PRACTICE_TESTS_FROM_KEY]?.trim();
  return {
    figures: {
      students: figure("students"),
      success_rate: figure("success_rate"),
      practice_tests: figure("practice_tests"),
    },
    practiceTestsFrom: isSource(from) ? from : "typed",
  };
}

/** What the site counts itself: published timed tests and published questions. */
export interface SiteCounts {
  tests: number;
  questions: number;
}

/** A figure as visitors see it: "5000+" "Students Enrolled", and where it comes from, if said. */
export interface SiteFigure {
  id: FigureId;
  value: string;
  label: string;
  /** "As of 12 Nov 2026, source: …", "Counted on this site", or null. */
  note: string | null;
}

function noteOf({ asOf, source }: FigureSetting): string | null {
  const date = asOf ? formatIstDate(asOf) : "";
  if (date && source) return figureMessages.asOfAndSource(date, source);
  if (date) return figureMessages.asOf(date);
  return source ? figureMessages.source(source) : null;
}

/**
 * The figures visitors see, in the home page's order: an empty one left out, and a counted one
 * from `counts` (left out when nothing is counted yet: "0 Practice Tests" claims nothing).
 */
export function siteFigures(settings: FigureSettings, counts: SiteCounts | null): SiteFigure[] {
  return FIGURE_IDS.flatMap((id): SiteFigure[] => {
    const setting = settings.figures[id];
    const label = figureMessages.labels[id];
    if (id === "practice_tests" && settings.practiceTestsFrom !== "typed") {
      const count = counts?.[settings.practiceTestsFrom] ?? 0;
      if (count === 0) return [];
      const counted = settings.practiceTestsFrom === "questions" ? figureMessages.practiceQuestions : label;
      return [{ id, value: formatCount(count), label: counted, note: figureMessages.counted }];
    }
    return setting.value ? [{ id, value: setting.value, label, note: noteOf(setting) }] : [];
  });
}

/** The welcome popup's first bullet: the practice-tests figure ("150+ Practice Tests"), or none. */
export function practiceTestsBullet(figures: readonly SiteFigure[]): string | null {
  const figure = figures.find((f) => f.id === "practice_tests");
  return figure ? `${figure.value} ${figure.label}` : null;
}

/** The figures with no counts and no settings stored: the spec's. */
export const defaultSiteFigures = siteFigures(readFigureSettings({}), null);
