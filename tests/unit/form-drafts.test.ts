import { describe, expect, it } from "vitest";
import {
  changesFor,
  draftKey,
  DRAFT_MAX_AGE_MS,
  parseDraft,
  sameSnapshot,
  serializeDraft,
  snapshotOf,
  type ControlLike,
} from "~/lib/admin/form-drafts";

// Issue 48 "No lost work": an admin form's draft in the browser — what it holds (never
// passwords, files or hidden fields), its key per page and item, and bringing it back.

const text = (name: string, value: string, type = "text"): ControlLike => ({ name, type, value, checked: false });
const box = (name: string, checked: boolean, value = "on"): ControlLike => ({ name, type: "checkbox", value, checked });
const radio = (name: string, value: string, checked: boolean): ControlLike => ({ name, type: "radio", value, checked });

describe("a draft's contents", () => {
  it("holds the typed fields, checkboxes and radio groups; never hidden fields, passwords, files or buttons", () => {
    const controls = [
      text("intent", "update", "hidden"),
      text("title", "Mass Transfer"),
      text("notes", "line one\nline two", "textarea"),
      text("status", "contacted", "select-one"),
      box("is_active", true),
      radio("level", "easy", false),
      radio("level", "hard", true),
      text("password", "secret", "password"),
      text("cover_file", "C:\\fakepath\\a.png", "file"),
      text("intent", "save", "submit"),
    ];
    expect(snapshotOf(controls)).toEqual({
      title: "Mass Transfer",
      notes: "line one\nline two",
      status: "contacted",
      "is_active:on": "1",
      level: "hard",
    });
  });

  it("tells a repeated name's fields apart", () => {
    expect(snapshotOf([text("option", "A"), text("option", "B")])).toEqual({ option: "A", "option#2": "B" });
  });

  it("compares as the form reads: a field missing from one side is empty", () => {
    expect(sameSnapshot({ title: "A", note: "" }, { title: "A" })).toBe(true);
    expect(sameSnapshot({ title: "A" }, { title: "B" })).toBe(false);
  });
});

describe("bringing a draft back", () => {
  it("changes only what differs: text, a checkbox, the radio to check and the one to uncheck", () => {
    const controls = [
      text("title", "Saved"),
      text("note", "same"),
      box("is_active", true),
      radio("r", "a", true),
      radio("r", "b", false),
    ];
    const changes = changesFor(controls, { title: "Typed", note: "same", "is_active:on": "", r: "b" });
    expect(changes.map((c) => [c.control.name, c.control.value, c.value ?? c.checked])).toEqual([
      ["title", "Saved", "Typed"],
      ["is_active", "on", false],
      ["r", "a", false],
      ["r", "b", true],
    ]);
  });

  it("leaves alone the fields the draft does not name", () => {
    expect(changesFor([text("title", "Saved")], {})).toEqual([]);
  });
});

describe("a draft's key and storage", () => {
  it("is per admin page and item, the one-time token left out; a new item's is 'new'", () => {
    const edit = draftKey(
      "/admin/ebooks",
      [
        ["intent", "update"],
        ["id", "12"],
        ["submit_token", "t1"],
      ],
      ["submit_token"],
    );
    expect(edit).toBe(
      draftKey(
        "/admin/ebooks",
        [
          ["id", "12"],
          ["intent", "update"],
          ["submit_token", "t2"],
        ],
        ["submit_token"],
      ),
    );
    expect(edit).not.toBe(
      draftKey("/admin/ebooks", [
        ["intent", "update"],
        ["id", "13"],
      ]),
    );
    expect(edit).not.toBe(
      draftKey("/admin/free-materials", [
        ["intent", "update"],
        ["id", "12"],
      ]),
    );
    expect(draftKey("/admin/questions", [["submit_token", "t"]], ["submit_token"])).toMatch(/\/admin\/questions#new$/);
  });

  it("reads back what was written, with its time; a week-old or malformed draft is none", () => {
    const now = Date.parse("2030-05-01T10:00:00Z");
    const raw = serializeDraft({ title: "Typed" }, now);
    expect(parseDraft(raw, now + 60_000)).toEqual({ savedAt: "2030-05-01T10:00:00.000Z", values: { title: "Typed" } });
    expect(parseDraft(raw, now + DRAFT_MAX_AGE_MS + 1)).toBeNull();
    expect(parseDraft("{not json", now)).toBeNull();
    expect(parseDraft(JSON.stringify({ savedAt: "x", values: {} }), now)).toBeNull();
    expect(parseDraft(null, now)).toBeNull();
  });
});
