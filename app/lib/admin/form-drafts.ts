// Issue 48 "No lost work", the rules of an admin form's draft in the browser, without the DOM or
// storage (those are ~/components/admin/unsaved-work.tsx's): which controls a draft holds, its
// key, how it is stored and read back, and what to change to bring it back. Safe on the client.

/** A draft older than this is dropped when read: a week-old half-typed edit is no help. */
export const DRAFT_MAX_AGE_MS = 7 * 24 * 60 * 60_000;
const PREFIX = "admin-draft:v1:";

/** What a form's controls hold, by key: text as typed, a checkbox "1" or "", a radio group its value. */
export type FormSnapshot = Record<string, string>;

export interface Draft {
  /** When it was written (ISO). */
  savedAt: string;
  values: FormSnapshot;
}

/** A form control as the draft sees it: the DOM's name, type ("text", "textarea", "select-one"…), value, checked. */
export interface ControlLike {
  name: string;
  type: string;
  value: string;
  checked: boolean;
  /** A select-multiple's chosen values. */
  selected?: string[];
}

/** Never in a draft: identity fields (hidden), secrets, files, buttons. */
const SKIPPED_TYPES = new Set(["hidden", "password", "file", "submit", "button", "reset", "image"]);

/** The controls a draft holds, each with its key: name, "name:value" for a checkbox, "name#2" for a repeated name. */
export function draftControls<T extends ControlLike>(controls: readonly T[]): { key: string; control: T }[] {
  const seen = new Map<string, number>();
  const out: { key: string; control: T }[] = [];
  for (const control of controls) {
    if (!control.name || SKIPPED_TYPES.has(control.type)) continue;
    let key = control.type === "checkbox" ? `${control.name}:${control.value}` : control.name;
    if (control.type === "radio") {
      if (seen.has(key)) continue;
      seen.set(key, 1);
      out.push({ key, control });
      continue;
    }
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    if (n > 1) key = `${key}#${n}`;
    out.push({ key, control });
  }
  return out;
}

/** What the form holds now. */
export function snapshotOf(controls: readonly ControlLike[]): FormSnapshot {
  const values: FormSnapshot = {};
  for (const { key, control } of draftControls(controls)) {
    if (control.type === "radio") {
      values[key] = controls.find((c) => c.type === "radio" && c.name === control.name && c.checked)?.value ?? "";
    } else if (control.type === "checkbox") values[key] = control.checked ? "1" : "";
    else if (control.type === "select-multiple") values[key] = (control.selected ?? []).join("\n");
    else values[key] = control.value;
  }
  return values;
}

/** Whether two snapshots hold the same (a key missing from one counts as empty). */
export function sameSnapshot(a: FormSnapshot, b: FormSnapshot): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) if ((a[key] ?? "") !== (b[key] ?? "")) return false;
  return true;
}

/**
 * What to change so the controls hold `values`: for each control, its new value, or for a
 * checkbox or radio whether it must be checked. Controls `values` does not name are left alone.
 */
export function changesFor<T extends ControlLike>(
  controls: readonly T[],
  values: FormSnapshot,
): { control: T; value?: string; checked?: boolean; selected?: string[] }[] {
  const changes: { control: T; value?: string; checked?: boolean; selected?: string[] }[] = [];
  const keyed = draftControls(controls);
  for (const { key, control } of keyed) {
    const wanted = values[key];
    if (wanted === undefined) continue;
    if (control.type === "radio") {
      for (const radio of controls) {
        if (radio.type !== "radio" || radio.name !== control.name) continue;
        if (radio.checked !== (radio.value === wanted))
          changes.push({ control: radio, checked: radio.value === wanted });
      }
    } else if (control.type === "checkbox") {
      if (control.checked !== (wanted === "1")) changes.push({ control, checked: wanted === "1" });
    } else if (control.type === "select-multiple") {
      const selected = wanted ? wanted.split("\n") : [];
      if ((control.selected ?? []).join("\n") !== wanted) changes.push({ control, selected });
    } else if (control.value !== wanted) changes.push({ control, value: wanted });
  }
  return changes;
}

/**
 * The storage key of a form's draft: the admin page's path and the form's identity, its hidden
 * fields (intent=update, id=12; the one-time submit token left out), so each item has its own and
 * a new item's is "new".
 */
export function draftKey(pathname: string, hidden: readonly [string, string][], skip: readonly string[] = []): string {
  const identity = hidden
    .filter(([name]) => !skip.includes(name))
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .sort()
    .join("&");
  return `${PREFIX}${pathname}#${identity || "new"}`;
}

/** Whether a storage key is a draft's. */
export const isDraftKey = (key: string) => key.startsWith(PREFIX);

export function serializeDraft(values: FormSnapshot, now = Date.now()): string {
  return JSON.stringify({ savedAt: new Date(now).toISOString(), values } satisfies Draft);
}

/** A stored draft, or null: missing, malformed, or older than DRAFT_MAX_AGE_MS. */
export function parseDraft(raw: string | null, now = Date.now()): Draft | null {
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<Draft>;
    const at = typeof parsed.savedAt === "string" ? Date.parse(parsed.savedAt) : NaN;
    if (Number.isNaN(at) || now - at > DRAFT_MAX_AGE_MS || typeof parsed.values !== "object" || !parsed.values)
      return null;
    const values: FormSnapshot = {};
    for (const [key, value] of Object.entries(parsed.values)) if (typeof value === "string") values[key] = value;
    return { savedAt: parsed.savedAt!, values };
  } catch {
    return null;
  }
}
