import type { Database } from "./schema";

// Every table an admin write is recorded against, in one list (issue 50: a new manager's table is
// one entry here): what the activity log, Undo and the trash call one of its rows, and how the
// managers write it. The audit log, the one-row helpers, the trash, the timestamps and Undo each
// take their tables from here. Plain data, safe to import on the client (the activity log's words).

interface AuditedTable {
  /** The name of one row in the activity log, Undo and the trash. */
  label: string;
  /**
   * Created, edited and deleted one at a time by id (insertAudited, updateAudited, deleteAudited,
   * setActiveAudited); such a row is also trashable, stamped and undoable.
   */
  row?: true;
  /** Deleted into the trash (issue 48): a row that stands alone, restorable as it was. */
  trash?: true;
  /** Stamped with created_at and updated_at by Write.insert and Write.update. */
  stamped?: true;
  /**
   * Undo puts its updates back: the row is all there is to the item (a question's versions, a
   * test's paper, a media file's bytes are not in its row). Trashable and stamped tables are too.
   */
  undo?: true;
  /** One row is the whole item (the site's settings, the popup): named without a number. */
  single?: true;
}

export const auditedTables = {
  job_alerts: { label: "Job alert", row: true },
  test_categories: { label: "Test category", stamped: true },
  test_subcategories: { label: "Test subcategory", stamped: true },
  test_items: { label: "Test item", row: true },
  welcome_popup: { label: "Welcome popup", stamped: true, single: true },
  hero_banners: { label: "Hero banner", row: true },
  ebooks: { label: "E-book", row: true },
  free_materials: { label: "Free material", row: true },
  site_settings: { label: "Site settings", single: true },
  email_outbox: { label: "E-mail" },
  gate_papers: { label: "GATE paper", stamped: true },
  gate_paper_years: { label: "GATE paper-year", stamped: true },
  gate_rank_points: { label: "GATE rank points", stamped: true },
  gate_previous_papers: { label: "GATE previous-year paper", stamped: true },
  gate_subjects: { label: "Question bank subject", stamped: true },
  purchase_entries: { label: "Purchase entry", trash: true, stamped: true },
  test_series: { label: "Test series", row: true },
  courses: { label: "Course", row: true },
  contact_messages: { label: "Contact message", undo: true },
  session_bookings: { label: "Session booking", undo: true },
  testimonials: { label: "Testimonial", trash: true },
  media_files: { label: "Media file" },
  questions: { label: "Question" },
  question_reports: { label: "Question report" },
  practice_tests: { label: "Test" },
  faqs: { label: "FAQ question", row: true },
  site_pages: { label: "Terms page" },
  // Issue 49: a subscriber staff removed, and an alert sent to its subscribers at once.
  alert_subscribers: { label: "Job alert subscriber" },
  alert_broadcasts: { label: "Job alert e-mail" },
} as const satisfies { [Table in keyof Database]?: AuditedTable };

type Tables = typeof auditedTables;
export type AuditEntity = keyof Tables;
type Flag = "row" | "trash" | "stamped" | "undo";
type Flagged<F extends Flag> = { [T in AuditEntity]: Tables[T] extends Record<F, true> ? T : never }[AuditEntity];

export type RowTable = Flagged<"row">;
export type TrashableTable = RowTable | Flagged<"trash">;
export type StampedTable = RowTable | Flagged<"stamped">;
export type UndoableTable = TrashableTable | StampedTable | Flagged<"undo">;

const entries = Object.entries(auditedTables) as [AuditEntity, AuditedTable][];
const having = <T extends AuditEntity>(...flags: Flag[]) =>
  entries.filter(([, table]) => flags.some((flag) => table[flag])).map(([name]) => name as T);

export const trashableTables: readonly TrashableTable[] = having("row", "trash");
export const undoableTables: readonly UndoableTable[] = having("row", "trash", "stamped", "undo");

/** The tables whose one row is the whole item. */
export const singleRowTables: readonly AuditEntity[] = entries
  .filter(([, table]) => table.single)
  .map(([name]) => name);

/** The activity log's name of one row of each table. */
export const auditLabels = Object.fromEntries(entries.map(([name, table]) => [name, table.label])) as Record<
  AuditEntity,
  string
>;
