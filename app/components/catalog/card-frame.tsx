import { ContentImage, type ContentImageProps } from "~/components/content/content-image";
import type { PagePicture } from "~/lib/media/page-media.server";

/**
 * How wide a card's picture is shown (the `sizes` attribute): in a page's grid of one column, two
 * from md (CardListPage), or in the home page's carousel of one, two from sm, three from lg; the
 * content column is max-w-6xl less its padding, beside the 16rem sidebar from lg.
 */
export const cardImageSizes = {
  grid: "(min-width: 1408px) 548px, (min-width: 1024px) calc(50vw - 9.75rem), (min-width: 768px) calc(50vw - 1.75rem), calc(100vw - 2rem)",
  carousel:
    "(min-width: 1408px) 363px, (min-width: 1024px) calc(33.3vw - 6.7rem), (min-width: 640px) calc(50vw - 1.5rem), calc(100vw - 2rem)",
} as const;

/** What a card says about its picture: how soon it loads, and how wide it is shown. */
export interface CardImageProps {
  /** "first" for the page's largest paint (its first card), "eager" on the first screen. */
  imagePriority?: ContentImageProps["priority"];
  imageSizes?: string;
}

/** The frame of a catalog card: a 16:9 image on top, the card's content in a column below. */
export function CardFrame({
  image,
  picture,
  imagePriority = "lazy",
  imageSizes = cardImageSizes.grid,
  imageBackground = "bg-brand-100",
  gap = "gap-4",
  children,
}: {
  image: string;
  /** The media library's picture at `image`, when it is one (issue 45). */
  picture?: PagePicture | null;
  /** The colour shown while the image loads. */
  imageBackground?: "bg-brand-100" | "bg-slate-200";
  gap?: "gap-3" | "gap-4";
  children: React.ReactNode;
} & CardImageProps) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <CoverImage
        src={image}
        picture={picture}
        sizes={imageSizes}
        priority={imagePriority}
        className={`aspect-video w-full ${imageBackground} object-cover`}
      />
      <div className={`flex flex-1 flex-col ${gap} p-5`}>{children}</div>
    </article>
  );
}

/** A catalog item's cover (640×360 unless the library's picture says otherwise), decorative: the title next to it names the item. */
export function CoverImage(props: Omit<ContentImageProps, "alt" | "size">) {
  return <ContentImage {...props} alt="" size={{ width: 640, height: 360 }} />;
}

/** A card's action label; screen readers also hear the card's title, as every card has the same label. */
export function CardActionLabel({ label, title }: { label: string; title: string }) {
  return (
    <>
      {label}
      <span className="sr-only">: {title}</span>
    </>
  );
}
