import { useFirstImageSrc } from "~/components/layout/document-assets";
import { mediaUrl } from "~/lib/media/media-url";
import type { PagePicture } from "~/lib/media/page-media.server";
import { MediaImage } from "./media-image";

// A picture whose address staff entered (a banner, a cover, a catalogue picture: issue 45). When
// the address is the media library's, the loader has resolved it (loadPagePictures) and it renders
// responsively, with its own width and height; any other address (an http(s) URL, a file of the
// site's own) renders as a plain <img> of the size the place was made for.

export interface ContentImageProps {
  src: string;
  /** The library's picture at `src`, when it is one. */
  picture: PagePicture | null | undefined;
  /** How wide the picture is shown (the `sizes` attribute). */
  sizes: string;
  alt: string;
  /** A plain image's width and height: the place's own shape. */
  size: { width: number; height: number };
  className?: string;
  /**
   * "first": the page's largest paint, loaded at once with high priority, and inside the document
   * when its loader found it small. "eager": on the first screen. "lazy": the rest.
   */
  priority?: "first" | "eager" | "lazy";
}

export function ContentImage({ src, picture, sizes, alt, size, className, priority = "lazy" }: ContentImageProps) {
  const loading = priority === "lazy" ? "lazy" : "eager";
  const fetchPriority = priority === "first" ? "high" : undefined;
  if (picture && priority === "first")
    return <FirstMediaImage picture={picture} sizes={sizes} alt={alt} className={className} />;
  if (picture)
    return (
      <MediaImage
        file={picture}
        sizes={sizes}
        alt={alt}
        loading={loading}
        fetchPriority={fetchPriority}
        className={className}
      />
    );
  return (
    <img
      src={src}
      alt={alt}
      width={size.width}
      height={size.height}
      loading={loading}
      decoding="async"
      fetchPriority={fetchPriority}
      className={className}
    />
  );
}

/**
 * The page's priority picture: inside the document as its loader prepared it (small files only),
 * read back from the page in the browser (useFirstImageSrc), else the responsive picture.
 */
function FirstMediaImage({
  picture,
  sizes,
  alt,
  className,
}: Pick<ContentImageProps, "sizes" | "alt" | "className"> & { picture: PagePicture }) {
  const file = mediaUrl(picture);
  const src = useFirstImageSrc(file);
  if (!src.startsWith("data:"))
    return (
      <MediaImage file={picture} sizes={sizes} alt={alt} loading="eager" fetchPriority="high" className={className} />
    );
  return (
    <img
      src={src}
      data-file={file}
      alt={picture.is_decorative ? "" : alt}
      width={picture.width ?? undefined}
      height={picture.height ?? undefined}
      loading="eager"
      fetchPriority="high"
      className={className}
    />
  );
}
