import { DURATION, MAX_TEST_QUESTIONS } from "~/lib/schemas/admin/practice-test";
import { plural } from "./common";

// The words of the timed tests' staff side (issue 47): the manager at /admin/tests (its toasts,
// refusals, labels and the question picker) and each test's statistics; the actions read the
// toasts, the pages everything. Safe to import on the client.

/** Marks as staff read them: "15 marks", "1 mark", "2.5 marks". */
const marksText = (marks: number) => `${marks} mark${marks === 1 ? "" : "s"}`;

export const practiceTestMessages = {
  what: "test",
  add: "Add Test",
  addTitle: "Add test",
  editTitle: "Edit test",
  created: "Test created successfully",
  updated: "Test updated successfully",
  published: "Test published",
  unpublished: "Test unpublished: visitors can no longer start it",
  deleted: "Test deleted successfully",
  saveFailed: "Failed to save test",
  deleteFailed: "Failed to delete test",
  publishFailed: "Failed to publish test",
  notFound: "That test no longer exists.",
  loadFailed: "Failed to load tests",
  confirmDelete: "Are you sure you want to delete this test?",
  attemptedNoDelete:
    "This test has been taken, so it is kept with its attempts and results. Unpublish it to take it off the site.",
  // Publishing.
  publishRefused: "The test was not published:",
  // The question list.
  questionAdded: { ga: "Question added to General Aptitude", subject: "Question added to the subject section" },
  questionRemoved: "Question removed from the test",
  questionFailed: "Failed to change the test's questions",
  alreadyInTest: "That question is already in this test.",
  notPublishedQuestion: "Only published questions of the bank can be added. Publish it on the Questions page first.",
  unpublishFirst: "The test is published: unpublish it to change its questions.",
  full: `A test holds at most ${MAX_TEST_QUESTIONS} questions.`,
  frozen:
    "This test has been taken, so its questions and their versions are frozen: results stay comparable. To change them, make a new test.",
  // The list.
  table: "Tests",
  listEmpty: "No tests yet. Add the first one, then pick its questions from the bank.",
  columns: {
    test: "Test",
    kind: "Kind, time and access",
    questions: "Questions",
    window: "Window (IST)",
    attempts: "Attempts",
  },
  kinds: {
    topic: "Topic test",
    subject: "Subject test",
    full_mock: "Full-length mock",
    previous_year: "Previous-year paper",
  } as Record<string, string>,
  statuses: { draft: "Draft", published: "Published" } as Record<string, string>,
  access: { free: "Free", paid: "Paid (sold elsewhere)" } as Record<string, string>,
  minutes: (minutes: number) => plural(minutes, "minute", "minutes"),
  questionCount: (count: number, marks: number) => `${plural(count, "question", "questions")}, ${marksText(marks)}`,
  attempts: (started: number, submitted: number) =>
    started === 0 ? "None yet" : `${plural(submitted, "submitted", "submitted")} of ${started} started`,
  /** The same beside the edited test's address, where no column heading names it. */
  attemptsLine: (started: number, submitted: number) =>
    started === 0
      ? "No attempts yet"
      : `Attempts: ${plural(submitted, "submitted", "submitted")} of ${started} started`,
  noWindow: "Always open",
  opens: "Opens",
  closes: "Closes",
  sample: "Sample",
  publish: "Publish",
  unpublish: "Unpublish",
  stats: "Statistics",
  view: "Open on site",
  // The form.
  title: "Title",
  kind: "Kind",
  chooseKind: "Choose the kind",
  kindHint:
    "A full-length mock follows the GATE CH pattern: 65 questions, 100 marks, 180 minutes. It is checked when you publish it.",
  instructions: "Instructions",
  instructionsHint:
    "Shown before the test starts, with the declaration the candidate ticks. Markdown: **bold**, lists with -, math between $ signs.",
  duration: "Duration (minutes)",
  durationHint: `A whole number from ${DURATION.min} to ${DURATION.max}. GATE is 180 minutes; there is no time limit per section.`,
  accessLabel: "Access",
  chooseAccess: "Choose free or paid",
  paidUrl: "Where it is sold",
  paidUrlHint: "For a paid test: the address of the page where candidates buy it (the learning app, for example).",
  window: "Window (optional)",
  windowHint:
    "For a scheduled all-India mock: when candidates may start it, in India's time (IST). Leave both empty for a test that is always open. A test that is running when it closes ends then.",
  opensAt: "Opens at (IST)",
  closesAt: "Closes at (IST)",
  isSample: "Sample test (demo content, marked as a sample on the site; not held to the full-length pattern)",
  status: "Status",
  statusHint: "Published tests can be taken on the site. Publishing checks the questions and freezes their versions.",
  address: (slug: string) => `Address on the site: /tests/${slug}`,
  // The question list of the editor.
  questionsHeading: "Questions in this test",
  questionsHint:
    "In the paper's order: General Aptitude first, then the subject. Move a question up or down within its section.",
  summary: (parts: {
    count: number;
    marks: number;
    ga: number;
    gaMarks: number;
    subject: number;
    subjectMarks: number;
  }) =>
    `${plural(parts.count, "question", "questions")}, ${marksText(parts.marks)}: General Aptitude ${parts.ga} (${marksText(parts.gaMarks)}), subject ${parts.subject} (${marksText(parts.subjectMarks)}).`,
  sections: { ga: "General Aptitude", subject: "Chemical Engineering (subject)" } as Record<string, string>,
  noQuestions: "No questions in this section yet.",
  listColumns: ["No.", "Question", "Type and marks", "Version", "Actions"],
  types: { mcq: "MCQ", msq: "MSQ", nat: "NAT" } as Record<string, string>,
  marks: marksText,
  versionCurrent: (version: number) => `v${version}, current (frozen when the test is published)`,
  versionFrozen: (version: number, current: number) =>
    version === current ? `v${version}, frozen` : `v${version}, frozen (the bank now shows v${current})`,
  questionDraft: "Not published in the bank",
  moveUp: (position: number) => `Move question ${position} up`,
  moveDown: (position: number) => `Move question ${position} down`,
  remove: "Remove",
  saveFirst: "Save the test, then add its questions from the bank here.",
  // The question picker.
  pickerHeading: "Add questions from the bank",
  pickerHint: "Published questions of the question bank. Search by subject, topic, type or words of the text.",
  search: "Search the text or address",
  subject: "Subject",
  anySubject: "All subjects",
  topic: "Topic",
  anyTopic: "All topics",
  type: "Type",
  anyType: "All types",
  searchButton: "Search",
  clearSearch: "Clear search",
  pickerTable: "Questions of the bank",
  pickerPages: "Pages of the bank's questions",
  addTo: { ga: "Add to General Aptitude", subject: "Add to subject" } as Record<string, string>,
  inTest: (position: number) => `In this test (No. ${position})`,
  noBankMatch: "No published questions match this search.",
  // The statistics page.
  statsTitle: (title: string) => `Statistics: ${title}`,
  backToTests: "Back to tests",
  editTest: "Edit test",
  statsLoadFailed: "Failed to load the statistics",
  testFigures: "Attempts",
  started: "Started",
  submitted: "Submitted",
  inProgress: "In progress",
  averageMarks: "Average marks",
  highestMarks: "Highest marks",
  outOf: (marks: number) => `out of ${marks}`,
  none: "—",
  distribution: "Score distribution",
  distributionHint: "Submitted attempts by marks.",
  distributionColumns: ["Marks", "Attempts", ""],
  bin: (from: string, to: string) => `${from} to ${to}`,
  belowZero: "Below 0",
  noAttempts: "Nobody has submitted this test yet. The figures appear here after the first submission.",
  perQuestion: "How each question performed",
  perQuestionHint:
    "From submitted attempts. % correct is of those who answered; the time is the average each candidate spent on the question.",
  statsColumns: ["No.", "Question", "Answered", "% correct", "Average time", "Answers chosen"],
  answered: (answered: number, of: number) => `${answered} of ${of}`,
  percent: (value: number) => `${value}%`,
  seconds: (seconds: number) =>
    seconds >= 60
      ? `${Math.floor(seconds / 60)} min ${String(Math.round(seconds % 60)).padStart(2, "0")} s`
      : `${Math.round(seconds)} s`,
  option: (label: string, count: number, key: boolean) => `${label}: ${count}${key ? " (key)" : ""}`,
  natAnswers: (value: string, count: number, right: boolean) => `${value}: ${count}${right ? " (accepted)" : ""}`,
  natOthers: (count: number) => `${count} other answers`,
  checkKey: "Check the key",
  checkKeyHint: (percent: number, attempts: number) =>
    `Fewer than ${percent}% of at least ${attempts} candidates got it right: the key may be wrong.`,
  editQuestion: "Edit question",
} as const;
