import { adminSection } from "./sections";

// The catalogue manager's two tables (issue 26), one page: test series at /admin/catalogue,
// courses at ?tab=courses. Each add, edit and delete state is a URL of its tab (?tab=courses&edit=3),
// so the page works as plain links without JavaScript; each form posts which table it writes.

export type CatalogueTab = "test-series" | "courses";

/** The tab a URL shows: courses with ?tab=courses, else the test series. */
export function catalogueTabOf(search: URLSearchParams): CatalogueTab {
  return search.get("tab") === "courses" ? "courses" : "test-series";
}

/** The URL of a tab, with a state of it (new=1, edit=3, delete=3). */
export function catalogueHref(tab: CatalogueTab, state?: { name: "new" | "edit" | "delete"; value: number | string }) {
  const params = new URLSearchParams(tab === "courses" ? { tab } : {});
  if (state) params.set(state.name, String(state.value));
  const query = params.toString();
  return `${adminSection("catalogue").path}${query ? `?${query}` : ""}`;
}
