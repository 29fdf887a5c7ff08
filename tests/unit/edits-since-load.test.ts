import { describe, expect, it } from "vitest";
import { editsSinceLoad, LOADED_FIELD, loadedField } from "~/lib/forms/edits-since-load";

// Two staff with the same settings form open: a save writes only what its author changed.

const names = ["brand", "email", "toasts", "synonyms"];
const page = { brand: "GATE CH", email: "a@example.com", toasts: true, synonyms: "pyq = papers\nmock = test" };
const loaded = { [LOADED_FIELD]: loadedField(page, names) };
/** The untouched form's post: text as shown, the ticked box "on", a textarea's breaks as CRLF. */
const untouched = {
  ...loaded,
  brand: "GATE CH",
  email: "a@example.com",
  toasts: "on",
  synonyms: "pyq = papers\r\nmock = test",
};

describe("edits since a form was loaded", () => {
  it("finds nothing changed in an untouched form (CRLF and spaces are not changes)", () => {
    expect(editsSinceLoad({ ...untouched, brand: " GATE CH " }, page, names)).toEqual({ changed: [], conflicts: [] });
  });

  it("keeps a change saved meanwhile by someone else in a field this post did not change", () => {
    const stored = { ...page, email: "b@example.com", toasts: false };
    expect(editsSinceLoad({ ...untouched, brand: "GATE CH Classes" }, stored, names)).toEqual({
      changed: ["brand"],
      conflicts: [],
    });
  });

  it("calls a field both changed, differently, a conflict with the value saved meanwhile", () => {
    const stored = { ...page, email: "b@example.com" };
    expect(editsSinceLoad({ ...untouched, email: "c@example.com" }, stored, names)).toEqual({
      changed: ["email"],
      conflicts: [{ name: "email", saved: "b@example.com" }],
    });
    // The same change made twice is no conflict; an unticked box is a change of its own.
    const { toasts: _, ...unticked } = untouched;
    expect(editsSinceLoad({ ...unticked, email: "b@example.com" }, stored, names)).toEqual({
      changed: ["email", "toasts"],
      conflicts: [],
    });
    expect(editsSinceLoad(unticked, { ...page, toasts: false, synonyms: "" }, names).conflicts).toEqual([]);
  });

  it("treats a post without loaded values (or unreadable ones) as changing every field", () => {
    const { [LOADED_FIELD]: _, ...bare } = untouched;
    expect(editsSinceLoad(bare, { ...page, email: "b@example.com" }, names)).toEqual({ changed: names, conflicts: [] });
    expect(editsSinceLoad({ ...untouched, [LOADED_FIELD]: "[1,2]" }, page, names).changed).toEqual(names);
    expect(editsSinceLoad({ ...untouched, [LOADED_FIELD]: "{not json" }, page, names).changed).toEqual(names);
  });
});
