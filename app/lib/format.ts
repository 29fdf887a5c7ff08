// Display formats for prices and counts. Indian digit grouping (1,50,000) is what visitors
// read on every price tag in India; the `en-IN` locale gives it on server and browser alike.

const countFormat = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 0 });

/** "₹1,499"; "₹1,50,000" for larger amounts (en-IN grouping). */
export function formatRupees(amount: number): string {
  return `₹${countFormat.format(amount)}`;
}

/** "50,000" for a student or test count. */
export function formatCount(value: number): string {
  return countFormat.format(value);
}

/** "47% off". */
export function formatDiscount(percent: number): string {
  return `${Math.round(percent)}% off`;
}

/** A validity period in months as people say it: "1 year", "2 years", "6 months", "1 month". */
export function formatValidity(months: number): string {
  if (months > 0 && months % 12 === 0) {
    const years = months / 12;
    return years === 1 ? "1 year" : `${years} years`;
  }
  return months === 1 ? "1 month" : `${months} months`;
}
