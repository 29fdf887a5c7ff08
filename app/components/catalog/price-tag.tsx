import { discountPercent } from "~/lib/catalogue/price";
import { formatDiscount, formatRupees } from "~/lib/format";

const messages = {
  price: "Price",
  originalPrice: "Original price",
};

/**
 * "₹1,499 ~~₹3,010~~ 50% off", with the struck-through price named for screen readers. The discount
 * is worked out from the two prices (issue 26), so it cannot disagree with them.
 */
export function PriceTag({
  price,
  originalPrice,
  size = "md",
}: {
  price: number;
  originalPrice: number;
  size?: "md" | "lg";
}) {
  const discount = discountPercent(price, originalPrice);
  return (
    <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
      <span className={`font-bold text-slate-900 ${size === "lg" ? "text-3xl" : "text-2xl"}`}>
        <span className="sr-only">{messages.price} </span>
        {formatRupees(price)}
      </span>
      {originalPrice > price && (
        <s className="text-base text-slate-500">
          <span className="sr-only">{messages.originalPrice} </span>
          {formatRupees(originalPrice)}
        </s>
      )}
      {discount > 0 && (
        <span className="rounded-full bg-green-100 px-2.5 py-0.5 text-sm font-semibold text-green-800">
          {formatDiscount(discount)}
        </span>
      )}
    </p>
  );
}
