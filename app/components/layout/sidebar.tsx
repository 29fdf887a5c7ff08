import { memo, useCallback, useEffect, useRef, useState } from "react";
import { href, NavLink, useLocation } from "react-router";
import type { PublicSettings } from "~/lib/site/settings";
import { CloseButton } from "./close-button";
import { CloseIcon } from "./icons";
import { menuGroups, type MenuEntry } from "./main-menu";
import { StudentLoginLink } from "./student-login-link";
import { useHydrated } from "./use-hydrated";
import { closeOnBackdropClick, useModalDialog } from "./use-modal-dialog";
import { NATIVE_TAP } from "~/lib/document/native-tap";

const messages = {
  menuLabel: "Main menu",
  closeMenu: "Close menu",
};

export const MOBILE_MENU_ID = "mobile-menu";
export const MENU_BUTTON_ID = "menu-button";

const linkBase = "flex min-h-11 items-center rounded-lg px-3 py-2 text-[15px] font-medium";

function MenuList({ entries }: { entries: readonly MenuEntry[] }) {
  return (
    <ul className="space-y-1">
      {entries.map((entry) => (
        <li key={entry.to}>
          <NavLink
            to={entry.to}
            end={entry.to === href("/")}
            prefetch="intent"
            className={({ isActive }) =>
              `${linkBase} ${isActive ? "bg-brand-50 font-semibold text-brand-800" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900"}`
            }
          >
            {entry.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

const headingClass = "px-3 pb-2 text-xs font-bold tracking-wider text-slate-500";

/**
 * MAIN MENU (spec §2) names the whole navigation; the Exam tools group below it is a sub-heading
 * of the same menu (issue 27).
 *
 * Memoized: the mobile sidebar re-renders synchronously once it hydrates (useHydrated), and the
 * menu's links, unchanged, need not come along in that one long task (issue 28).
 */
const MenuGroups = memo(function MenuGroups({ idPrefix }: { idPrefix: string }) {
  return menuGroups.map((group, index) => (
    <div key={group.id} className={index > 0 ? "mt-5" : undefined}>
      {index === 0 ? (
        <h2 id={`${idPrefix}-menu-heading`} className={headingClass}>
          {group.heading}
        </h2>
      ) : (
        <h3 className={headingClass}>{group.heading}</h3>
      )}
      <MenuList entries={group.entries} />
    </div>
  ));
});

/** The fixed left sidebar on large screens, below the 16-unit top bar (spec §2, §9). */
export function DesktopSidebar() {
  return (
    <nav
      aria-labelledby="desktop-menu-heading"
      className="fixed bottom-0 left-0 top-[64px] z-30 hidden w-64 overflow-y-auto border-r border-slate-200 bg-white px-3 py-5 lg:block"
    >
      <MenuGroups idPrefix="desktop" />
    </nav>
  );
}

/** Open/closed state of the mobile sidebar (spec §4); any navigation closes it. */
export function useMobileMenuState() {
  const { key } = useLocation();
  const [open, setOpen] = useState(false);
  const [locationKey, setLocationKey] = useState(key);
  if (locationKey !== key) {
    setLocationKey(key);
    setOpen(false);
  }
  return [open, setOpen] as const;
}

/**
 * The slide-in sidebar for small screens, a native <dialog>. Without JavaScript the menu button is a
 * link to #mobile-menu and `:target` shows the panel; once hydrated it opens with showModal(), which
 * keeps focus inside and the page behind inert; Escape or the X closes it and focus returns to the
 * menu button.
 */
export function MobileSidebar({
  settings,
  open,
  onOpenChange,
}: {
  settings: PublicSettings;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const hydrated = useHydrated();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  // Opened through #mobile-menu before the script loaded: keep it open under script control.
  useEffect(() => {
    if (window.location.hash === `#${MOBILE_MENU_ID}`) onOpenChange(true);
  }, [onOpenChange]);

  useModalDialog(dialogRef, open, () => closeRef.current?.focus());

  const onClose = useCallback(() => {
    onOpenChange(false);
    // Opened before hydration: drop the fragment so a reload does not reopen it.
    if (window.location.hash === `#${MOBILE_MENU_ID}`) {
      window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
      document.getElementById(MENU_BUTTON_ID)?.focus();
    }
  }, [onOpenChange]);

  const closeClass =
    "-mr-1 inline-flex size-11 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900";

  return (
    // A click on the backdrop lands on the dialog itself (the panel inside fills it). Mouse and touch
    // convenience only: the keyboard closes it with Escape or the X button.
    // oxlint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialogRef}
      id={MOBILE_MENU_ID}
      aria-label={messages.menuLabel}
      onClose={onClose}
      onClick={closeOnBackdropClick}
      className={`fixed inset-y-0 left-0 right-auto m-0 h-dvh max-h-none w-72 max-w-[85%] border-0 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/50 ${
        hydrated
          ? "-translate-x-full transition-[translate,display,overlay] transition-discrete duration-300 open:translate-x-0 starting:open:-translate-x-full"
          : // No backdrop without showModal(): a wide shadow dims the page instead.
            "z-50 target:block target:shadow-[0_0_0_100vmax_rgb(15_23_42/0.5)]"
      }`}
    >
      <div className="flex h-full flex-col">
        <div className="flex h-16 shrink-0 items-center justify-between border-b border-slate-200 px-4">
          <span className="truncate font-bold text-brand-800">{settings.brandName}</span>
          {hydrated ? (
            <CloseButton
              ref={closeRef}
              label={messages.closeMenu}
              onClick={() => dialogRef.current?.close()}
              className={closeClass}
            />
          ) : (
            // Without JavaScript, leaving the #mobile-menu target closes the panel; the menu button
            // sits in the fixed header, so jumping to it does not scroll the page.
            <a href={`#${MENU_BUTTON_ID}`} aria-label={messages.closeMenu} className={closeClass} {...NATIVE_TAP}>
              <CloseIcon />
            </a>
          )}
        </div>
        <nav aria-labelledby="mobile-menu-heading" className="flex-1 overflow-y-auto px-3 py-5">
          <MenuGroups idPrefix="mobile" />
        </nav>
        <div className="border-t border-slate-200 p-4">
          <StudentLoginLink
            settings={settings}
            className="flex h-11 items-center justify-center rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800"
          />
        </div>
      </div>
    </dialog>
  );
}
