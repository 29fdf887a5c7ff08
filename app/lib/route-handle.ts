// What a route says about its page through React Router's `handle` export, read by the root
// (issue 28). React Router's documented way for a page to ship no JavaScript: the root leaves out
// its scripts when a matched route asks it to.

export interface RouteHandle {
  /**
   * False on a page whose content needs no script: FAQs are native <details>, the menu opens
   * through #mobile-menu and :target, the search box is a GET form. Such a page ships no
   * JavaScript at all; its links navigate as documents, which the page cache serves.
   */
  scripts?: boolean;
  /**
   * When a page's scripts start: at the visitor's first input after the load event (a touch, a
   * key, a wheel, a scroll, focus or the mouse moving over the page; decision 014), unless a matched route
   * says "load": after the load event (decision 007). Until then the page is its working HTML.
   * The admin's routes say "load", so that a public page's scripts carry no byte for it.
   */
  scriptsStart?: "load";
}

/** The `handle` of a page that ships no JavaScript. */
export const noScripts = { scripts: false } as const satisfies RouteHandle;

/** Whether a page whose matched routes have these handles ships its scripts. */
export function pageShipsScripts(handles: Iterable<unknown>): boolean {
  for (const handle of handles) {
    if ((handle as RouteHandle | undefined)?.scripts === false) return false;
  }
  return true;
}

/** The `handle` of an admin page: staff fill in its forms at once, on desktops. */
export const scriptsOnLoad = { scriptsStart: "load" } as const satisfies RouteHandle;

/** Whether a page whose matched routes have these handles starts its scripts on the first input. */
export function scriptsWaitForInput(handles: Iterable<unknown>): boolean {
  for (const handle of handles) {
    if ((handle as RouteHandle | undefined)?.scriptsStart === "load") return false;
  }
  return true;
}
