// A product's discount (issue 26): computed from its price and original price wherever it is shown,
// never typed, so no page can show a discount its prices do not give.

/**
 * The discount in whole percent, rounded to the nearest: 0 when there is no higher original price.
 * A product that still costs something never reads "100% off".
 */
export function discountPercent(price: number, originalPrice: number): number {
  if (!(originalPrice > price) || originalPrice <= 0 || price < 0) return 0;
  const percent = Math.round((1 - price / originalPrice) * 100);
  return price > 0 ? Math.min(percent, 99) : percent;
}
