import type { GateKind } from "../gate-managers";
import { plural } from "./common";

// The GATE data manager's words (issue 24): one route module at five paths (gate-managers.ts), one
// catalogue per page, and the CSV import and export two of its pages share. Safe to import on the client.

/** GATE data manager (issue 24): what each figure is and where staff read it. */
export const gatePaperMessages = {
  created: "Paper created successfully",
  updated: "Paper updated successfully",
  deleted: "Paper deleted successfully",
  saveFailed: "Failed to save paper",
  deleteFailed: "Failed to delete paper",
  loadFailed: "Failed to load data",
  confirmDelete: "Are you sure you want to delete this paper?",
  cascadeNotice: (impact: Record<string, number>) => {
    const parts = [
      plural(impact.gate_paper_years ?? 0, "year of figures", "years of figures"),
      plural(impact.gate_rank_points ?? 0, "rank point", "rank points"),
      plural(impact.gate_previous_papers ?? 0, "previous-year paper", "previous-year papers"),
      plural(impact.gate_subjects ?? 0, "question-bank subject", "question-bank subjects"),
    ];
    return `Everything filed under it is deleted too: ${parts.join(", ")}.`;
  },
  add: "Add Paper",
  addTitle: "Add paper",
  editTitle: "Edit paper",
  empty: "No papers yet. Add one to start.",
  table: "GATE papers",
  what: "paper",
  code: "Paper code",
  codeHint: "As GATE prints it, e.g. CH for Chemical Engineering.",
  name: "Paper name",
  order: "Order",
  orderHint: "Lists show papers from the lowest number up; Chemical Engineering is 1.",
  codeTaken: "Another paper already has this code",
} as const;

export const gateYearMessages = {
  created: "Paper-year created successfully",
  updated: "Paper-year updated successfully",
  deleted: "Paper-year deleted successfully",
  saveFailed: "Failed to save paper-year",
  deleteFailed: "Failed to delete paper-year",
  loadFailed: "Failed to load data",
  confirmDelete: "Are you sure you want to delete this paper-year and its figures?",
  add: "Add Paper-Year",
  addTitle: "Add paper-year",
  editTitle: "Edit paper-year",
  empty: "No paper-years yet.",
  table: "Paper-years",
  what: "paper-year",
  paper: "Paper",
  choosePaper: "Choose a paper",
  year: "Year",
  institute: "Organising institute",
  instituteHint: "The IIT or IISc that conducted GATE that year, e.g. IIT Roorkee.",
  taken: "This paper already has figures for this year: edit that row instead",
  qualifyingLegend: "Qualifying marks (cutoff)",
  qualifyingHelp:
    "Out of 100, from the organising institute's GATE results PDF or press release (the table of qualifying marks per paper). Leave empty until published.",
  general: "General",
  obcEws: "OBC-NCL / EWS",
  scStPwd: "SC / ST / PwD",
  topMeanLegend: "Mt (mean marks of the top candidates)",
  topMeanHelp:
    "The mean marks of the top 0.1% of candidates (or the top 10, whichever is more) in this paper, printed in the GATE score formula table of the results PDF. Used to compute GATE scores.",
  topMean: "Mt",
  candidatesLegend: "Candidates appeared",
  candidatesHelp:
    "How many candidates wrote this paper, from the results PDF's paper-wise statistics. Used to compare ranks across years.",
  candidates: "Candidates appeared",
  sourceUrl: "Source URL",
  sourceHint: "Needed once you enter the figure: the web address where you read it, best the institute's own PDF.",
  retrievedOn: "Date read",
  retrievedOnHint: "The day you read the figure at its source, in India (IST).",
  verified: "Verified against the organising institute's own PDF",
  notVerified: "Not verified",
  isVerified: "Verified",
  noFigure: "—",
  qualifyingColumn: "Qualifying (Gen / OBC-EWS / SC-ST-PwD)",
  topMeanColumn: "Mt",
  candidatesColumn: "Candidates",
  source: "source",
} as const;

export const gateRankPointMessages = {
  created: "Rank point created successfully",
  updated: "Rank point updated successfully",
  deleted: "Rank point deleted successfully",
  saveFailed: "Failed to save rank point",
  deleteFailed: "Failed to delete rank point",
  loadFailed: "Failed to load data",
  confirmDelete: "Are you sure you want to delete this rank point?",
  add: "Add Rank Point",
  addTitle: "Add rank point",
  editTitle: "Edit rank point",
  empty: "No rank points yet. The Rank Predictor says it has no data until you add some.",
  table: "Rank points",
  what: "rank point",
  paper: "Paper",
  choosePaper: "Choose a paper",
  allPapers: "All papers",
  filter: "Show",
  filterButton: "Show",
  year: "Year",
  marks: "Marks (out of 100)",
  marksHint: "From −33.33 to 100, at most two decimals.",
  air: "AIR (All India Rank)",
  kind: "Kind of figure",
  chooseKind: "Choose a kind",
  kinds: {
    official: "Official (published by the organising institute)",
    "candidate-reported": "Candidate-reported (a candidate's own scorecard)",
    "third-party estimate": "Third-party estimate (a coaching or news site)",
  } as Record<string, string>,
  sourceLabel: "Source",
  sourceLabelHint:
    "Who published it, in a few words, e.g. 'IIT Roorkee results PDF' or 'Scorecard shared by a student'.",
  sourceUrl: "Source URL",
  marksColumn: "Marks",
  airColumn: "AIR",
  kindColumn: "Kind",
  sourceColumn: "Source",
  name: (point: { paper_code: string; year: number; marks: number; air: number }) =>
    `${point.paper_code} ${point.year}: ${point.marks} marks, AIR ${point.air}`,
} as const;

