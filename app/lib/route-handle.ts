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
   * "whole": the document carries the whole stylesheet inline. Public pages carry only the rules
   * their markup can match (app/lib/document/css-subset.server.ts) and link the rest when their scripts
   * start; the admin's screens, which render much on the client, carry it whole.
   */
  stylesheet?: "whole";
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

/** The `handle` of an admin page: its screens render much on the client at once. */
export const wholeStylesheet = { stylesheet: "whole" } as const satisfies RouteHandle;

/** Whether a page whose matched routes have these handles carries the whole stylesheet. */
export function wantsWholeStylesheet(handles: Iterable<unknown>): boolean {
  for (const handle of handles) {
    if ((handle as RouteHandle | undefined)?.stylesheet === "whole") return true;
  }
  return false;
}
