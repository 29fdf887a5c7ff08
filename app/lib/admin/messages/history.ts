import { plural } from "./common";

// The words of the activity log, Undo, the trash and the import previews (issue 48). Safe to
// import on the client. The names of the sections (audit entities) are ./activity.ts's.

export const historyMessages = {
  activity: {
    filtersHeading: "Filter the activity",
    section: "Section",
    anySection: "All sections",
    person: "Person",
    anyone: "Everyone",
    apply: "Show",
    clear: "Clear filters",
    changes: "Changes",
    pages: "Activity pages",
    empty: "No changes recorded yet.",
    emptyFiltered: "No changes match these filters.",
    created: "Created",
    deleted: "Deleted",
    restored: "Restored",
    undone: "Undid",
    imported: "Imported",
    reordered: "Reordered",
    updated: "Updated",
    /** "Imported 12 rows into GATE Cutoffs & Scores" */
    importLine: (rows: number, into: string) => `Imported ${plural(rows, "row", "rows")} into ${into}`,
    importCounts: (counts: { added?: number; updated?: number; changed?: number; unchanged?: number }) =>
      [
        counts.added !== undefined ? `${counts.added} added` : null,
        counts.updated !== undefined ? `${counts.updated} updated` : null,
        counts.changed !== undefined ? `${counts.changed} changed` : null,
        counts.unchanged !== undefined ? `${counts.unchanged} unchanged` : null,
      ]
        .filter(Boolean)
        .join(", "),
    undoLine: (change: string, item: string) => `Undid the ${change} of ${item}`,
    undidChange: { create: "creation", update: "change", delete: "deletion" } as Record<string, string>,
    noFieldChanged: "Saved with no field changed.",
    notRecorded: "What changed was not recorded for this entry.",
    empty_value: "(empty)",
    yes: "Yes",
    no: "No",
    showAll: "Show all",
    undo: "Undo",
    undoLabel: (item: string) => `Undo: ${item}`,
  },
  undo: {
    heading: "Undo this change?",
    update: "These fields go back to what they were:",
    create: (item: string) => `${item} goes to the trash, where it can be restored for 30 days.`,
    delete: (item: string) => `${item} comes back from the trash, as it was.`,
    confirm: "Undo",
    undoing: "Undoing...",
    done: (item: string) => `Undone: ${item}`,
    failed: "The change could not be undone. Please try again.",
    refused: {
      missing: "That change is not in the activity log.",
      "not-undoable": "That change cannot be undone here.",
      "later-change": (who: string, when: string) =>
        `This change can no longer be undone: ${who} changed the same item later (${when}). Undo that change first.`,
      "changed-since": "This change can no longer be undone: the item is not as this change left it any more.",
      "not-in-trash": "This deletion can no longer be undone: the item is not in the trash any more.",
      "in-use": "This creation cannot be undone: courses are sold as this test series. Change those courses first.",
    },
  },
  trash: {
    table: "Deleted items",
    item: "Item",
    section: "Section",
    deletedBy: "Deleted by",
    deletedAt: "Deleted",
    purgedOn: "Deleted for good",
    restore: "Restore",
    restoring: "Restoring...",
    restoreLabel: (item: string) => `Restore ${item}`,
    empty: "The trash is empty.",
    loadFailed: "Failed to load the trash",
    restored: (item: string) => `Restored: ${item}`,
    failed: "The item could not be restored. Please try again.",
    missing: "That item is not in the trash any more.",
    clash: (section: string, title: string) =>
      `Cannot restore: another ${section.toLowerCase()} is now called "${title}". Rename that one first, then restore.`,
    parentGone: (parent: string) =>
      `Cannot restore: the ${parent.toLowerCase()} it belongs to was deleted. Restore or add that first.`,
    note: "Deleted items stay here for 30 days, then they are deleted for good. A restored item comes back as it was, with its own address.",
    kinds: (labels: string[]) =>
      `What comes here when deleted: ${labels.join(", ")}. Everything else (questions, tests, files, GATE data) is deleted for good, as its delete confirmation says.`,
  },
  importPreview: {
    preview: "Check the file",
    checking: "Checking...",
    heading: "What the import will do",
    summary: (counts: { added: number; changed: number; removed: number; unchanged: number }) =>
      `${counts.added} to add, ${counts.changed} to change, ${counts.removed} to remove, ${counts.unchanged} unchanged.`,
    added: "Added",
    changed: "Changed",
    removed: "Removed",
    more: (count: number) => `and ${count} more`,
    nothing: "Nothing to change: every row of the file is already as it says.",
    confirm: "Import",
    importing: "Importing...",
    stale: "The saved figures changed since this preview. Check the new preview, then import.",
    rule: "Checking the file shows what the import will add, change and remove; nothing changes until you press Import.",
    row: (row: number) => `Row ${row}`,
  },
};
