/**
 * A button for a feature that is not available yet (spec §2: the Previous Year Papers buttons are
 * inert). It stays focusable and announced, unlike a `disabled` button, and points to the note
 * that explains why nothing happens.
 */
export function ComingSoonButton({
  children,
  context,
  noteId,
}: {
  children: React.ReactNode;
  /** Extra words for screen readers, e.g. "GATE 2024 Computer Science paper". */
  context: string;
  /** id of the visible "coming soon" note. */
  noteId: string;
}) {
  return (
    <button
      type="button"
      aria-disabled="true"
      aria-describedby={noteId}
      className="inline-flex min-h-11 cursor-not-allowed items-center gap-2 rounded-lg border border-slate-300 bg-slate-100 px-3 text-sm font-semibold text-slate-700"
    >
      {children}
      <span className="sr-only"> {context}</span>
    </button>
  );
}

/** The visible note a ComingSoonButton points to, set under the page intro. */
export function ComingSoonNote({ id, children }: { id: string; children: React.ReactNode }) {
  return (
    <div className="mt-6 max-w-3xl">
      <p
        id={id}
        className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" width="20" height="20" className="mt-0.5 shrink-0 fill-current">
          <path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm.75 4v4.25l3 1.8-.75 1.25-3.75-2.25V6h1.5Z" />
        </svg>
        <span>{children}</span>
      </p>
    </div>
  );
}
