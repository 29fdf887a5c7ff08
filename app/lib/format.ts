// Display formats for prices and counts. Indian digit grouping (1,50,000) is what visitors
// read on every price tag in India.
//
// The grouping is written out rather than asked of Intl (issue 28): a browser's first en-IN
// number format loads its locale data, 60 ms of main thread on this machine's CPU and over half
// a second on a budget phone, in the task that evaluates the module or renders the page. The
// unit tests check it against Intl's en-IN output.

/**
 * "50,000" for a student or test count, "1,50,000" for larger ones: a whole number with Indian
 * digit grouping, as `Intl.NumberFormat("en-IN")` writes it, except that what rounds to zero is
 * "0", never Intl's "-0".
 */
export function formatCount(value: number): string {
  if (!Number.isFinite(value)) return Number.isNaN(value) ? "NaN" : value < 0 ? "-∞" : "∞";
  // Intl rounds halves away from zero; so does Math.round on the magnitude.
  const digits = Math.round(Math.abs(value)).toFixed(0);
  const head = digits.slice(0, -3);
  const grouped = head ? `${head.replace(/\B(?=(\d{2})+$)/g, ",")},${digits.slice(-3)}` : digits;
  return value < 0 && digits !== "0" ? `-${grouped}` : grouped;
}

/** "₹1,499"; "₹1,50,000" for larger amounts (en-IN grouping). */
export function formatRupees(amount: number): string {
  return `₹${formatCount(amount)}`;
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
