// What every manager says, and the counting every catalogue of this folder shares. The catalogues
// hold the spec's toasts, prompts and fixed texts verbatim (§2 Admin screens, §5 delete prompts, §8
// error catalogue), next to the labels, headings and buttons around them. Safe to import on the client.

/** "1 subcategory", "3 subcategories". */
export const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** What every manager says. */
export const commonMessages = {
  loading: "Loading...",
  active: "Active",
  inactive: "Inactive",
  create: "Create",
  update: "Update",
  saving: "Saving...",
  cancel: "Cancel",
  edit: "Edit",
  delete: "Delete",
  deleting: "Deleting...",
  actions: "Actions",
  status: "Status",
  invalid: "Please correct the highlighted fields.",
  unreadable: "The form could not be read. Please try again.",
  /** The scrollable table's region name, e.g. "Job alerts table" (WCAG: scrollable regions are focusable). */
  tableRegion: (what: string) => `${what} table`,
  deleteTitle: (what: string) => `Delete ${what}`,
  /** Under the prompt of a delete that goes to the trash (~/db/audited-tables.ts). */
  restorable: "It goes to the Trash, where an admin can restore it for 30 days.",
  /** Under the prompt of every other delete. */
  permanent: "It does not go to the Trash: once deleted, it cannot be restored.",
  imagePreview: "Image preview",
  noPreview: "Enter an image URL to see a preview.",
} as const;
