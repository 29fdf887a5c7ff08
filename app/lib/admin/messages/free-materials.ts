// The Free Materials manager's words (/admin/free-materials). Safe to import on the client.

export const freeMaterialMessages = {
  updated: "Material updated successfully",
  created: "Material created successfully",
  deleted: "Material deleted successfully",
  loadFailed: "Failed to load materials",
  saveFailed: "Failed to save material",
  deleteFailed: "Failed to delete material",
  confirmDelete: "Are you sure you want to delete this material?",
  viewLink: "View Material",
  add: "Add Material",
  addTitle: "Add material",
  editTitle: "Edit material",
  empty: "No free materials yet.",
  table: "Free materials",
  title: "Title",
  description: "Description",
  link: "Material Link",
  linkHint:
    "Choose a PDF from the Media Library or upload one below, or paste the https:// address of the material (a page, a video, a file hosted elsewhere).",
  cover: "Cover image URL",
  coverHint:
    "The picture on the material's card. Choose one from the Media Library or upload one below; leave empty for the standard picture.",
  linkColumn: "Material",
  titleAndDescription: "Title & Description",
  active: "Active",
  what: "material",
} as const;
