import type { PublicFreeMaterial } from "~/db/queries/free-materials.server";
import { CardText, CardViewButton } from "./card-text";
import { EmptyState } from "./empty-state";

// The empty text is the spec's, verbatim (spec §2 "Free Materials").
export const messages = {
  empty: "No free materials available at the moment.",
};

/**
 * The placeholder image every material card shows (spec §2), shipped in public/, with a WebP copy
 * of less than half its bytes for the browsers that take it (all current ones).
 */
export const materialImage = { src: "/default.jpg", webp: "/default.webp", width: 640, height: 360 } as const;

/**
 * Free materials as cards: placeholder image, title, description and View opening the link in a
 * new tab. 1 column on small screens, 2 from sm, 3 from md (spec §2). `firstWebp` is the WebP
 * copy as the loader hands it to the first card: inside the document when small enough
 * (app/lib/inline-image.server.ts), so that the page's largest paint waits on no request.
 */
export function FreeMaterialGrid({
  materials,
  firstWebp = materialImage.webp,
}: {
  materials: PublicFreeMaterial[];
  firstWebp?: string;
}) {
  if (materials.length === 0) return <EmptyState message={messages.empty} />;
  return (
    <ul className="mt-8 grid grid-cols-1 gap-6 sm:grid-cols-2 md:grid-cols-3" data-testid="free-materials-grid">
      {materials.map((material, index) => (
        <li key={material.id}>
          <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
            <picture>
              <source srcSet={index === 0 ? firstWebp : materialImage.webp} type="image/webp" />
              <img
                src={materialImage.src}
                alt=""
                width={materialImage.width}
                height={materialImage.height}
                // The first row is on screen at once; the rest wait until scrolled to.
                loading={index < 3 ? "eager" : "lazy"}
                decoding="async"
                className="aspect-video w-full bg-brand-100 object-cover"
              />
            </picture>
            <div className="flex flex-1 flex-col gap-3 p-5">
              <CardText title={material.title} description={material.description} />
              <CardViewButton link={material.material_link} title={material.title} />
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}
