/**
 * Slug from a name. The spec's rule (§5) is "lowercase, with spaces turned to hyphens"; on top
 * of it every other character is dropped (accents folded first) and hyphen runs collapsed, so
 * the slug is always safe in a URL. May return "" for a name with no Latin letters or digits;
 * `uniqueSlug` gives such a name a fallback.
 */
export function slugify(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .trim()
    .replace(/\s+/g, "-")
    .replace(/[^a-z0-9-]/g, "")
    .replace(/-{2,}/g, "-")
    .replace(/^-+|-+$/g, "");
}

const fallbackSlug = "item";

/**
 * `base` made unique among `taken` by a numeric suffix: "mass-transfer", then
 * "mass-transfer-2", "mass-transfer-3"… (slugs are unique columns in the schema).
 */
export function uniqueSlug(base: string, taken: Iterable<string>): string {
  const root = slugify(base) || fallbackSlug;
  const used = new Set(taken);
  if (!used.has(root)) return root;
  for (let n = 2; ; n++) {
    const candidate = `${root}-${n}`;
    if (!used.has(candidate)) return candidate;
  }
}
