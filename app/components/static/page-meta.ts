import type { MetaDescriptor } from "react-router";
import { settingDefinitions } from "~/lib/settings";

interface MatchLike {
  id: string;
  loaderData?: unknown;
}

/**
 * Title "… | {brand}" and description for a static page. The brand comes from the root loader's
 * site settings (never hard-coded; briefing), with the settings default before they load.
 */
export function staticPageMeta(
  matches: ReadonlyArray<MatchLike | undefined>,
  page: { title: string; description: string },
): MetaDescriptor[] {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { settings?: { brandName?: string } } | undefined;
  const brand = root?.settings?.brandName ?? settingDefinitions.brand_name.fallback;
  return [
    { title: `${page.title} | ${brand}` },
    { name: "description", content: page.description },
    { property: "og:title", content: `${page.title} | ${brand}` },
    { property: "og:description", content: page.description },
  ];
}
