import { describe, expect, it } from "vitest";
import type { AuditEntity } from "~/db/queries/audit-log.server";
import { diffRows, fieldLabel, rowFields, shorten, showValue } from "~/lib/admin/history-diff";
import { describeEntry } from "~/lib/admin/history-entries";
import { adminMessages } from "~/lib/admin/messages";

// Issue 48: what the activity log says an update changed, for each kind of row the managers keep.
// Each case is a row as the database returns it, the same row after an edit through the manager's
// form (and the write's new updated_at), and the fields the log must list, with the labels staff
// know from the form and the values as they read them.

const T0 = "2026-11-01T10:00:00.000Z";
const T1 = "2026-11-02T11:30:00.000Z";

type Case = {
  before: Record<string, unknown>;
  edit: Record<string, unknown>;
  expected: { label: string; before: string; after: string }[];
};

const cases: Partial<Record<AuditEntity, Case>> = {
  job_alerts: {
    before: {
      id: 7,
      title: "IOCL recruitment through GATE 2026",
      view_link: "https://iocl.com/jobs",
      description: null,
      posted_date: T0,
      category_id: 1,
      is_active: true,
      last_date: "2026-12-15",
      selection_mode: "gate-score",
      gate_year: 2026,
      eligibility: null,
      posts: 40,
      notification_url: null,
      organisation: "IOCL",
      job_location: "India",
    },
    edit: { last_date: "2026-12-31", posts: 45 },
    expected: [
      { label: "Last date", before: "15 Dec 2026", after: "31 Dec 2026" },
      { label: "Posts", before: "40", after: "45" },
    ],
  },
  test_items: {
    before: {
      id: 3,
      subcategory_id: 2,
      title: "Heat transfer test 1",
      description: null,
      test_link: "https://t.example/1",
      practice_test_id: null,
      is_active: true,
    },
    edit: { description: "30 questions", is_active: false },
    expected: [
      { label: "Description", before: "(empty)", after: "30 questions" },
      { label: "Active", before: "Yes", after: "No" },
    ],
  },
  hero_banners: {
    before: {
      id: 2,
      image_url: "/media/a/banner.webp",
      link_url: null,
      alt_text: "GATE 2026 batch",
      display_order: 1,
      is_active: true,
    },
    edit: { alt_text: "GATE 2027 batch", link_url: "/courses" },
    expected: [
      { label: "Link", before: "(empty)", after: "/courses" },
      { label: "Words on the banner", before: "GATE 2026 batch", after: "GATE 2027 batch" },
    ],
  },
  ebooks: {
    before: {
      id: 1,
      title: "Mass Transfer notes",
      description: "Short notes",
      pdf_link: "/media/b/notes.pdf",
      cover_url: null,
      is_active: true,
    },
    edit: { title: "Mass Transfer notes (2nd ed.)", cover_url: "/media/c/cover.webp" },
    expected: [
      { label: "Title", before: "Mass Transfer notes", after: "Mass Transfer notes (2nd ed.)" },
      { label: "Cover picture", before: "(empty)", after: "/media/c/cover.webp" },
    ],
  },
  free_materials: {
    before: {
      id: 4,
      title: "Formula sheet",
      description: null,
      material_link: "https://drive.example/a",
      cover_url: null,
      is_active: true,
    },
    edit: { material_link: "https://drive.example/b" },
    expected: [{ label: "Material link", before: "https://drive.example/a", after: "https://drive.example/b" }],
  },
  test_series: {
    before: {
      id: 5,
      title: "GATE CH Full Mocks",
      tests: 20,
      price: 999,
      original_price: 1999,
      students: 120,
      validity_months: 12,
      description: "Mocks",
      purchase_url: null,
      features: '["20 full mocks","Analysis"]',
      image: "/images/a.webp",
      display_order: 1,
      is_active: true,
    },
    edit: { price: 799, features: '["20 full mocks","Analysis","Solutions"]' },
    expected: [
      { label: "Price", before: "999", after: "799" },
      { label: "Features", before: "20 full mocks; Analysis", after: "20 full mocks; Analysis; Solutions" },
    ],
  },
  courses: {
    before: {
      id: 6,
      title: "GATE CH Crash Course",
      is_free: false,
      price: 4999,
      original_price: null,
      image: "/images/c.webp",
      purchase_url: "https://learn.example/c",
      description: "Crash course",
      learn_points: '["Thermo"]',
      tests: null,
      students: null,
      duration: "3 months",
      expiry: "1 year",
      videos: 80,
      display_order: 2,
      is_active: true,
      test_series_id: null,
    },
    edit: { test_series_id: 5, is_free: true },
    expected: [
      { label: "Free", before: "No", after: "Yes" },
      { label: "Sold as test series", before: "(empty)", after: "5" },
    ],
  },
  testimonials: {
    before: { id: 8, name: "Asha R", rating: 5, comment: "Great mocks", avatar: "AR", status: "pending" },
    edit: { name: "Asha Rao", avatar: "AR2", status: "approved" },
    // The initials come from the name: the log names the name alone.
    expected: [
      { label: "Name shown", before: "Asha R", after: "Asha Rao" },
      { label: "Status", before: "pending", after: "approved" },
    ],
  },
  purchase_entries: {
    before: {
      id: 9,
      buyer_name: "Meera",
      city: "Kochi",
      product: "GATE CH Mocks",
      purchased_on: "2026-11-01",
      is_active: true,
    },
    edit: { city: "Thrissur" },
    expected: [{ label: "City", before: "Kochi", after: "Thrissur" }],
  },
  test_categories: {
    before: { id: 1, name: "Chemical Engineering", slug: "chemical-engineering", is_active: true },
    edit: { name: "Chemical Engg", slug: "chemical-engg" },
    expected: [
      { label: "Category name", before: "Chemical Engineering", after: "Chemical Engg" },
      { label: "Address", before: "chemical-engineering", after: "chemical-engg" },
    ],
  },
  test_subcategories: {
    before: { id: 2, category_id: 1, name: "Topic tests", slug: "topic-tests", test_count: 10, is_active: true },
    edit: { test_count: 12 },
    expected: [{ label: "Number of tests", before: "10", after: "12" }],
  },
  welcome_popup: {
    before: {
      id: 1,
      title: "Crack GATE 2026",
      subtitle: null,
      description: "Join now",
      image_url: "/a.webp",
      is_active: true,
    },
    edit: { subtitle: "With IIT alumni" },
    expected: [{ label: "Subheading", before: "(empty)", after: "With IIT alumni" }],
  },
  gate_paper_years: {
    before: {
      id: 1,
      paper_id: 1,
      year: 2024,
      institute: "IISc Bangalore",
      qualifying_general: 25,
      is_qualifying_verified: false,
    },
    edit: { qualifying_general: 25.5, is_qualifying_verified: true },
    expected: [
      { label: "Qualifying general", before: "25", after: "25.5" },
      { label: "Is qualifying verified", before: "No", after: "Yes" },
    ],
  },
  gate_rank_points: {
    before: {
      id: 1,
      paper_id: 1,
      year: 2024,
      marks: 60,
      air: 70,
      kind: "official",
      source_label: "IISc",
      source_url: null,
    },
    edit: { air: 71 },
    expected: [{ label: "AIR", before: "70", after: "71" }],
  },
  contact_messages: {
    before: {
      id: 3,
      name: "Ravi",
      email: "r@example.com",
      phone: "9876543210",
      message: "Call me",
      status: "new",
      note: null,
      status_changed_at: null,
      status_changed_by: null,
    },
    edit: {
      status: "contacted",
      note: "Called on Monday",
      status_changed_at: T1,
      status_changed_by: "admin@example.com",
    },
    // When and by whom the status changed is the audit row's own: not listed again.
    expected: [
      { label: "Status", before: "new", after: "contacted" },
      { label: "Note", before: "(empty)", after: "Called on Monday" },
    ],
  },
  site_settings: {
    before: { brand_name: "GATE CH Academy", contact_phone: "+91 98765 43210" },
    edit: { contact_phone: "+91 90000 00000" },
    expected: [{ label: "Contact phone", before: "+91 98765 43210", after: "+91 90000 00000" }],
  },
};

