import { useEffect, useRef } from "react";
import { href, Link } from "react-router";
import { CheckList } from "~/components/catalog/icon-list";
import { CloseButton } from "~/components/layout/close-button";
import { closeOnBackdropClick } from "~/components/layout/use-modal-dialog";
import { ContentImage } from "~/components/content/content-image";
import type { WelcomePopup as WelcomePopupData } from "~/db/queries/welcome-popup.server";
import type { PagePicture } from "~/lib/media/page-media.server";
import { whenIdle } from "~/lib/when-idle";

// Fallbacks for fields an admin left empty (spec §2 "Fallback texts are used for missing fields").
export const welcomePopupMessages = {
  title: "Welcome!",
  subtitle: "Start your GATE preparation journey with us",
  description:
    "Practise with test series built for GATE Chemical Engineering and PSU exams, with detailed solutions and performance analysis.",
  image: "/images/welcome-popup.svg",
  // The bullets and button of the popup as the admin preview shows it (spec §2 Welcome Popup
  // manager). The first bullet is the home page's practice-tests figure ("150+ Practice Tests",
  // ~/lib/site/site-figures.ts), so that the popup and the home page say the same (issue 48).
  bullets: ["Expert Solutions & Analysis", "Performance Tracking"],
  start: "Start Your Journey",
  close: "Close",
} as const;

const messages = welcomePopupMessages;

/**
 * What the popup shows: the page sends no more than this (issue 6, document size); `picture` when
 * its image is the media library's (issue 45).
 */
export type WelcomePopupContent = Pick<WelcomePopupData, "title" | "subtitle" | "description" | "image_url"> & {
  picture?: PagePicture | null;
};

/** The picture's width: the dialog's (max-w-md, or the screen less 2rem). */
const popupImageSizes = "(min-width: 480px) 448px, calc(100vw - 2rem)";

/** Shown once per browser session: the flag lives in sessionStorage. */
export const WELCOME_POPUP_SEEN_KEY = "welcome-popup-seen";

function seenThisSession() {
  try {
    return window.sessionStorage.getItem(WELCOME_POPUP_SEEN_KEY) !== null;
  } catch {
    // Storage unavailable (privacy mode): show it on this load only.
    return false;
  }
}

function rememberSeen() {
  try {
    window.sessionStorage.setItem(WELCOME_POPUP_SEEN_KEY, "1");
  } catch {
    // As above: nothing to remember it in.
  }
}

/**
 * Whether the visitor has begun to use the page: scrolled, or is in a form (typing, or about to),
 * or has a dialog open. The popup then stays away, and may show on a later load (issue 44: it must
 * never land over what the visitor is doing, a half-typed contact form least of all).
 */
function visitorHasBegun() {
  const active = document.activeElement;
  return (
    window.scrollY > 0 ||
    (active !== null && active !== document.body && active.closest("form, dialog") !== null) ||
    document.querySelector("dialog[open]") !== null
  );
}

const text = (value: string | null | undefined, fallback: string) => value?.trim() || fallback;

/** The popup's bullets: the practice-tests figure, then the fixed two. */
export const popupBullets = (practiceTests: string | null): string[] =>
  practiceTests ? [practiceTests, ...messages.bullets] : [...messages.bullets];

/** What the popup shows: each field an admin left empty takes its fallback. */
export function welcomePopupTexts(popup: Pick<WelcomePopupData, "title" | "subtitle" | "description" | "image_url">) {
  return {
    title: text(popup.title, messages.title),
    subtitle: text(popup.subtitle, messages.subtitle),
    description: text(popup.description, messages.description),
    image: text(popup.image_url, messages.image),
  };
}

/**
 * The welcome popup (spec §2): a native <dialog>, rendered closed on the server so it never
 * hides content without JavaScript, opened as a modal once the page is live. X, Escape or a click
 * on the backdrop close it; 'Start Your Journey' goes to /test-series.
 */
export function WelcomePopup({
  popup,
  practiceTests,
}: {
  popup: WelcomePopupContent;
  /** The first bullet: the site's practice-tests figure ("150+ Practice Tests"); none when hidden. */
  practiceTests: string | null;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);

  // Opened at the browser's first idle moment after hydration, which follows the load event (issue
  // 44): a modal restyles the whole page (the rest turns inert), a long task on a phone's CPU that
  // must not land among hydration's tasks. Once per browser session, and only if the visitor has
  // not begun to use the page by then.
  useEffect(
    () =>
      whenIdle(() => {
        const dialog = dialogRef.current;
        if (!dialog || dialog.open || seenThisSession() || visitorHasBegun()) return;
        rememberSeen();
        dialog.showModal();
      }),
    [],
  );

  const close = () => dialogRef.current?.close();
  const shown = welcomePopupTexts(popup);

  return (
    // Backdrop clicks land on the dialog itself (the panel fills it). A mouse and touch convenience:
    // the keyboard has Escape and the X button.
    // oxlint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialogRef}
      aria-labelledby="welcome-popup-title"
      aria-describedby="welcome-popup-description"
      onClick={closeOnBackdropClick}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md overflow-y-auto rounded-2xl border-0 bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/60"
    >
      <div className="relative">
        <ContentImage
          src={shown.image}
          // The library's picture only while it is the image shown (an empty field shows the default).
          picture={shown.image === popup.image_url ? popup.picture : null}
          sizes={popupImageSizes}
          // Decorative: the popup's title and words beside it say what it is about.
          alt=""
          size={{ width: 600, height: 320 }}
          // On a phone a shallower crop: more of the popup's words fit the screen, and the image
          // stays smaller than the first screen's banner, so it never becomes the page's largest
          // paint seconds after load (issue 27, Lighthouse LCP).
          className="aspect-[7/2] w-full bg-brand-100 object-cover sm:aspect-[15/8]"
        />
        <CloseButton
          label={messages.close}
          onClick={close}
          icon={{ width: 20, height: 20 }}
          className="absolute right-2 top-2 inline-flex size-10 items-center justify-center rounded-full bg-white/90 text-slate-800 shadow hover:bg-white"
        />
      </div>
      <div className="space-y-4 p-6">
        <div>
          <h2 id="welcome-popup-title" className="text-2xl font-bold text-slate-900">
            {shown.title}
          </h2>
          <p className="mt-1 font-semibold text-brand-700">{shown.subtitle}</p>
        </div>
        <p id="welcome-popup-description" className="leading-relaxed text-slate-700">
          {shown.description}
        </p>
        <CheckList
          items={popupBullets(practiceTests)}
          className="space-y-2 text-slate-800"
          itemClassName="flex items-center gap-2"
          icon={{ width: 18, height: 18, className: "shrink-0 text-green-700" }}
        />
        <Link
          to={href("/test-series")}
          onClick={close}
          className="flex min-h-12 w-full items-center justify-center rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800"
        >
          {messages.start}
        </Link>
      </div>
    </dialog>
  );
}
