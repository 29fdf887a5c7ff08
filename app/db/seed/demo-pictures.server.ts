import { sql } from "kysely";
import type { DB } from "../client.server";
import type { DemoPictureKey } from "./demo-artwork";
import { demoEbooks, demoFreeMaterials, demoHeroBanners, demoWelcomePopup } from "./demo-content.server";
import { fixedTestSeries } from "./fixed-data.server";

// Where the demo's pictures (./demo-artwork.ts) are shown (issue 45): the demo rows that still
// show what the demo gave them before there was a media library. A banner, the popup or a
// catalogue item whose picture is still the demo's SVG gets the library's picture; an e-book or a
// free material gets a cover while it has none and nobody has edited it since it was seeded.
// Whatever staff changed stays: a row that no longer matches is left alone.
//
// The home page's first banner keeps its SVG: small enough to travel inside the document, it is
// the page's largest paint at once (app/lib/document/inline-image.server.ts), which no raster banner with
// words is (a WebP of one is 15–20 KiB).

type Place =
  | { table: "hero_banners" | "welcome_popup"; column: "image_url"; placeholder: string }
  | { table: "test_series" | "courses"; column: "image"; placeholder: string }
  | { table: "ebooks" | "free_materials"; column: "cover_url"; title: string };

const banner = (words: string) => demoHeroBanners.find((b) => b.alt_text.startsWith(words))!.image_url;
// The catalogue's pictures, the same for every GATE cycle: a course sold as a series shares its picture.
const [gateSeries, ioclSeries] = fixedTestSeries(2000);
const catalogue = (placeholder: string): Place[] => [
  { table: "test_series", column: "image", placeholder },
  { table: "courses", column: "image", placeholder },
];
const cover = (table: "ebooks" | "free_materials", items: readonly { title: string }[], title: string): Place[] => {
  if (!items.some((item) => item.title === title)) throw new Error(`no demo item is titled ${title}`);
  return [{ table, column: "cover_url", title }];
};

export const demoPicturePlaces: Record<DemoPictureKey, Place[]> = {
  "banner-iocl": [{ table: "hero_banners", column: "image_url", placeholder: banner("IOCL Test Series") }],
  "banner-free-tests": [{ table: "hero_banners", column: "image_url", placeholder: banner("Free Tests Every Week") }],
  popup: [{ table: "welcome_popup", column: "image_url", placeholder: demoWelcomePopup.image_url }],
  "catalogue-gate": catalogue(gateSeries!.image),
  "catalogue-iocl": catalogue(ioclSeries!.image),
  "ebook-formula-handbook": cover("ebooks", demoEbooks, "GATE CH Formula Handbook"),
  "ebook-mass-transfer": cover("ebooks", demoEbooks, "Mass Transfer Short Notes"),
  "ebook-cre": cover("ebooks", demoEbooks, "Chemical Reaction Engineering Solved Problems"),
  "ebook-iocl-interview": cover("ebooks", demoEbooks, "IOCL Chemical Engineer Interview Guide"),
  "material-topic-analysis": cover("free_materials", demoFreeMaterials, "GATE CH Previous Year Topic-wise Analysis"),
  "material-thermodynamics": cover("free_materials", demoFreeMaterials, "Thermodynamics Revision Sheet"),
  "material-fluid-mechanics": cover("free_materials", demoFreeMaterials, "Fluid Mechanics Important Questions"),
  "material-heat-transfer": cover("free_materials", demoFreeMaterials, "Heat Transfer Formula Sheet"),
  "material-study-plan": cover("free_materials", demoFreeMaterials, "GATE CH 100-Day Study Plan"),
};

/**
 * Points the demo rows still showing their placeholder at `url`, the library's picture `key`;
 * returns how many rows changed. updated_at stays: the row is still as the seed left it.
 */
export async function showDemoPicture(db: DB, key: DemoPictureKey, url: string): Promise<number> {
  let changed = 0;
  for (const place of demoPicturePlaces[key]) {
    const result =
      place.column === "cover_url"
        ? await db
            .updateTable(place.table)
            .set({ cover_url: url })
            .where("title", "=", place.title)
            .where("cover_url", "is", null)
            .where(sql<boolean>`updated_at = created_at`)
            .executeTakeFirst()
        : place.column === "image"
          ? await db
              .updateTable(place.table)
              .set({ image: url })
              .where("image", "=", place.placeholder)
              .executeTakeFirst()
          : await db
              .updateTable(place.table)
              .set({ image_url: url })
              .where("image_url", "=", place.placeholder)
              .executeTakeFirst();
    changed += Number(result.numUpdatedRows);
  }
  return changed;
}
