import { href } from "react-router";

/** /course/:id of a paid course. */
export function courseHref(id: number): string {
  return href("/course/:id", { id: String(id) });
}

/** External links open in a new tab without handing the opener to the other site. */
export function externalLinkProps(url: string) {
  return /^https?:\/\//i.test(url) ? ({ target: "_blank", rel: "noopener" } as const) : {};
}
