// The media picker's words, beside a field of any manager (issue 45). Safe to import on the client.

/** The files an upload in place takes, and how large: the first sentence of both upload hints. */
const accepted = (kind: "image" | "document", limit: string) =>
  `${kind === "image" ? "JPEG, PNG, WebP, AVIF or GIF" : "A PDF"} up to ${limit}.`;

/**
 * The picker beside every picture and document field (issue 45): the address, the library, an
 * upload in place. The field keeps its own label and messages (Image URL, PDF Link).
 */
export const mediaPickerMessages = {
  chooseFromLibrary: "Choose from library",
  uploadNew: "Upload new",
  dialogTitle: (kind: "image" | "document") =>
    kind === "image" ? "Choose a picture from the library" : "Choose a PDF from the library",
  dialogIntro: "Choosing a file fills in its address. Save the form to use it.",
  search: "Search by name or title",
  searchButton: "Search",
  loading: "Loading files...",
  loadFailed: "The library could not be loaded. Close this and try again.",
  none: (kind: "image" | "document") =>
    kind === "image" ? "No pictures in the library yet." : "No PDFs in the library yet.",
  noMatch: "No files match this search.",
  /** Said before a file's title on its button in the dialog (for screen readers). */
  choose: "Use",
  more: "Show more",
  // Without JavaScript: a list of recent files, and a file input posted with the form.
  pick: (kind: "image" | "document") =>
    kind === "image" ? "Or choose a recent picture from the library" : "Or choose a recent PDF from the library",
  keep: "Keep the address above",
  openLibrary: "Open the Media Library (new tab)",
  upload: (kind: "image" | "document") => (kind === "image" ? "Or upload a new picture" : "Or upload a new PDF"),
  uploadHint: (kind: "image" | "document", limit: string) =>
    `${accepted(kind, limit)} It is added to the Media Library and used here when you save.`,
  uploadHintLive: (kind: "image" | "document", limit: string) =>
    `${accepted(kind, limit)} It is added to the Media Library and its address filled in above.`,
  progress: (percent: number) => `Uploading: ${percent}%`,
  processing: "Checking and storing...",
  uploaded: (title: string) => `Uploaded “${title}”. Its address is filled in above: save the form to use it.`,
  openDocument: "Open the file",
  noDocument: "No file yet.",
  // Why an address or an upload is refused, beside the field.
  notLibraryAddress: (label: string) =>
    `${label} starts with /media/ but is not the address of a library file. Choose the file from the library instead.`,
  notInLibrary: (label: string) =>
    `${label} names a file that is not in the Media Library (it was deleted, or never uploaded). Choose another file or upload it again.`,
  pictureNeeded: (label: string) => `${label} must be a picture: the library file chosen is a PDF.`,
  documentNeeded: (label: string) => `${label} must be a PDF: the library file chosen is a picture.`,
  altFromMissing: (field: string) =>
    `Fill in “${field}” before uploading: an uploaded picture takes those words as its alt text.`,
  signedOut: "Your session has ended. Sign in again, then upload the file again.",
  networkFailed: "The upload did not reach the server. Check the connection and try again.",
} as const;
