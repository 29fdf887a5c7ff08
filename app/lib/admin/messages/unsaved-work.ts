// The words of issue 48's "No lost work": the warning before leaving a form with unsaved changes,
// the draft a form keeps in the browser, and the form kept on the server when the session had
// ended. Safe to import on the client.

export const unsavedWorkMessages = {
  // Leaving a form with changes (in-app navigation).
  leaveTitle: "Leave without saving?",
  leaveText:
    "You have changes in this form that are not saved. They stay as a draft in this browser and come back when you open the form again.",
  stay: "Stay on this form",
  leave: "Leave",
  discardAndLeave: "Discard changes and leave",
  // The draft in the browser.
  restored: (when: string) => `Restored your unsaved changes from ${when}.`,
  restoredHint: "Save to keep them, or discard the draft to go back to what is saved.",
  discardDraft: "Discard draft",
  draftDiscarded: "Draft discarded",
  // The form kept on the server across a sign-in.
  kept: "Your session ended before this form was sent, so nothing was saved yet. What you typed was kept and is filled in below: check it, then save.",
  filesLeftOut: "Files are not kept: choose them again before saving.",
  keptAtSignIn:
    "Your session ended before your form was sent. What you typed is kept: sign in again and it is back in the form, ready to save.",
} as const;
