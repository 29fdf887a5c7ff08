import type { PublicFreeMaterial } from "~/db/queries/free-materials.server";
import type { PagePicture } from "~/lib/media/page-media.server";
import { CardText, CardViewButton } from "./card-text";
import { ContentImage } from "./content-image";
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
 * How wide a card's picture is shown: one column, two from sm, three from md, in the content
 * column (max-w-6xl less its padding) beside the 16rem sidebar from lg. E-book covers too.
 */
export const gridImageSizes =
  "(min-width: 1408px) 357px, (min-width: 1024px) calc(33.3vw - 7rem), (min-width: 768px) calc(33.3vw - 1.7rem), (min-width: 640px) calc(50vw - 1.75rem), calc(100vw - 2rem)";

/** A cover address worth an <img>: the library's (resolved), an http(s) URL or a path of this site. */
export const usableCover = (url: string | null | undefined): url is string =>
  Boolean(url && /^(https?:\/\/|\/(?![/\\]))\S+$/i.test(url));

const coverClass = "aspect-video w-full bg-brand-100 object-cover";

/**
 * A grid card's cover (issue 45): the media library's responsively, the first card's as the
 * page's largest paint. Decorative: the card's title says what it is.
 */
export function CardCover({ src, picture, index }: { src: string; picture?: PagePicture | null; index: number }) {
  return (
    <ContentImage
      src={src}
      picture={picture}
      sizes={gridImageSizes}
      alt=""
      size={materialImage}
      priority={index === 0 ? "first" : index < 3 ? "eager" : "lazy"}
      className={coverClass}
    />
  );
}

/**
 * Free materials as cards: cover or placeholder image, title, description and View opening the
 * link in a new tab. 1 column on small screens, 2 from sm, 3 from md (spec §2). A material with a
 * cover (issue 45) shows it, the media library's responsively; one without shows the spec's
 * placeholder. `firstWebp` is the placeholder's WebP copy as the loader hands it to the first
 * card: inside the document when small enough (app/lib/document/inline-image.server.ts), so that the
 * page's largest paint waits on no request; a first cover from the library travels the same way.
 */
export function FreeMaterialGrid({
  materials,
  firstWebp = materialImage.webp,
}: {
  materials: (PublicFreeMaterial & { picture?: PagePicture | null })[];
  firstWebp?: string;
}) {
  if (materials.length === 0) return <EmptyState message={messages.empty} />;
  return (
    <ul className="mt-8 grid grid-cols-1 gap-6 sm:grid-cols-2 md:grid-cols-3" data-testid="free-materials-grid">
      {materials.map((material, index) => (
        <li key={material.id}>
          <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
            {usableCover(material.cover_url) ? (
              <CardCover src={material.cover_url} picture={material.picture} index={index} />
            ) : (
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
                  className={coverClass}
                />
              </picture>
            )}
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
