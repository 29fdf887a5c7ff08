import type { SaveState } from "~/lib/exam/client-save-sender";

// What the candidate sees of the saves (issue 47): one word, in a polite live region (<output>), so that a
// screen reader hears "Offline…" and "Saved" without being interrupted at each tap.

/** The saves' state, or "refused" while the answer on screen could not be saved (its message says why). */
type ShownState = SaveState | "refused";

export const saveMessages: Record<ShownState, string> = {
  saved: "Saved",
  saving: "Saving…",
  offline: "Offline — answers will be sent when you reconnect",
  refused: "Not saved — see below",
};

/** Said once on the page, under the status: the promise the status keeps. */
export const savedOnServer = "Your answers are saved on our server as you go.";

const looks: Record<ShownState, string> = {
  saved: "bg-emerald-50 text-emerald-800 border-emerald-200",
  saving: "bg-slate-50 text-slate-800 border-slate-200",
  offline: "bg-amber-50 text-amber-900 border-amber-300",
  refused: "bg-red-50 text-red-800 border-red-300",
};

export function SaveStatus({ state }: { state: ShownState }) {
  return (
    // <output> is a status: a polite live region.
    <output
      data-save-state={state}
      className={`block rounded-md border px-2 py-1 text-xs font-semibold ${looks[state]}`}
    >
      {saveMessages[state]}
    </output>
  );
}
