import { useRouteLoaderData } from "react-router";
import type { PublicSettings } from "~/lib/settings";

/** What the root route's loader (app/root.tsx) gives every page. */
export interface RootLoaderData {
  settings: PublicSettings;
  /** The configured origin (app/lib/site-origin.server.ts), for absolute URLs. */
  siteUrl: string;
}

/**
 * Settings loaded by the root route, for any component below it: every page renders under the
 * root, whose loader always returns them (were it to fail, the root's error page shows instead).
 */
export function useSiteSettings() {
  const data = useRouteLoaderData<RootLoaderData>("root");
  if (!data) throw new Error("useSiteSettings is for components below the root route");
  return data.settings;
}
