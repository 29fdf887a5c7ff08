import { useRouteLoaderData } from "react-router";
import type { PublicSettings } from "~/lib/site/settings";

/** What the root route's loader (app/root.tsx) gives every page. */
export interface RootLoaderData {
  settings: PublicSettings;
  /** The configured origin (app/lib/site-origin.server.ts), for absolute URLs. */
  siteUrl: string;
  /**
   * This year in India, for the footer: worked out on the server, so the browser needs no date
   * code for it (issue 28, first-load JS).
   */
  year: string;
}

/**
 * Settings loaded by the root route, for any component below it: every page renders under the
 * root, whose loader always returns them (were it to fail, the root's error page shows instead).
 */
export function useSiteSettings() {
  return useRootData().settings;
}

/** All the root route's loader data (see useSiteSettings). */
export function useRootData(): RootLoaderData {
  const data = useRouteLoaderData<RootLoaderData>("root");
  if (!data) throw new Error("the root's loader data is for components below the root route");
  return data;
}
