/**
 * Slug from a name, for seeded and admin-made rows alike. The spec's rule (§5) is "lowercase, with
 * spaces turned to hyphens"; on top of it accents are folded, "&" reads "and", apostrophes go, and
 * every other run of characters that are not Latin letters or digits is one hyphen, so the slug
 * is always safe in a URL ("Heat & Mass Transfer" → "heat-and-mass-transfer", "ONGC/GAIL" →
 * "ongc-gail"). The seeded slugs (/free-tests' anchors) were made by this rule. May return "" for
 * a name with no Latin letters or digits; `uniqueSlug` gives such a name a fallback.
 */
export function slugify(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
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
