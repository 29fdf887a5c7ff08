// What the rank predictor says of the entered marks in each paper-year staff keep (issue 24): the
// category's qualifying mark (stored, or derived from the General one by the published rule), and
// the GATE score where both Mq and Mt are entered. A figure staff have not entered is named, not
// guessed.
import type { PaperYear } from "~/db/queries/gate-papers.server";
import { derivedQualifyingMark, gateScore, groupOf, type GateCategory, type QualifyingGroup } from "./score";

/** The paper-year figures the verdict reads (a row of listPaperYears). */
export type PaperYearFigures = Pick<
  PaperYear,
  | "year"
  | "institute"
  | "qualifying_general"
  | "qualifying_obc_ews"
  | "qualifying_sc_st_pwd"
  | "qualifying_source_url"
  | "is_qualifying_verified"
  | "top_mean_marks"
  | "top_mean_source_url"
  | "is_top_mean_verified"
>;

/** A figure the score needs that staff have not entered yet. */
export type MissingFigure = "qualifying" | "topMean";

export type YearVerdict = {
  year: number;
  institute: string | null;
  /** The category's qualifying mark; null while the year has no qualifying marks at all. */
  qualifying: { mark: number; derived: boolean; verified: boolean; sourceUrl: string | null } | null;
  qualified: boolean | null;
  score:
    | { status: "score"; value: number; verified: boolean; sourceUrl: string | null }
    | { status: "not-qualified" }
    /** An empty list: both figures are entered but do not define a scale (Mt not above Mq). */
    | { status: "missing"; missing: MissingFigure[] };
};

/** The group's qualifying mark as staff entered it (null when not entered). */
export const storedMark = (
  year: Pick<PaperYearFigures, "qualifying_general" | "qualifying_obc_ews" | "qualifying_sc_st_pwd">,
  group: QualifyingGroup,
) =>
  group === "general"
    ? year.qualifying_general
    : group === "obcEws"
      ? year.qualifying_obc_ews
      : year.qualifying_sc_st_pwd;

/** The category's qualifying mark of a year: as stored, else derived from the General mark. */
export function categoryQualifying(year: PaperYearFigures, category: GateCategory) {
  const group = groupOf(category);
  const stored = storedMark(year, group);
  const verified = year.is_qualifying_verified;
  const sourceUrl = year.qualifying_source_url;
  if (stored !== null) return { mark: stored, derived: false, verified, sourceUrl };
  if (year.qualifying_general === null) return null;
  return { mark: derivedQualifyingMark(year.qualifying_general, group), derived: true, verified, sourceUrl };
}

export function yearVerdict(marks: number, category: GateCategory, year: PaperYearFigures): YearVerdict {
  const qualifying = categoryQualifying(year, category);
  const qualified = qualifying ? marks >= qualifying.mark : null;
  const base = { year: year.year, institute: year.institute, qualifying, qualified };
  // Below the category's qualifying mark there is no score (reference file, "GATE score").
  if (qualified === false) return { ...base, score: { status: "not-qualified" } };
  const missing: MissingFigure[] = [];
  if (year.qualifying_general === null) missing.push("qualifying");
  if (year.top_mean_marks === null) missing.push("topMean");
  const value =
    year.qualifying_general !== null && year.top_mean_marks !== null
      ? gateScore(marks, year.qualifying_general, year.top_mean_marks)
      : null;
  if (value === null) return { ...base, score: { status: "missing", missing } };
  return {
    ...base,
    score: {
      status: "score",
      value,
      verified: year.is_qualifying_verified && year.is_top_mean_verified,
      sourceUrl: year.top_mean_source_url,
    },
  };
}
