import { parseMediaUrl } from "./media-url";

// What a picture or document field of a manager's form posts (issue 45): its address (the field
// itself: an http(s) URL, a path on this site, or a media-library file's /media/<hash>/<name>),
// and, from a page without JavaScript, the library file chosen in its list (`<name>__pick`) or a
// file uploaded in place (`<name>__file`). The manager's action turns either into the address
// (~/lib/admin/media-fields.server.ts) before it checks the form.

/** The no-JavaScript list of library files beside a field: its value replaces the address. */
export const pickFieldOf = (name: string) => `${name}__pick`;
/** The no-JavaScript file input beside a field: the upload replaces the address. */
export const fileFieldOf = (name: string) => `${name}__file`;

/** Whether an address claims to be the media library's: a path on this site under /media/. */
export const isLibraryPath = (value: string) => value.trim().startsWith("/media/");

/** The library file a path names (/media/<hash>/<name>), or null for anything else. */
export const libraryFileOf = (value: string) => (isLibraryPath(value) ? parseMediaUrl(value) : null);
