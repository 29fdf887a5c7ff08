import type { PublicEbook } from "~/db/queries/ebooks.server";
import type { PagePicture } from "~/lib/media/page-media.server";
import { CardText, CardViewButton } from "./card-text";
import { EmptyState } from "./empty-state";
import { CardCover, usableCover } from "./free-material-grid";
import { BookIcon } from "./icons";

// Empty texts are the spec's, verbatim (spec §2 "E-Books").
export const messages = {
  emptyTitle: "No E-Books Available",
  emptyMessage: "E-books will be available soon. Stay tuned!",
  loading: "Loading e-books…",
};

const grid = "mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3";

/**
 * Active e-books as cards: title, optional description and View to the PDF (spec §2). An e-book
 * with a cover (issue 45) shows it on top, the first one as the page's largest paint; one without
 * shows the book icon.
 */
export function EbookGrid({ ebooks }: { ebooks: (PublicEbook & { picture?: PagePicture | null })[] }) {
  if (ebooks.length === 0) {
    return (
      <EmptyState
        title={messages.emptyTitle}
        message={messages.emptyMessage}
        icon={<BookIcon width={40} height={40} />}
      />
    );
  }
  return (
    <ul className={grid}>
      {ebooks.map((ebook, index) => (
        <li key={ebook.id}>
          {usableCover(ebook.cover_url) ? (
            <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
              <CardCover src={ebook.cover_url} picture={ebook.picture} index={index} />
              <div className="flex flex-1 flex-col gap-3 p-5">
                <CardText title={ebook.title} description={ebook.description} />
                <CardViewButton link={ebook.pdf_link} title={ebook.title} />
              </div>
            </article>
          ) : (
            <article className="flex h-full flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
              <div className="flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <BookIcon />
              </div>
              <CardText title={ebook.title} description={ebook.description} />
              <CardViewButton link={ebook.pdf_link} title={ebook.title} />
            </article>
          )}
        </li>
      ))}
    </ul>
  );
}

/** Placeholder cards in the grid's shape while the list loads (spec §2: "It shows a loading state"). */
export function EbookGridSkeleton() {
  return (
    <div aria-busy="true" data-testid="ebooks-loading">
      <output className="sr-only">{messages.loading}</output>
      <ul className={grid} aria-hidden="true">
        {[0, 1, 2, 3, 4, 5].map((key) => (
          <li key={key} className="flex h-56 flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            <div className="size-12 animate-pulse rounded-xl bg-slate-200" />
            <div className="h-5 w-3/4 animate-pulse rounded bg-slate-200" />
            <div className="h-4 w-full animate-pulse rounded bg-slate-100" />
            <div className="h-4 w-5/6 animate-pulse rounded bg-slate-100" />
            <div className="mt-auto h-11 w-full animate-pulse rounded-lg bg-slate-200" />
          </li>
        ))}
      </ul>
    </div>
  );
}
