import type { AuditEntity } from "~/db/queries/audit-log.server";

// The Activity view's words and every audit entity's name, which the activity log, Undo and the
// trash show (history.ts has the rest of their words). Safe to import on the client.

/** The Activity view (issue 5 "Activity log"). */
export const activityMessages = {
  table: "Recent activity",
  when: "When",
  who: "Who",
  action: "Action",
  item: "Item",
  empty: "No changes recorded yet.",
  loadFailed: "Failed to load data",
  actions: { create: "Created", update: "Updated", delete: "Deleted", reorder: "Reordered" } as Record<string, string>,
  unknownActor: "Unknown user",
  /** Names of audit_log entities. */
  entities: {
    job_alerts: "Job alert",
    test_categories: "Test category",
    test_subcategories: "Test subcategory",
    test_items: "Test item",
    welcome_popup: "Welcome popup",
    hero_banners: "Hero banner",
    ebooks: "E-book",
    free_materials: "Free material",
    site_settings: "Site settings",
    email_outbox: "E-mail",
    gate_papers: "GATE paper",
    gate_paper_years: "GATE paper-year",
    gate_rank_points: "GATE rank points",
    gate_previous_papers: "GATE previous-year paper",
    gate_subjects: "Question bank subject",
    purchase_entries: "Purchase entry",
    test_series: "Test series",
    courses: "Course",
    contact_messages: "Contact message",
    session_bookings: "Session booking",
    testimonials: "Testimonial",
    media_files: "Media file",
    questions: "Question",
    question_reports: "Question report",
    practice_tests: "Test",
    faqs: "FAQ question",
    site_pages: "Terms page",
    alert_subscribers: "Job alert subscriber",
    alert_broadcasts: "Job alert e-mail",
    // Exhaustive (issue 48): an entity added to AuditEntity without its name fails the typecheck.
  } satisfies Record<AuditEntity, string> as Record<string, string>,
} as const;
