// Testimonials carry an avatar generated from the name (spec §3): the initials of the first and
// last words, e.g. "Priya Sharma" → "PS". Works for any script (Devanagari names included).

/** Initials for a testimonial avatar; "?" when the name has no letters or digits. */
export function avatarFromName(name: string): string {
  const words = name
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}\p{M}\p{N}]/gu, ""))
    .filter(Boolean);
  const first = words[0];
  if (!first) return "?";
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  return [first, last]
    .filter((word): word is string => Boolean(word))
    .map((word) => Array.from(word)[0]!.toLocaleUpperCase("en-IN"))
    .join("");
}
