import { Link } from "react-router";
import { buttonStyles } from "~/components/catalog/buttons";
import { ArrowLeftIcon, ArrowRightIcon } from "~/components/catalog/icons";
import { pageHref, type ListPage } from "~/core/pagination";

export const messages = {
  previous: "Previous",
  next: "Next",
  previousLabel: "Previous page",
  nextLabel: "Next page",
  page: (page: number) => `Page ${page}`,
};

/**
 * Previous and Next as real links to ?page=N (app/core/pagination.ts), so a long list pages
 * without JavaScript; with it they are client navigations. Nothing is shown for a single page.
 */
export function Pagination({
  label,
  page,
  hasNext,
  href,
}: {
  /** Names this navigation among the page's others, e.g. "E-book pages". */
  label: string;
  page: number;
  hasNext: boolean;
  href: (page: number) => string;
}) {
  if (page <= 1 && !hasNext) return null;
  return (
    <nav aria-label={label} className="mt-8 flex items-center justify-between gap-4">
      {page > 1 ? (
        <Link to={href(page - 1)} aria-label={messages.previousLabel} className={buttonStyles.secondary}>
          <ArrowLeftIcon width={18} height={18} /> {messages.previous}
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-slate-600">{messages.page(page)}</p>
      {hasNext ? (
        <Link to={href(page + 1)} aria-label={messages.nextLabel} className={buttonStyles.secondary}>
          {messages.next} <ArrowRightIcon width={18} height={18} />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** The pager under one page of a list at `pathname` (no other query parameters). */
export function ListPagination({
  label,
  list,
  pathname,
}: {
  label: string;
  list: ListPage<unknown>;
  pathname: string;
}) {
  return (
    <Pagination label={label} page={list.page} hasNext={list.hasNext} href={(page) => pageHref(pathname, {}, page)} />
  );
}
