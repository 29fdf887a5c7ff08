import { z } from "zod";
import { libraryFileOf } from "~/lib/media/media-field";
import { isHttpUrl, requiredLink } from "../fields";

// Field builders the admin schemas share. Every schema parses a plain object of strings (what
// `formValues(formData)` gives), so one schema serves the no-JS form post and the enhanced form.

const CHECKED = new Set(["on", "true", "1", "yes"]);

/**
 * An HTML checkbox: present ("on", the browser's default value) means checked, absent means
 * unchecked. `true`/`false` are accepted too, for callers that pass booleans.
 */
export const checkbox = z.preprocess(
  (value) => value === true || (typeof value === "string" && CHECKED.has(value.trim().toLowerCase())),
  z.boolean(),
);

/** The largest value of an `integer` column (32-bit on PostgreSQL). */
export const MAX_ID = 2_147_483_647;

/** A row id chosen in a <select> or carried by a hidden field: a positive integer. */
export function requiredId(message: string) {
  return z.preprocess(
    (value) => (typeof value === "string" ? (value.trim() === "" ? undefined : Number(value)) : value),
    // At most the largest id an integer column holds (PostgreSQL refuses larger ones with an error).
    z.number({ error: message }).int(message).positive(message).max(MAX_ID, message),
  );
}

/** The `id` of the row being edited or deleted, e.g. from a hidden field or the URL. */
export const IdSchema = requiredId("Choose an item");

/**
 * Test count (spec §5): a whole number of at least 0; a non-numeric value (or nothing) becomes 0.
 */
export const testCountField = z.preprocess(
  (value) => {
    if (typeof value === "number") return value;
    const text = typeof value === "string" ? value.trim() : "";
    const number = text === "" ? Number.NaN : Number(text);
    return Number.isNaN(number) ? 0 : number;
  },
  z
    .number()
    .int("Test count must be a whole number")
    .min(0, "Test count must be 0 or more")
    .max(100_000, "Test count must be at most 100000"),
);

/**
 * An image address: an http(s) URL, or a path on this site ("/images/…", as the seeded banners
 * and popup use). `javascript:`, `data:` and protocol-relative ("//host") values are refused.
 */
export function imageUrl(label: string) {
  return requiredLink(
    label,
    isSiteOrHttpLink,
    `${label} must be an http:// or https:// URL, or a path on this site starting with /`,
  );
}

/** A path on this site ("/free-tests", never "//host" or "/\\host") or an absolute http(s) URL. */
export const isSiteOrHttpLink = (link: string) => isHttpUrl(link) || /^\/(?![/\\])[^\s\\]*$/.test(link);

/**
 * A file's address (issue 45): an absolute http(s) URL, or a file of the media library
 * (/media/<hash>/<name>), which the manager's action checks is there and of the right kind
 * (~/lib/admin/media-fields.server.ts). The message stays the spec's.
 */
export const isHttpOrLibraryLink = (link: string) => isHttpUrl(link) || libraryFileOf(link) !== null;

export function fileLink(label: string) {
  return requiredLink(label, isHttpOrLibraryLink, `${label} must be a valid http:// or https:// URL`);
}

/** A file's address that may be left empty: null. */
export function optionalFileLink(label: string) {
  return z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    fileLink(label)
      .optional()
      .transform((v) => v ?? null),
  );
}

/** A picture's address that may be left empty (a cover): http(s), a path on this site, or null. */
export function optionalImageUrl(label: string) {
  return z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    imageUrl(label)
      .optional()
      .transform((v) => v ?? null),
  );
}
