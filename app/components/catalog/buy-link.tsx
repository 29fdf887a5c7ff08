import { useSiteSettings } from "~/components/layout/use-site-settings";
import { CartIcon, WhatsAppIcon } from "~/components/layout/icons";
import { whatsappHref } from "~/lib/site/settings";
import { CardActionLabel } from "./card-frame";
import { externalLinkProps } from "./links";

// Buy Now (issue 26): to the product's purchase page when it has one; without one, never back to
// the page it is on, but to WhatsApp with the product named, where staff take the order.

const messages = {
  buyNow: "Buy Now",
  whatsapp: "Buy on WhatsApp",
  whatsappText: (title: string) => `Hello, I would like to buy ${title}. How can I pay?`,
  howToBuy: (title: string) =>
    `Online checkout for ${title} is not open yet: message us on WhatsApp and we will help you buy it.`,
};

/**
 * The buy link of a product: Buy Now to its purchase URL, or Buy on WhatsApp. On a card (`card`)
 * screen readers also hear the product's title, as every card has the same label.
 */
export function BuyLink({
  title,
  purchaseUrl,
  className,
  card = false,
}: {
  title: string;
  purchaseUrl: string | null;
  className: string;
  card?: boolean;
}) {
  const settings = useSiteSettings();
  const href = purchaseUrl || whatsappHref(settings, messages.whatsappText(title));
  const label = purchaseUrl ? messages.buyNow : messages.whatsapp;
  const Icon = purchaseUrl ? CartIcon : WhatsAppIcon;
  return (
    <a href={href} {...externalLinkProps(href)} className={className}>
      {card ? null : <Icon width={20} height={20} />}
      {card ? <CardActionLabel label={label} title={title} /> : label}
    </a>
  );
}

/** Under the detail page's buy link when there is no purchase page: how to buy instead. */
export function HowToBuy({ title, purchaseUrl }: { title: string; purchaseUrl: string | null }) {
  return purchaseUrl ? null : <p className="mt-3 text-sm text-slate-700">{messages.howToBuy(title)}</p>;
}