describe("the before/after diff of each entity", () => {
  for (const [entity, { before, edit, expected }] of Object.entries(cases)) {
    it(`${entity}: lists exactly the fields an edit changed, with the form's labels`, () => {
      const stamped = "id" in before ? { ...before, created_at: T0, updated_at: T0 } : before;
      const after = { ...stamped, ...edit, ...("id" in before ? { updated_at: T1 } : {}) };
      expect(
        diffRows(entity, stamped, after).map(({ label, before: b, after: a }) => ({ label, before: b, after: a })),
      ).toEqual(expected);
      // A save that changed no field (only its updated_at) lists nothing.
      expect(diffRows(entity, stamped, { ...stamped, updated_at: T1 })).toEqual([]);
    });
  }

  it("names every column of a created or deleted row, leaving out ids, timestamps and empty ones", () => {
    const row = {
      id: 1,
      title: "Heat transfer",
      description: null,
      pdf_link: "/media/x/a.pdf",
      is_active: true,
      created_at: T0,
      updated_at: T0,
    };
    expect(rowFields("ebooks", row)).toEqual([
      { column: "title", label: "Title", value: "Heat transfer" },
      { column: "pdf_link", label: "PDF link", value: "/media/x/a.pdf" },
      { column: "is_active", label: "Active", value: "Yes" },
    ]);
  });

  it("reads values as staff do, and cuts long ones for the list", () => {
    expect(showValue(null)).toBe("(empty)");
    expect(showValue("")).toBe("(empty)");
    expect(showValue(false)).toBe("No");
    expect(showValue("[not json")).toBe("[not json");
    expect(showValue("[]")).toBe("(empty)");
    // Days and times as staff read them, in India; a settings switch as Yes or No.
    expect(showValue("2026-11-30")).toBe("30 Nov 2026");
    expect(showValue("2026-11-30T09:15:00.000Z")).toBe("30 Nov 2026, 14:45 IST");
    expect(showValue("2026-13-45")).toBe("2026-13-45");
    expect(showValue("true", "site_settings")).toBe("Yes");
    expect(showValue("true", "faqs")).toBe("true");
    expect(fieldLabel("site_settings", "figure_students_as_of")).toBe("Students enrolled: As of");
    expect(diffRows("site_settings", { contact_email: "a@example.com" }, { contact_email: "b@example.com" })).toEqual([
      { column: "contact_email", label: "Contact e-mail", before: "a@example.com", after: "b@example.com" },
    ]);
    expect(fieldLabel("ebooks", "candidates_retrieved_on")).toBe("Candidates retrieved on");
    const long = "Thermodynamics ".repeat(20).trim();
    const { short, cut } = shorten(long);
    expect(cut).toBe(true);
    expect([...short]).toHaveLength(80);
    expect(short.endsWith("…")).toBe(true);
    expect(shorten("Short")).toEqual({ short: "Short", cut: false });
  });
});

