// A form of shared settings that two staff may have open at once (Site Settings): beside its
// fields the page posts what each field held when it was loaded. The save writes only what this
// person changed, so it never puts an older value back over one someone else saved meanwhile; a
// field both of them changed is refused, showing the value saved meanwhile, and the next save
// (loaded again from that value) is this person's decision.

/** The hidden field that carries the loaded values. */
export const LOADED_FIELD = "loaded";

type Shown = string | boolean | undefined;

/** A field's value as the untouched form posts it: the text, a ticked checkbox "on", else "". */
const asPosted = (value: Shown) => (value === true ? "on" : typeof value === "string" ? value : "");

/** Browsers post a textarea's line breaks as CRLF, and the schema trims. */
const same = (a: string, b: string) => a.replace(/\r\n?/g, "\n").trim() === b.replace(/\r\n?/g, "\n").trim();

/** The loaded values of the named fields, for the hidden field. */
export function loadedField(values: Record<string, Shown>, names: readonly string[]): string {
  return JSON.stringify(Object.fromEntries(names.map((name) => [name, asPosted(values[name])])));
}

/** The posted loaded values, or null when the post has none (a script, a page from before). */
function readLoaded(posted: Record<string, string>): Record<string, string> | null {
  try {
    const loaded: unknown = JSON.parse(posted[LOADED_FIELD] ?? "");
    if (typeof loaded !== "object" || loaded === null || Array.isArray(loaded)) return null;
    return Object.fromEntries(
      Object.entries(loaded).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
    );
  } catch {
    return null;
  }
}

export type EditsSinceLoad = {
  /** The fields this person changed since loading: the only ones to write. */
  changed: string[];
  /** Of those, the ones someone else saved meanwhile, with the value saved. */
  conflicts: { name: string; saved: string }[];
};

/**
 * What a post changed since its form was loaded, against the values stored now. A post without
 * loaded values changes every field (and conflicts with none), as before this check.
 */
export function editsSinceLoad(
  posted: Record<string, string>,
  stored: Record<string, Shown>,
  names: readonly string[],
): EditsSinceLoad {
  const loaded = readLoaded(posted);
  if (!loaded) return { changed: [...names], conflicts: [] };
  const changed: string[] = [];
  const conflicts: EditsSinceLoad["conflicts"] = [];
  for (const name of names) {
    const mine = posted[name] ?? "";
    const was = loaded[name];
    if (was !== undefined && same(mine, was)) continue;
    changed.push(name);
    const saved = asPosted(stored[name]);
    if (was !== undefined && !same(saved, was) && !same(saved, mine)) conflicts.push({ name, saved });
  }
  return { changed, conflicts };
}
