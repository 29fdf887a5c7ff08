import { useState } from "react";
import { href, Link, useLocation } from "react-router";
import type { PublicSettings } from "~/lib/settings";
import { LogoMark, MenuIcon, SearchIcon } from "./icons";
import { SearchField, SearchForm } from "./search-form";
import { MENU_BUTTON_ID, MOBILE_MENU_ID } from "./sidebar";
import { StudentLoginLink } from "./student-login-link";
import { useHydrated } from "./use-hydrated";

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
  return (
    <SearchForm className="mx-auto hidden w-full min-w-0 max-w-md md:block" formClassName="relative">
      <SearchField
        id="site-search"
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

const iconButton =
  "inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100";

/** Opens the mobile sidebar: a #mobile-menu link without JavaScript, a disclosure button with it. */
function MenuButton({ open, onOpen }: { open: boolean; onOpen: () => void }) {
  const hydrated = useHydrated();
  const className = `${iconButton} -ml-1 lg:hidden`;
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
    <a id={MENU_BUTTON_ID} href={`#${MOBILE_MENU_ID}`} aria-label={messages.openMenu} className={className}>
      <MenuIcon />
    </a>
  );
}

/** The fixed top bar, 16 units high (spec §2, §9). */
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
    <header className="fixed inset-x-0 top-0 z-40 h-16 border-b border-slate-200 bg-white">
      <div className="flex h-full items-center gap-1.5 px-3 sm:gap-3 sm:px-4">
        <MenuButton open={menuOpen} onOpen={onOpenMenu} />
        <Link
          to={href("/")}
          className="flex min-w-0 shrink items-center gap-1.5 rounded-lg md:shrink-0 text-[15px] font-bold text-brand-800 sm:gap-2 sm:text-lg"
        >
          <LogoMark className="size-7 shrink-0 sm:size-8" />
          <span className="truncate">{settings.brandName}</span>
        </Link>
        <HeaderSearch />
        <div className="ml-auto flex shrink-0 items-center gap-1 sm:gap-2 md:ml-0">
          <Link to={href("/search")} aria-label={messages.searchPage} className={`${iconButton} md:hidden`}>
            <SearchIcon />
          </Link>
          <StudentLoginLink
            settings={settings}
            className="inline-flex h-10 items-center rounded-lg bg-brand-700 px-3 text-sm font-semibold text-white hover:bg-brand-800 sm:px-4"
          />
        </div>
      </div>
    </header>
  );
}
