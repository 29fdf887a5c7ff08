/**
 * The header search goes to /search?q= followed by the trimmed, encoded text; an empty or
 * whitespace-only query does nothing (spec §2 "Header and menu", §5 "Search").
 */
export function searchHref(query: string): string | null {
  const trimmed = query.trim();
  return trimmed ? `/search?q=${encodeURIComponent(trimmed)}` : null;
}
