// The E-Books manager's words (/admin/ebooks). Safe to import on the client.

export const ebookMessages = {
  updated: "E-book updated successfully",
  created: "E-book created successfully",
  deleted: "E-book deleted successfully",
  loadFailed: "Failed to load ebooks",
  saveFailed: "Failed to save ebook",
  deleteFailed: "Failed to delete ebook",
  // Spec §5: 'Are you sure you want to delete this banner?' (likewise e-book and material).
  confirmDelete: "Are you sure you want to delete this e-book?",
  viewLink: "View PDF",
  add: "Add E-Book",
  addTitle: "Add e-book",
  editTitle: "Edit e-book",
  empty: "No e-books yet.",
  table: "E-books",
  title: "Title",
  description: "Description",
  link: "PDF Link",
  linkHint:
    "Choose the PDF from the Media Library or upload it below, or paste the https:// address of a PDF hosted elsewhere.",
  cover: "Cover image URL",
  coverHint:
    "The picture on the e-book's card. Choose one from the Media Library or upload one below; leave empty for the standard picture.",
  linkColumn: "PDF",
  titleAndDescription: "Title & Description",
  active: "Active",
  what: "e-book",
} as const;
