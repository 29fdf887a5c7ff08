import { useEffect, useId, useRef } from "react";
import { CheckIcon } from "~/components/catalog/icons";
import { popupBullets, welcomePopupMessages } from "~/components/home/welcome-popup";
import { CloseIcon } from "~/components/layout/icons";
import { welcomePopupManagerMessages } from "~/lib/admin/messages/welcome-popup";
import { previewableImage } from "./image-url-field";

// The Welcome Popup manager's preview (spec §2): a mock-up of the popup as visitors will see
// it, with the manager's fallbacks for empty fields ('Welcome Title', 'Subtitle', 'Description
// text will appear here...') and the default image shipped with the site. Its first bullet is the
// site's practice-tests figure, as visitors see it (issue 48, ~/lib/site/site-figures.ts).

const m = welcomePopupManagerMessages;

export interface PopupDraft {
  title: string;
  subtitle: string;
  description: string;
  image_url: string;
}

export function PopupMockup({
  draft,
  headingId,
  practiceTests,
}: {
  draft: PopupDraft;
  headingId: string;
  /** The first bullet ("150+ Practice Tests"), or null when the figure is hidden. */
  practiceTests: string | null;
}) {
  const image = previewableImage(draft.image_url) ?? welcomePopupMessages.image;
  return (
    <div className="overflow-hidden rounded-2xl bg-white text-slate-900">
      <img src={image} alt="" width={600} height={320} className="aspect-[15/8] w-full bg-brand-100 object-cover" />
      <div className="space-y-4 p-6">
        <div>
          <h3 id={headingId} className="text-2xl font-bold text-slate-900">
            {draft.title.trim() || m.previewTitle}
          </h3>
          <p className="mt-1 font-semibold text-brand-700">{draft.subtitle.trim() || m.previewSubtitle}</p>
        </div>
        <p className="leading-relaxed text-slate-700">{draft.description.trim() || m.previewDescription}</p>
        <ul className="space-y-2 text-slate-800">
          {popupBullets(practiceTests).map((bullet) => (
            <li key={bullet} className="flex items-center gap-2">
              <CheckIcon width={18} height={18} className="shrink-0 text-green-700" />
              {bullet}
            </li>
          ))}
        </ul>
        {/* A picture of the button: the preview goes nowhere. */}
        <p className="flex min-h-12 w-full items-center justify-center rounded-lg bg-brand-700 px-4 font-semibold text-white">
          {m.start}
        </p>
      </div>
    </div>
  );
}

/** The mock-up in a modal dialog; Close, Escape or a click outside close it. */
export function PopupPreviewDialog({
  draft,
  onClose,
  practiceTests,
}: {
  draft: PopupDraft | null;
  onClose: () => void;
  practiceTests: string | null;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (draft && !dialog.open) dialog.showModal();
    else if (!draft && dialog.open) dialog.close();
  }, [draft]);

  return (
    // A backdrop click lands on the dialog itself; the keyboard has Escape and Close.
    // oxlint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      aria-labelledby={headingId}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) ref.current?.close();
      }}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md overflow-y-auto rounded-2xl border-0 bg-white p-0 shadow-2xl backdrop:bg-slate-900/60"
    >
      {draft ? (
        <div className="relative">
          <PopupMockup draft={draft} headingId={headingId} practiceTests={practiceTests} />
          <button
            type="button"
            onClick={() => ref.current?.close()}
            aria-label={m.close}
            className="absolute top-2 right-2 inline-flex size-10 items-center justify-center rounded-full bg-white/90 text-slate-800 shadow hover:bg-white"
          >
            <CloseIcon width={20} height={20} />
          </button>
        </div>
      ) : null}
    </dialog>
  );
}
