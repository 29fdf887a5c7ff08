import { useEffect, useRef, useState } from "react";
import { href, Link, useLocation } from "react-router";
import type { PublicSettings } from "~/lib/site/settings";
import { LogoMark, MenuIcon, SearchIcon } from "./icons";
import { SearchField, SearchForm } from "./search-form";
import { MENU_BUTTON_ID, MOBILE_MENU_ID } from "./sidebar";
import { StudentLoginLink } from "./student-login-link";
import { useHydrated } from "./use-hydrated";
import { NATIVE_TAP } from "~/lib/document/native-tap";

const messages = {
  searchPlaceholder: "Type here to search...",
  searchLabel: "Search courses and test series",
  submitSearch: "Submit search",
  searchPage: "Search",
  openMenu: "Open menu",
};

/**
 * The search text is shared across screens (spec §4): on /search the box shows the current q,
 * and it keeps what was typed elsewhere.
 */
function useSharedSearchText() {
  const { pathname, search } = useLocation();
  const urlQuery = pathname === href("/search") ? (new URLSearchParams(search).get("q") ?? "").trim() : null;
  const [value, setValue] = useState(urlQuery ?? "");
  const [syncedQuery, setSyncedQuery] = useState(urlQuery);
  if (syncedQuery !== urlQuery) {
    setSyncedQuery(urlQuery);
    if (urlQuery !== null) setValue(urlQuery);
  }
  return [value, setValue] as const;
}

/** The header's search box, from md up (the search page's link stands in on phones). */
function HeaderSearch() {
  const [value, setValue] = useSharedSearchText();
  const input = useRef<HTMLInputElement>(null);
  // Words typed before the page hydrated are in the box but not in state: adopt them, or the next
  // render would empty the box under the visitor's fingers.
  useEffect(() => {
    const typed = input.current?.value;
    if (typed) setValue(typed);
  }, [setValue]);
  return (
    <SearchForm className="mx-auto hidden w-full min-w-0 max-w-md md:block" formClassName="relative">
      <SearchField
        id="site-search"
        ref={input}
        label={messages.searchLabel}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        placeholder={messages.searchPlaceholder}
        className="h-10 w-full rounded-lg border border-slate-500 bg-slate-50 pl-3 pr-11 text-sm text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:bg-white"
      />
      <button
        type="submit"
        aria-label={messages.submitSearch}
        className="absolute inset-y-0 right-0 inline-flex w-10 items-center justify-center rounded-r-lg text-slate-600 hover:text-brand-700"
      >
        <SearchIcon width={20} height={20} />
      </button>
    </SearchForm>
  );
}

// The bar's controls are sized in px, its words in rem: at 200 % text (Android's text size, Chrome's
// font size) the words grow but the bar keeps its 64 px height and its buttons their 40 px, so the
// logo, the brand, search and Login still fit side by side at 320 px (issue 27).
const iconButton =
  "inline-flex size-[40px] shrink-0 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100";

/** Opens the mobile sidebar: a #mobile-menu link without JavaScript, a disclosure button with it. */
function MenuButton({ open, onOpen }: { open: boolean; onOpen: () => void }) {
  const hydrated = useHydrated();
  const className = `${iconButton} -ml-[4px] lg:hidden`;
  return hydrated ? (
    <button
      id={MENU_BUTTON_ID}
      type="button"
      aria-label={messages.openMenu}
      aria-expanded={open}
      aria-controls={MOBILE_MENU_ID}
      aria-haspopup="dialog"
      onClick={onOpen}
      className={className}
    >
      <MenuIcon />
    </button>
  ) : (
    <a
      id={MENU_BUTTON_ID}
      href={`#${MOBILE_MENU_ID}`}
      aria-label={messages.openMenu}
      className={className}
      {...NATIVE_TAP}
    >
      <MenuIcon />
    </a>
  );
}

/** The fixed top bar, 64 px high (spec §2, §9: 16 units), whatever the text size. */
export function Header({
  settings,
  menuOpen,
  onOpenMenu,
}: {
  settings: PublicSettings;
  menuOpen: boolean;
  onOpenMenu: () => void;
}) {
  return (
    <header className="fixed inset-x-0 top-0 z-40 h-[64px] border-b border-slate-200 bg-white">
      <div className="flex h-full items-center gap-[6px] px-[10px] sm:gap-[12px] sm:px-[16px]">
        <MenuButton open={menuOpen} onOpen={onOpenMenu} />
        {/* The brand wraps to a second line, then clips with an ellipsis; the link's name stays whole. */}
        <Link
          to={href("/")}
          className="flex min-w-0 shrink items-center gap-[6px] rounded-lg font-bold leading-tight text-brand-800 text-[length:min(0.9375rem,18px)] sm:gap-[8px] sm:text-[length:min(1.125rem,22px)] md:shrink-0"
        >
          <LogoMark className="size-[28px] shrink-0 sm:size-[32px]" />
          <span className="line-clamp-2 min-w-0 break-words">{settings.brandName}</span>
        </Link>
        <HeaderSearch />
        <div className="ml-auto flex shrink-0 items-center gap-[4px] sm:gap-[8px] md:ml-0">
          <Link to={href("/search")} aria-label={messages.searchPage} className={`${iconButton} md:hidden`}>
            <SearchIcon />
          </Link>
          <StudentLoginLink
            settings={settings}
            className="inline-flex h-[40px] items-center rounded-lg bg-brand-700 px-[10px] text-[length:min(0.875rem,18px)] font-semibold text-white hover:bg-brand-800 sm:px-[16px]"
          />
        </div>
      </div>
    </header>
  );
}