export const gatePreviousPaperMessages = {
  created: "Previous-year paper created successfully",
  updated: "Previous-year paper updated successfully",
  deleted: "Previous-year paper deleted successfully",
  saveFailed: "Failed to save previous-year paper",
  deleteFailed: "Failed to delete previous-year paper",
  loadFailed: "Failed to load data",
  confirmDelete: "Are you sure you want to delete this previous-year paper?",
  add: "Add Previous-Year Paper",
  addTitle: "Add previous-year paper",
  editTitle: "Edit previous-year paper",
  empty: "No previous-year papers yet.",
  table: "Previous-year papers",
  what: "previous-year paper",
  paper: "Paper",
  choosePaper: "Choose a paper",
  year: "Year",
  taken: "This paper already has a row for this year: edit that row instead",
  questionPaper: "Question paper URL",
  questionPaperHint:
    "The official PDF: upload it below or choose it from the Media Library, or paste its address on the organising institute's GATE site. Leave empty and visitors see 'not yet added'.",
  answerKey: "Answer key URL",
  answerKeyHint:
    "The final answer key PDF, uploaded or chosen like the question paper. Leave empty until it is published.",
  sourceUrl: "Source URL",
  sourceHint: "The page where you found the links, if it is not the PDFs themselves.",
  notYetAdded: "Not yet added",
  open: "Open",
} as const;

export const gateSubjectMessages = {
  created: "Subject created successfully",
  updated: "Subject updated successfully",
  deleted: "Subject deleted successfully",
  saveFailed: "Failed to save subject",
  deleteFailed: "Failed to delete subject",
  loadFailed: "Failed to load data",
  confirmDelete: "Are you sure you want to delete this subject?",
  add: "Add Subject",
  addTitle: "Add subject",
  editTitle: "Edit subject",
  empty: "No subjects yet.",
  table: "Question bank subjects",
  what: "subject",
  paper: "Paper",
  choosePaper: "Choose a paper",
  name: "Subject name",
  topics: "Topics",
  topicsHint: "One topic a line, as in the GATE syllabus.",
  questionCount: "Question count",
  questionCountHint: "How many questions you keep for this subject; leave empty if you do not count them.",
  practice: "Free tests to practise in",
  noPractice: "None (or an external link below)",
  practiceHint: "Visitors who click the subject go to these free tests.",
  practiceUrl: "Or an external practice link",
  practiceUrlHint: "Only when the questions are practised outside this site.",
  order: "Order",
  questions: (count: number | null) => (count === null ? "Not counted" : `${count} questions`),
  practiceColumn: "Practised at",
  nowhere: "Nowhere yet",
  chooseSubcategory: "Choose a free-test subcategory that exists",
} as const;

/** The CSV import and export of paper-years and rank points (issue 24). */
/** Each page's messages, by its kind. */
export const gateMessagesOf = {
  "gate-papers": gatePaperMessages,
  "gate-years": gateYearMessages,
  "gate-rank-points": gateRankPointMessages,
  "gate-previous-papers": gatePreviousPaperMessages,
  "gate-subjects": gateSubjectMessages,
} satisfies Record<GateKind, unknown>;

export const gateCsvMessages = {
  heading: "Spreadsheet (CSV) import and export",
  export: "Download CSV",
  exportHint: "Download every row as a CSV file, edit it in a spreadsheet, then import it here.",
  file: "CSV file",
  paste: "Or paste the CSV text",
  pasteHint: "Copy the cells from your spreadsheet, header row included.",
  import: "Import CSV",
  importing: "Importing...",
  nothing: "Choose a CSV file or paste its text.",
  unreadable: "The file could not be read. Save it as CSV (UTF-8) and try again.",
  failed: (lines: number) =>
    `The file was not imported: ${plural(lines, "error", "errors")} below. Nothing was changed; fix ${lines === 1 ? "it" : "them"} and import again.`,
  more: (count: number) => `…and ${count} more.`,
  errorsHeading: "Errors in the file",
  saveFailed: "Failed to import the file. Nothing was changed.",
  imported: (outcome: { added: number; updated: number; unchanged: number }) =>
    outcome.added + outcome.updated === 0
      ? "Nothing to import: the file matches what is saved"
      : `Imported: ${outcome.added} added, ${outcome.updated} updated, ${outcome.unchanged} unchanged`,
  yearsRule:
    "Rows are matched by paper code and year: a new pair is added, an existing one is updated. Paper-years not in the file are kept. Verified columns take yes or no.",
  pointsRule:
    "For each paper and year in the file, its points replace all saved points of that paper-year. Paper-years not in the file keep their points. Kind is official, candidate-reported or third-party estimate.",
  allOrNothing:
    "Every row is checked first: if any row has an error, nothing is imported and each error names its row, as a spreadsheet numbers it.",
} as const;
