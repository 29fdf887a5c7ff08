// The admin screens' user-facing strings, verbatim from the spec (§2 Admin screens, §5 delete
// prompts, §8 error catalogue), one object per manager. Safe to import on the client.

export type TestLevel = "category" | "subcategory" | "item";

const testLevelLabels: Record<TestLevel, string> = {
  category: "Category",
  subcategory: "Subcategory",
  item: "Test item",
};

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export const adminMessages = {
  common: {
    loading: "Loading...",
    active: "Active",
    inactive: "Inactive",
  },
  jobAlerts: {
    updated: "Job alert updated successfully",
    created: "Job alert created successfully",
    deleted: "Job alert deleted successfully",
    saveFailed: "Failed to save job alert",
    deleteFailed: "Failed to delete job alert",
    loadFailed: "Failed to load data",
    confirmDelete: "Are you sure you want to delete this job alert?",
  },
  freeTests: {
    // '{Category|Subcategory|Test item} updated/created successfully' (spec §8).
    updated: (level: TestLevel) => `${testLevelLabels[level]} updated successfully`,
    created: (level: TestLevel) => `${testLevelLabels[level]} created successfully`,
    // '{Item} deleted successfully': {Item} is the capitalised level of the delete prompt
    // ('Are you sure you want to delete this {category|subcategory|item}?').
    deleted: (level: TestLevel) => `${level.charAt(0).toUpperCase()}${level.slice(1)} deleted successfully`,
    saveFailed: "Failed to save data",
    deleteFailed: "Failed to delete",
    loadFailed: "Failed to load data",
    confirmDelete: (level: TestLevel) => `Are you sure you want to delete this ${level}?`,
    /** Added to the prompt when a parent has children: deleting it deletes them too. */
    cascadeNotice: (impact: { subcategories?: number; items: number }) => {
      const parts = [
        ...(impact.subcategories ? [plural(impact.subcategories, "subcategory", "subcategories")] : []),
        ...(impact.items ? [plural(impact.items, "test item", "test items")] : []),
      ];
      return parts.length ? `Its ${parts.join(" and ")} will be deleted too.` : "";
    },
  },
  welcomePopup: {
    updated: "Welcome popup updated successfully",
    created: "Welcome popup created successfully",
    loadFailed: "Failed to load popup data",
    saveFailed: "Failed to save popup",
    showToVisitors: "Show popup to visitors",
    create: "Create",
    update: "Update",
    saving: "Saving...",
    // The preview's fallbacks and fixed content (spec §2 Welcome Popup manager).
    previewTitle: "Welcome Title",
    previewSubtitle: "Subtitle",
    previewDescription: "Description text will appear here...",
    bullets: ["100+ Practice Tests", "Expert Solutions & Analysis", "Performance Tracking"],
    start: "Start Your Journey",
  },
  heroBanners: {
    addNew: "Add New Banner",
    updated: "Banner updated successfully",
    created: "Banner created successfully",
    deleted: "Banner deleted successfully",
    orderUpdated: "Banner order updated",
    loadFailed: "Failed to load banners",
    saveFailed: "Failed to save banner",
    deleteFailed: "Failed to delete banner",
    orderFailed: "Failed to update order",
    confirmDelete: "Are you sure you want to delete this banner?",
  },
  ebooks: {
    updated: "E-book updated successfully",
    created: "E-book created successfully",
    deleted: "E-book deleted successfully",
    loadFailed: "Failed to load ebooks",
    saveFailed: "Failed to save ebook",
    deleteFailed: "Failed to delete ebook",
    // Spec §5: 'Are you sure you want to delete this banner?' (likewise e-book and material).
    confirmDelete: "Are you sure you want to delete this e-book?",
    viewLink: "View PDF",
  },
  freeMaterials: {
    updated: "Material updated successfully",
    created: "Material created successfully",
    deleted: "Material deleted successfully",
    loadFailed: "Failed to load materials",
    saveFailed: "Failed to save material",
    deleteFailed: "Failed to delete material",
    confirmDelete: "Are you sure you want to delete this material?",
    viewLink: "View Material",
  },
  /** Names of audit_log entities, for the Activity view. */
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
  },
} as const;
