import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

// Timestamps travel as ISO 8601 strings on both engines (timestamptz on PostgreSQL is parsed
// back to ISO by the client; SQLite stores the text). Booleans are real booleans in TypeScript;
// the SQLite connection maps them to 0/1 (see sqlite-booleans.server.ts).
type Timestamp = ColumnType<string, string, string>;
type Id = Generated<number>;

export interface HeroBannersTable {
  id: Id;
  image_url: string;
  /** Where the banner goes: a path on this site or an http(s) URL; null → the learning app. */
  link_url: string | null;
  /** The words on the banner, as its alt text; null for banners saved before issue 27. */
  alt_text: string | null;
  display_order: number;
  is_active: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TestimonialsTable {
  id: Id;
  name: string;
  rating: number;
  comment: string;
  avatar: string;
  created_at: Timestamp;
  /** approved (on the home page), pending (waits for staff) or hidden (issue 25). */
  status: ColumnType<TestimonialStatus, TestimonialStatus | undefined, TestimonialStatus>;
}

export type TestimonialStatus = "approved" | "pending" | "hidden";

export interface WelcomePopupTable {
  id: Id;
  title: string;
  subtitle: string | null;
  description: string;
  image_url: string;
  is_active: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CoursesTable {
  id: Id;
  title: string;
  is_free: boolean;
  /**
   * The course's own figures (price, original price, tests, students): null when it has none, as
   * a course sold as a test series may (migration 0013, issue 42). A course sold on its own is on
   * sale only with a price of its own.
   */
  price: number | null;
  original_price: number | null;
  image: string;
  purchase_url: string | null;
  description: string;
  /** JSON array of strings: what you learn. */
  learn_points: string;
  tests: number | null;
  students: number | null;
  duration: string;
  expiry: string;
  videos: number;
  display_order: number;
  /** Hidden from every page when false (issue 26). */
  is_active: Generated<boolean>;
  /**
   * The test series this course is sold as (issue 26): its price, original price, tests, students
   * and purchase URL are then the series', and this row's own are not shown.
   */
  test_series_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TestSeriesTable {
  id: Id;
  title: string;
  tests: number;
  price: number;
  original_price: number;
  students: number;
  validity_months: number;
  description: string;
  /** Where to buy; null while there is no purchase page (issue 26). */
  purchase_url: string | null;
  /** JSON array of strings. */
  features: string;
  image: string;
  display_order: number;
  /** Hidden from every page when false (issue 26). */
  is_active: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Earlier titles of a test series, lowercased, whose URLs redirect to its current one (issue 26). */
export interface TestSeriesAliasesTable {
  alias: string;
  test_series_id: number;
}

export interface TestCategoriesTable {
  id: Id;
  name: string;
  slug: string;
  is_active: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TestSubcategoriesTable {
  id: Id;
  category_id: number;
  name: string;
  slug: string;
  test_count: number;
  is_active: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TestItemsTable {
  id: Id;
  subcategory_id: number;
  title: string;
  description: string | null;
  test_link: string | null;
  /** A timed test on this site the item opens (issue 47); test_link stays for outside links. */
  practice_test_id: ColumnType<number | null, number | null | undefined, number | null>;
  is_active: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface EbooksTable {
  id: Id;
  title: string;
  description: string | null;
  pdf_link: string;
  /** A cover picture (a media-library file or an http(s) URL); null: the placeholder. */
  cover_url: ColumnType<string | null, string | null | undefined, string | null>;
  is_active: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface FreeMaterialsTable {
  id: Id;
  title: string;
  description: string | null;
  material_link: string;
  /** A cover picture (a media-library file or an http(s) URL); null: the placeholder. */
  cover_url: ColumnType<string | null, string | null | undefined, string | null>;
  is_active: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface JobCategoriesTable {
  id: Id;
  name: string;
  slug: string;
  display_order: number;
}

export interface JobAlertsTable {
  id: Id;
  title: string;
  view_link: string;
  description: string | null;
  posted_date: Timestamp;
  category_id: number;
  is_active: boolean;
  /** The last date to apply, a calendar date in India (YYYY-MM-DD); null when there is none (issue 26). */
  last_date: string | null;
  selection_mode: JobSelectionMode | null;
  /** The GATE year whose score selection goes by, with selection_mode 'gate-score'. */
  gate_year: number | null;
  eligibility: string | null;
  /** Number of posts, when the notification gives it. */
  posts: number | null;
  /** The official notification (an http(s) URL); view_link stays the alert's main link. */
  notification_url: string | null;
  /** The hiring organisation and place of work, which a JobPosting needs (issue 26). */
  organisation: string | null;
  job_location: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** How candidates for a job are selected (issue 26). */
export type JobSelectionMode = "gate-score" | "written-test" | "interview";

export interface AdminProfilesTable {
  user_id: string;
  role: string;
  is_active: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ContactMessagesTable {
  id: Id;
  name: string;
  email: string;
  phone: string;
  message: string;
  created_at: Timestamp;
  /** The leads inbox (issue 25): where staff are with this lead; 'booked' is for bookings only. */
  status: Generated<LeadStatus>;
  note: string | null;
  status_changed_at: Timestamp | null;
  status_changed_by: string | null;
}

/** A lead's status in the leads inbox (issue 25). */
export type LeadStatus = "new" | "contacted" | "booked" | "closed" | "spam";

export interface SessionBookingsTable {
  id: Id;
  session_type: "higher-studies" | "career-guidance";
  name: string;
  phone: string;
  gate_score: string | null;
  college_name: string;
  query: string;
  created_at: Timestamp;
  status: Generated<LeadStatus>;
  note: string | null;
  status_changed_at: Timestamp | null;
  status_changed_by: string | null;
}

export type OutboxStatus = "pending" | "sent" | "dead";

export interface EmailOutboxTable {
  id: Id;
  to_address: string;
  reply_to: string | null;
  subject: string;
  html: string;
  text: string;
  status: OutboxStatus;
  attempts: number;
  next_attempt_at: Timestamp;
  /** A worker's claim: the row is left alone until this time passes. */
  locked_until: Timestamp | null;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
  /** Issue 49: more headers, as JSON ({"List-Unsubscribe": "<https://…>"}); null for none. */
  headers: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0 is claimed first (a form's e-mail), 1 after it (subscription mail). */
  priority: ColumnType<number, number | undefined, number>;
  /** 'alerts' for subscription mail (rate-limited, counted, sent once); null for the rest. */
  stream: ColumnType<string | null, string | null | undefined, string | null>;
  /** A stream e-mail's moment of being handed over, just before its final dot (never sent again). */
  handed_over_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SiteSettingsTable {
  key: string;
  value: string;
  updated_at: Timestamp;
}

export interface AuditLogTable {
  id: Id;
  actor_user_id: string | null;
  actor_email: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  details: string | null;
  /** The row before and after the write, as JSON (issue 48); null when not recorded. */
  row_before: ColumnType<string | null, string | null | undefined, string | null>;
  row_after: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}

/** A deleted row kept for 30 days so staff can restore it (issue 48, decision 018). */
export interface TrashTable {
  id: Id;
  /** The audit entity (table) the row was deleted from, and its id there. */
  entity: string;
  entity_id: number;
  title: string;
  /** The row as it was, as JSON. */
  row_data: string;
  deleted_by: string | null;
  deleted_by_user_id: string | null;
  deleted_at: Timestamp;
}

export interface RateLimitsTable {
  bucket: string;
  key: string;
  window_start: Timestamp;
  count: number;
}

// --- sign-in (0003-auth): the auth library's tables and our second factor ----------------------
// The auth library reads and writes these through its own connection (it expects Date objects);
// app code reads them through ours, where timestamps are ISO strings like everywhere else.

export interface AuthUsersTable {
  id: string;
  name: string;
  email: string;
  /** 0/1 on SQLite (the auth library writes it; no is_ prefix, so no mapping). */
  email_verified: boolean | number;
  image: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type AssuranceLevel = "aal1" | "aal2";

export interface AuthSessionsTable {
  id: string;
  user_id: string;
  token: string;
  expires_at: Timestamp;
  ip_address: string | null;
  user_agent: string | null;
  aal: AssuranceLevel;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AuthAccountsTable {
  id: string;
  user_id: string;
  account_id: string;
  provider_id: string;
  access_token: string | null;
  refresh_token: string | null;
  id_token: string | null;
  access_token_expires_at: Timestamp | null;
  refresh_token_expires_at: Timestamp | null;
  scope: string | null;
  password: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AuthVerificationsTable {
  id: string;
  identifier: string;
  value: string;
  expires_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AuthTwoFactorTable {
  user_id: string;
  secret: string;
  confirmed_at: Timestamp | null;
  last_used_step: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AuthBackupCodesTable {
  id: Id;
  user_id: string;
  code_hash: string;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface AuthSecretsTable {
  name: string;
  value: string;
  created_at: Timestamp;
}

/**
 * An admin form posted after the session ended (issue 48, app/db/queries/pending-admin-forms.server.ts):
 * its text fields, kept until the admin signs in again and the page shows them once.
 */
export interface PendingAdminFormsTable {
  /** SHA-256 of the random token in the browser's cookie. */
  token_hash: string;
  path: string;
  search: string;
  /** JSON: { values, filesLeftOut }. */
  form: string;
  created_at: Timestamp;
  expires_at: Timestamp;
}

/** One accepted form submission (app/db/queries/idempotency-keys.server.ts): a replay finds it here. */
export interface IdempotencyKeysTable {
  key: string;
  created_at: Timestamp;
  outcome: string | null;
}

/**
 * A single row (id 1): `version` is bumped by every admin content write, `visitor_version` by what
 * visitors publish (app/db/content-version.server.ts).
 */
export interface ContentVersionTable {
  id: number;
  version: number;
  visitor_version: ColumnType<number, number | undefined, number>;
}

/** A GATE paper (CH Chemical Engineering; the spec's CS, EC and ME). */
export interface GatePapersTable {
  id: Id;
  code: string;
  name: string;
  display_order: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/**
 * One paper's published figures for one year, each group with its source URL, the date it was
 * read (YYYY-MM-DD) and whether staff checked it against the organising institute's PDF.
 */
export interface GatePaperYearsTable {
  id: Id;
  paper_id: number;
  year: number;
  institute: string | null;
  qualifying_general: number | null;
  qualifying_obc_ews: number | null;
  qualifying_sc_st_pwd: number | null;
  qualifying_source_url: string | null;
  qualifying_retrieved_on: string | null;
  is_qualifying_verified: Generated<boolean>;
  /** Mt: the mean marks of the top 0.1 % or the top 10 candidates, whichever is larger. */
  top_mean_marks: number | null;
  top_mean_source_url: string | null;
  top_mean_retrieved_on: string | null;
  is_top_mean_verified: Generated<boolean>;
  candidates_appeared: number | null;
  candidates_source_url: string | null;
  candidates_retrieved_on: string | null;
  is_candidates_verified: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A (marks, All-India Rank) point of one paper-year, with what kind of figure it is. */
export interface GateRankPointsTable {
  id: Id;
  paper_id: number;
  year: number;
  marks: number;
  air: number;
  kind: "official" | "candidate-reported" | "third-party estimate";
  source_label: string;
  source_url: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The question paper and final answer key of one paper-year, as the organising institute published them. */
export interface GatePreviousPapersTable {
  id: Id;
  paper_id: number;
  year: number;
  question_paper_url: string | null;
  answer_key_url: string | null;
  source_url: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A question-bank subject of a paper: its question count and where its questions are practised. */
export interface GateSubjectsTable {
  id: Id;
  paper_id: number;
  name: string;
  /** The subject's main topics, one a line. */
  topics: string | null;
  question_count: number | null;
  /** The free tests where its questions are practised, or null for practice_url or none. */
  free_test_subcategory_id: number | null;
  practice_url: string | null;
  display_order: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A real purchase staff entered for the purchase toast (issue 25); purchased_on is YYYY-MM-DD. */
export interface PurchaseEntriesTable {
  id: Id;
  buyer_name: string;
  city: string;
  product: string;
  purchased_on: string;
  is_active: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** What a media file is: a picture (JPEG, PNG, WebP, AVIF; a GIF is kept as PNG) or a PDF. */
export type MediaKind = "image" | "document";
export type MediaVariantFormat = "avif" | "webp";

/**
 * A file of the media library (issue 45, migration 0015): its bytes are in media_chunks, known by
 * `hash` (the SHA-256 of the stored bytes, hex); `filename` is the safe display name, its
 * extension the stored type's.
 */
export interface MediaFilesTable {
  id: Id;
  hash: string;
  kind: MediaKind;
  mime: string;
  ext: string;
  size: number;
  /** A picture's size in pixels, as stored (EXIF orientation applied); null for a PDF. */
  width: number | null;
  height: number | null;
  filename: string;
  title: string;
  /** What a picture shows, for people who cannot see it; null for a PDF or a decorative picture. */
  alt_text: string | null;
  is_decorative: Generated<boolean>;
  /** Where an official paper came from, and the day it was read there (YYYY-MM-DD). */
  source_url: string | null;
  source_read_on: string | null;
  /** The e-mail address of the admin who uploaded it. */
  created_by: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One piece of a media file's bytes, in order of `seq` (app/db/queries/media.server.ts). */
export interface MediaChunksTable {
  hash: string;
  seq: number;
  data: Buffer;
}

/** A picture re-encoded at one width, made on first request and kept. */
export interface MediaVariantsTable {
  hash: string;
  format: MediaVariantFormat;
  width: number;
  size: number;
  data: Buffer;
  created_at: Timestamp;
}

// --- the question bank (0017, issue 46) --------------------------------------------------------

export type QuestionStatus = "draft" | "published";
export type QuestionType = "mcq" | "msq" | "nat";
export type QuestionDifficulty = "easy" | "medium" | "hard";
export type QuestionSource = "original" | "gate";

/** A question: its place in the syllabus, its source and status; its content is in versions. */
export interface QuestionsTable {
  id: Id;
  /** Readable and unique: the question's address, /question-bank/q/<slug>. */
  slug: string;
  status: QuestionStatus;
  /** A section id of app/content/syllabus.ts ("general-aptitude" is the GA section). */
  subject: string;
  /** A topic key of that section (app/lib/questions/syllabus-topics.ts). */
  topic: string;
  difficulty: QuestionDifficulty;
  source: QuestionSource;
  gate_year: number | null;
  gate_question_no: number | null;
  /** The official paper in the media library (issue 45), by hash. */
  source_media_hash: string | null;
  is_sample: ColumnType<boolean, boolean | undefined, boolean>;
  /** The version_no of the version shown now. */
  current_version: number;
  published_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** What an aspirant answers: never changed once answered (an edit then makes a new version). */
export interface QuestionVersionsTable {
  id: Id;
  question_id: number;
  version_no: number;
  type: QuestionType;
  /** 1 or 2. */
  marks: number;
  text_md: string;
  /** Rendered on the server when saved (app/lib/content/markdown.server.ts): sanitised HTML with MathML. */
  text_html: string;
  /** JSON array of the four options' Markdown (MCQ, MSQ); "[]" for NAT. */
  options_md: string;
  /** JSON array of the four options' HTML. */
  options_html: string;
  /** JSON array of the correct options' indices (0–3); null for NAT. */
  correct: string | null;
  nat_min: number | null;
  nat_max: number | null;
  nat_decimals: number | null;
  solution_md: string;
  solution_html: string;
  created_by: string | null;
  created_at: Timestamp;
}

/** A practice answer that was checked: which version it answered, and whether it was right. */
export interface QuestionAnswersTable {
  id: Id;
  version_id: number;
  /** JSON: the chosen indices (MCQ, MSQ) or the number as typed (NAT). */
  answer: string;
  is_correct: boolean;
  created_at: Timestamp;
}

export type QuestionReportStatus = "new" | "resolved";

/** "Report a problem with this question": what a visitor said about which version. */
export interface QuestionReportsTable {
  id: Id;
  question_id: number;
  version_no: number;
  message: string;
  email: string | null;
  status: QuestionReportStatus;
  created_at: Timestamp;
  updated_at: Timestamp;
}

// --- timed tests (0018, issue 47) ----------------------------------------------------------------

export type PracticeTestKind = "topic" | "subject" | "full_mock" | "previous_year";
export type PracticeTestAccess = "free" | "paid";
export type PracticeTestStatus = "draft" | "published";
export type TestSection = "ga" | "subject";
/** The five statuses of the exam's question palette. */
export type AttemptStatus = "not_visited" | "not_answered" | "answered" | "marked" | "answered_marked";
export type SubmitReason = "candidate" | "deadline";

/** A timed test staff keep: its paper is in practice_test_questions. */
export interface PracticeTestsTable {
  id: Id;
  slug: string;
  title: string;
  kind: PracticeTestKind;
  instructions_md: string;
  /** Rendered on the server when saved, like the question bank's Markdown. */
  instructions_html: string;
  duration_minutes: number;
  access: PracticeTestAccess;
  /** Where a paid test is sold; null for a free one. */
  paid_url: string | null;
  /** The window of a scheduled mock; null: always open (closes_at also caps each attempt's deadline). */
  opens_at: Timestamp | null;
  closes_at: Timestamp | null;
  status: PracticeTestStatus;
  is_sample: ColumnType<boolean, boolean | undefined, boolean>;
  published_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A position of a test's paper: the question, its section and the version aspirants see. */
export interface PracticeTestQuestionsTable {
  test_id: number;
  /** 1..n, the paper's order. */
  position: number;
  section: TestSection;
  question_id: number;
  /** Frozen at publish (never changed once attempted); null: the question's current version. */
  version_id: number | null;
}

/** One aspirant's attempt, known by the SHA-256 (hex) of its token; the token is never stored. */
export interface TestAttemptsTable {
  id: Id;
  test_id: number;
  token_hash: string;
  started_at: Timestamp;
  /** started_at + duration, to the second, never after the test's closes_at. */
  deadline_at: Timestamp;
  submitted_at: ColumnType<string | null, string | null | undefined, string | null>;
  submit_reason: ColumnType<SubmitReason | null, SubmitReason | null | undefined, SubmitReason | null>;
  /** Marks in thirds, set at submission. */
  score_thirds: ColumnType<number | null, number | null | undefined, number | null>;
  /** The result link's e-mail, given with consent, and the lead it made (contact_messages). */
  email: ColumnType<string | null, string | null | undefined, string | null>;
  consent_at: ColumnType<string | null, string | null | undefined, string | null>;
  lead_id: ColumnType<number | null, number | null | undefined, number | null>;
  ip_key: string;
  last_position: ColumnType<number, number | undefined, number>;
}

/** What an attempt saved for one position (a row per position, written at start). */
export interface AttemptAnswersTable {
  attempt_id: number;
  position: number;
  status: AttemptStatus;
  /** JSON of the answer given ({"type":"mcq","choices":[1]}, {"type":"nat","value":"12.5"}), or null. */
  answer: string | null;
  seconds_spent: ColumnType<number, number | undefined, number>;
  /** The browser's save sequence: a save not above it is ignored. */
  client_seq: ColumnType<number, number | undefined, number>;
  updated_at: Timestamp;
}

// --- link health (0020, issue 48) -----------------------------------------------------------------

/** Why a checked link works or fails (~/lib/link-health/classify.ts). */
export type LinkStatus =
  | "ok"
  | "moved"
  | "broken"
  | "client-error"
  | "server-error"
  | "timeout"
  | "dns-error"
  | "connection-error"
  | "tls-error"
  | "redirect-error";

/** An external address the site shows, where it appears, and its last check. */
export interface LinkChecksTable {
  id: Id;
  url: string;
  /** SHA-256 (hex) of url: the key. */
  url_hash: string;
  /** JSON array of LinkPlace: where the site shows the address. */
  places: string;
  /** null until it is checked. */
  status: ColumnType<LinkStatus | null, LinkStatus | null | undefined, LinkStatus | null>;
  http_status: ColumnType<number | null, number | null | undefined, number | null>;
  error: ColumnType<string | null, string | null | undefined, string | null>;
  /** Where a permanent redirect leads (status moved). */
  final_url: ColumnType<string | null, string | null | undefined, string | null>;
  checked_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Since when it fails; null while it works or before its first check. */
  first_failed_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** A worker's claim: the row is left alone until this time passes. */
  locked_until: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}

export interface Database {
  hero_banners: HeroBannersTable;
  testimonials: TestimonialsTable;
  welcome_popup: WelcomePopupTable;
  courses: CoursesTable;
  test_series: TestSeriesTable;
  test_series_aliases: TestSeriesAliasesTable;
  test_categories: TestCategoriesTable;
  test_subcategories: TestSubcategoriesTable;
  test_items: TestItemsTable;
  ebooks: EbooksTable;
  free_materials: FreeMaterialsTable;
  job_categories: JobCategoriesTable;
  job_alerts: JobAlertsTable;
  admin_profiles: AdminProfilesTable;
  contact_messages: ContactMessagesTable;
  session_bookings: SessionBookingsTable;
  email_outbox: EmailOutboxTable;
  site_settings: SiteSettingsTable;
  audit_log: AuditLogTable;
  trash: TrashTable;
  rate_limits: RateLimitsTable;
  auth_users: AuthUsersTable;
  auth_sessions: AuthSessionsTable;
  auth_accounts: AuthAccountsTable;
  auth_verifications: AuthVerificationsTable;
  auth_two_factor: AuthTwoFactorTable;
  auth_backup_codes: AuthBackupCodesTable;
  auth_secrets: AuthSecretsTable;
  content_version: ContentVersionTable;
  idempotency_keys: IdempotencyKeysTable;
  pending_admin_forms: PendingAdminFormsTable;
  gate_papers: GatePapersTable;
  gate_paper_years: GatePaperYearsTable;
  gate_rank_points: GateRankPointsTable;
  gate_previous_papers: GatePreviousPapersTable;
  gate_subjects: GateSubjectsTable;
  purchase_entries: PurchaseEntriesTable;
  media_files: MediaFilesTable;
  media_chunks: MediaChunksTable;
  media_variants: MediaVariantsTable;
  questions: QuestionsTable;
  question_versions: QuestionVersionsTable;
  question_answers: QuestionAnswersTable;
  question_reports: QuestionReportsTable;
  practice_tests: PracticeTestsTable;
  practice_test_questions: PracticeTestQuestionsTable;
  test_attempts: TestAttemptsTable;
  attempt_answers: AttemptAnswersTable;
  link_checks: LinkChecksTable;
  faqs: FaqsTable;
  site_pages: SitePagesTable;
  alert_subscribers: AlertSubscribersTable;
  alert_mailings: AlertMailingsTable;
  alert_broadcasts: AlertBroadcastsTable;
  alert_mail_jobs: AlertMailJobsTable;
}

// --- FAQs and staff-written pages (0022, issue 48) ------------------------------------------------

/** A question of the FAQ page, in display order; its slug is its anchor (/faqs#how-to-buy). */
export interface FaqsTable {
  id: Id;
  slug: string;
  question: string;
  /** Plain text; a blank line starts a new paragraph. */
  answer: string;
  display_order: number;
  is_active: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A page staff write in Markdown ("terms"), with the HTML it was rendered to when saved. */
export interface SitePagesTable {
  id: Id;
  slug: string;
  body_md: string;
  body_html: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

// --- Job alerts by e-mail (0024, issue 49) --------------------------------------------------------

export type SubscriptionStatus = "pending" | "confirmed";
export type SubscriptionFrequency = "instant" | "daily" | "weekly";
export type AlertMailKind = "alert" | "reminder" | "digest-daily" | "digest-weekly";

/** An address subscribed to job alerts by e-mail: pending until confirmed (double opt-in). */
export interface AlertSubscribersTable {
  id: Id;
  /** Lowercased and trimmed. */
  email: string;
  status: SubscriptionStatus;
  is_tab_jobs: boolean;
  is_tab_vacancy: boolean;
  is_tab_results: boolean;
  is_tab_admit_cards: boolean;
  /** Deadline reminders for the open alerts of the tabs chosen. */
  is_reminders_on: boolean;
  /** New free tests and scheduled mocks. */
  is_tests_on: boolean;
  frequency: SubscriptionFrequency;
  /** Finds the row from the signed links in every e-mail (tokens.server.ts). */
  manage_key: string;
  /** SHA-256 (hex) of the confirmation link's token; null once confirmed. */
  confirm_token_hash: string | null;
  confirm_expires_at: Timestamp | null;
  /** The consent: the words shown, the page, a keyed hash of the client's address, when. */
  consent_text: string;
  consent_source: string;
  consent_ip_hash: string;
  consent_at: Timestamp;
  confirmed_at: Timestamp | null;
  /** Set when the worker gave up on an e-mail to this address: nothing more is sent to it. */
  delivery_failed_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One subscription e-mail queued for one subscriber: unique per subscriber, kind and ref. */
export interface AlertMailingsTable {
  id: Id;
  subscriber_id: number;
  kind: AlertMailKind;
  /** The alert's id (alert, reminder) or the digest's day in India (YYYY-MM-DD). */
  ref: string;
  created_at: Timestamp;
}

/** "Send now to subscribers" asked for an alert: once per alert. */
export interface AlertBroadcastsTable {
  alert_id: number;
  title: string;
  requested_by: string | null;
  requested_at: Timestamp;
  done_at: Timestamp | null;
  queued: number | null;
}

/** A heavy mail job's lease (a day's digest), and when it was done. */
export interface AlertMailJobsTable {
  key: string;
  locked_until: Timestamp | null;
  done_at: Timestamp | null;
  queued: number | null;
}

export type Course = Selectable<CoursesTable>;
export type TestSeries = Selectable<TestSeriesTable>;
export type NewOutboxEmail = Insertable<EmailOutboxTable>;
export type OutboxEmail = Selectable<EmailOutboxTable>;
export type HeroBannerUpdate = Updateable<HeroBannersTable>;
