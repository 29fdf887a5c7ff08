import { Link } from "react-router";
import { buttonStyles } from "./buttons";
import { BuyLink, HowToBuy } from "./buy-link";
import { IconList, type IconListItem } from "./icon-list";
import { PriceTag } from "./price-tag";
import { TermsLink } from "./terms-link";

const messages = { buyNow: "Buy Now" };

/**
 * The sticky price card on the course and test series detail pages: price and Buy Now, or, with no
 * purchase page, Buy on WhatsApp and how to buy (never a link back to the page itself).
 */
export function BuyNowCard({
  title,
  price,
  originalPrice,
  purchaseUrl,
  children,
}: {
  title: string;
  price: number;
  originalPrice: number;
  purchaseUrl: string | null;
  children?: React.ReactNode;
}) {
  return (
    <aside
      aria-label={`${messages.buyNow}: ${title}`}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm lg:sticky lg:top-20"
    >
      <PriceTag price={price} originalPrice={originalPrice} size="lg" />
      {children}
      <BuyLink title={title} purchaseUrl={purchaseUrl} className={`${buttonStyles.buy} mt-5 w-full text-base`} />
      <HowToBuy title={title} purchaseUrl={purchaseUrl} />
      <p className="mt-3 text-center">
        <TermsLink />
      </p>
    </aside>
  );
}

/** A detail page whose course or test series does not exist (spec §8): the spec's words and a way back. */
export function CatalogNotFound({
  message,
  backHref,
  backLabel,
}: {
  message: string;
  backHref: string;
  backLabel: string;
}) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{message}</h1>
      <Link to={backHref} className={`${buttonStyles.primary} mt-6`}>
        {backLabel}
      </Link>
    </div>
  );
}

/** Icon-and-text highlights of a detail page (tests, students, validity...). */
export function HighlightList({ items }: { items: IconListItem[] }) {
  return (
    <IconList
      items={items}
      className="grid gap-3 sm:grid-cols-2"
      itemClassName="flex items-center gap-3 rounded-xl bg-brand-50 px-4 py-3 font-medium text-slate-800"
      icon={{ width: 22, height: 22, className: "shrink-0 text-brand-700" }}
    />
  );
}
