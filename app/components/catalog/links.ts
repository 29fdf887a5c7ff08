import { href } from "react-router";

/** /course/:id for a course of the fixed list. */
export function courseHref(id: number): string {
  return href("/course/:id", { id: String(id) });
}

/**
 * Where a course's Buy Now goes: its purchase page on the learning app, or the course detail
 * page when it has none (spec §2 "Course detail", §8 "Missing course purchase page URL").
 */
export function coursePurchaseHref(course: { id: number; purchase_url: string | null }): string {
  return course.purchase_url || courseHref(course.id);
}

/** External links open in a new tab without handing the opener to the other site. */
export function externalLinkProps(url: string) {
  return /^https?:\/\//i.test(url) ? ({ target: "_blank", rel: "noopener" } as const) : {};
}
