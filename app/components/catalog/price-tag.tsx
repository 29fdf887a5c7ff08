import { formatDiscount, formatRupees } from "~/lib/format";

const messages = {
  price: "Price",
  originalPrice: "Original price",
};

/** "₹1,499 ~~₹3,010~~ 47% off", with the struck-through price named for screen readers. */
export function PriceTag({
  price,
  originalPrice,
  discountPercent,
  size = "md",
}: {
  price: number;
  originalPrice: number;
  discountPercent: number;
  size?: "md" | "lg";
}) {
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
      {discountPercent > 0 && (
        <span className="rounded-full bg-green-100 px-2.5 py-0.5 text-sm font-semibold text-green-800">
          {formatDiscount(discountPercent)}
        </span>
      )}
    </p>
  );
}