/** An entry of the log with these fields, as the log names it. */
const entry = (fields: Partial<Parameters<typeof describeEntry>[0]>) =>
  describeEntry({
    id: 1,
    actorUserId: "u",
    actorEmail: "a@example.com",
    action: "update",
    entity: "ebooks",
    entityId: "3",
    details: null,
    createdAt: T0,
    ...fields,
  });

describe("how the log names an entry", () => {
  it("names an import by the section imported into, with its counts, never as a row", () => {
    const details = { imported: 12, added: 3, updated: 2, unchanged: 7 };
    const expected = { what: "Imported 12 rows into GATE Cutoffs & Scores", counts: "3 added, 2 updated, 7 unchanged" };
    expect(entry({ action: "import", entity: "gate_paper_years", entityId: null, details })).toEqual(expected);
    // Imports logged before issue 48, as an update of row 0 ("GATE paper-year #0").
    expect(entry({ action: "update", entity: "gate_paper_years", entityId: "0", details })).toEqual(expected);
    expect(
      entry({
        action: "import",
        entity: "questions",
        entityId: null,
        details: { imported: 4, added: 3, changed: 1, unchanged: 0 },
      }),
    ).toEqual({
      what: "Imported 4 rows into Questions",
      counts: "3 added, 1 changed, 0 unchanged",
    });
  });

  it("names a change by its action, its section and its item", () => {
    expect(entry({ details: { title: "Heat transfer" } }).what).toBe("Updated E-book #3: Heat transfer");
    expect(entry({ action: "delete", entity: "testimonials", details: { name: "Asha" } }).what).toBe(
      "Deleted Testimonial #3: Asha",
    );
    expect(entry({ action: "restore", details: { title: "Heat transfer" } }).what).toBe(
      "Restored E-book #3: Heat transfer",
    );
    expect(entry({ action: "undo", details: { undid: 9, change: "delete", title: "Heat transfer" } }).what).toBe(
      "Undid the deletion of E-book #3: Heat transfer",
    );
    // The site's settings and the popup are one row each: no number.
    expect(entry({ entity: "site_settings", entityId: "1", details: { brand: "GATE CH Academy" } }).what).toBe(
      "Updated Site settings",
    );
    expect(entry({ entity: "welcome_popup", entityId: "1", details: { title: "Free mock" } }).what).toBe(
      "Updated Welcome popup: Free mock",
    );
  });

  it("has a name for every section of the log", () => {
    for (const [entity, name] of Object.entries(adminMessages.activity.entities)) {
      expect(name, entity).not.toBe("");
      expect(name, entity).not.toBe(entity);
    }
  });
});
