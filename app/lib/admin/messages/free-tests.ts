import { plural } from "./common";

// The Free Test Series manager's words (/admin/free-tests): one tree of three levels, whose toasts
// and prompts name the level. Safe to import on the client.

export type TestLevel = "category" | "subcategory" | "item";

const testLevelLabels: Record<TestLevel, string> = {
  category: "Category",
  subcategory: "Subcategory",
  item: "Test item",
};

export const freeTestMessages = {
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
  addCategory: "Add Category",
  addSubcategory: "Add Subcategory",
  addItem: "Add Test Item",
  addTitle: { category: "Add category", subcategory: "Add subcategory", item: "Add test item" },
  editTitle: { category: "Edit category", subcategory: "Edit subcategory", item: "Edit test item" },
  empty: "No categories yet. Add one to start.",
  noSubcategories: "No subcategories yet.",
  noItems: "No test items yet.",
  /** Under an active node whose category or subcategory is not: visitors do not see it. */
  hiddenBy: (parent: "category" | "subcategory") => `Not shown on /free-tests: its ${parent} is inactive.`,
  categoryName: "Category name",
  subcategoryName: "Subcategory name",
  parentCategory: "Parent category",
  chooseCategory: "Choose a category",
  chooseParent: "Choose a parent category",
  testCount: "Test count",
  testCountHint: "A whole number of 0 or more; anything else counts as 0.",
  subcategory: "Subcategory",
  chooseSubcategory: "Choose a subcategory",
  title: "Title",
  description: "Description",
  testLink: "Test link (URL)",
  // Issue 47: an item may open a timed test of this site instead of a link.
  testLinkHint: "Where the test is taken elsewhere. Leave it empty when you choose a test of this site above.",
  onSiteTest: "Test on this site",
  noOnSiteTest: "None: use the test link below",
  onSiteTestHint:
    "A timed test from the Tests page, taken on this site in the GATE interface. It opens for visitors once it is published.",
  draftTest: (title: string) => `${title} (draft: not open yet)`,
  chooseOnSiteTest: "Choose a test of this site, or none",
  onSite: (title: string) => `Opens the test on this site: ${title}`,
  editOnSite: "Edit that test",
  active: "Active",
  slug: (slug: string) => `Slug: ${slug}`,
  tests: (count: number) => `${count} ${count === 1 ? "test" : "tests"}`,
  subcategoryIn: (category: string) => `Subcategories of ${category}`,
  itemsIn: (subcategory: string) => `Test items of ${subcategory}`,
  openTest: "Open test",
  tree: "Categories, subcategories and test items",
} as const;
