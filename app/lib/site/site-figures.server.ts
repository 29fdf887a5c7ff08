import type { DB } from "~/db/client.server";
import { countPublishedContent } from "~/db/queries/site-figures.server";
import { readSiteSettings } from "~/db/queries/site-settings.server";
import { readFigureSettings, siteFigures, type SiteFigure } from "./site-figures";

// The figures visitors see (./site-figures.ts): staff's settings, and the site's own counts when
// the practice-tests figure is counted rather than typed (read only then).

export async function loadSiteFigures(db: DB): Promise<SiteFigure[]> {
  const settings = readFigureSettings(await readSiteSettings(db));
  const counts = settings.practiceTestsFrom === "typed" ? null : await countPublishedContent(db);
  return siteFigures(settings, counts);
}
