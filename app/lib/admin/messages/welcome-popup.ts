// The Welcome Popup manager's words (/admin/welcome-popup). Safe to import on the client.

export const welcomePopupManagerMessages = {
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
  start: "Start Your Journey",
  formTitle: "Popup content",
  title: "Title",
  subtitle: "Subtitle",
  description: "Description",
  imageUrl: "Image URL",
  imageHint:
    "Choose a picture from the Media Library or upload one below, or paste an https:// address or a path on this site such as /images/welcome-popup.svg.",
  preview: "Preview",
  previewHeading: "Preview",
  closePreview: "Close preview",
  close: "Close",
  notSaved: "No popup has been saved yet: visitors see none until you create one.",
  shown: "Visitors see this popup once per visit on the home page.",
  hidden: "The popup is switched off: visitors do not see it.",
} as const;
