// The GATE score and the category qualifying marks, by the published rules
// (docs/reference/gate-ch-reference.md):
//   S = Sq + (St − Sq) × (M − Mq) / (Mt − Mq), with Sq = 350 and St = 900;
//   Mq is the General qualifying mark; OBC-NCL/EWS qualify at 90 % of it and SC/ST/PwD at 2/3,
//   each truncated (not rounded) to one decimal: 2024 CH 25 → 22.5 and 16.6.

export const SCORE_AT_QUALIFYING = 350;
export const SCORE_AT_TOP = 900;

/** The three qualifying-mark groups a paper-year publishes. */
export type QualifyingGroup = "general" | "obcEws" | "scStPwd";

export const gateCategories = [
  { value: "general", label: "General", group: "general" },
  { value: "obc", label: "OBC-NCL", group: "obcEws" },
  { value: "ews", label: "EWS", group: "obcEws" },
  { value: "sc", label: "SC", group: "scStPwd" },
  { value: "st", label: "ST", group: "scStPwd" },
  { value: "pwd", label: "PwD", group: "scStPwd" },
] as const satisfies readonly { value: string; label: string; group: QualifyingGroup }[];

export type GateCategory = (typeof gateCategories)[number]["value"];

export const groupOf = (category: GateCategory): QualifyingGroup =>
  gateCategories.find((c) => c.value === category)!.group;

/** Truncates to one decimal; the small epsilon keeps 22.5 (0.9 × 25 in binary) from becoming 22.4. */
export const truncateToTenth = (value: number) => Math.floor(value * 10 + 1e-9) / 10;

/** The group's qualifying mark derived from the General one by the published rule. */
export function derivedQualifyingMark(general: number, group: QualifyingGroup): number {
  if (group === "general") return general;
  return truncateToTenth(group === "obcEws" ? general * 0.9 : (general * 2) / 3);
}

/**
 * The GATE score for marks M, given the General qualifying mark Mq and the top-0.1 % mean Mt of the
 * same paper-year; null when the two cannot define a scale (Mt not above Mq). Official scores are
 * whole numbers; the formula may go below 0 or above 1000 and is reported as it comes out.
 */
export function gateScore(marks: number, mq: number, mt: number): number | null {
  if (!(mt > mq)) return null;
  return Math.round(SCORE_AT_QUALIFYING + ((SCORE_AT_TOP - SCORE_AT_QUALIFYING) * (marks - mq)) / (mt - mq));
}
