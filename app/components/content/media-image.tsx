import { mediaUrl, variantUrl, variantWidths, type MediaAddress } from "~/lib/media/media-url";

// A picture of the media library on a page (issue 45): AVIF and WebP variants at the widths the
// picture has (made on first request, /media/<hash>/v/<width>.<format>), chosen by the browser
// from `sizes`, and the stored file as the fallback. Width and height are the picture's own, so
// the page keeps its place for it before it loads (no layout shift). A decorative picture has an
// empty alt, so that screen readers pass over it.
//
// A page that holds a picture's address in a field (a banner's image_url) resolves its addresses
// with resolveMediaUrls (~/lib/media/library.server.ts) in its loader, and renders <MediaImage>
// for those that are the library's files, a plain <img> for the others.

/** What a picture needs to be shown: a media_files row has all of it. */
export interface MediaPicture extends MediaAddress {
  width: number | null;
  height: number | null;
  alt_text: string | null;
  is_decorative: boolean;
}

export function MediaImage({
  file,
  sizes,
  alt,
  loading = "lazy",
  fetchPriority,
  className,
}: {
  file: MediaPicture;
  /** How wide the picture is shown, as the `sizes` attribute says it, e.g. "(min-width: 1024px) 50vw, 100vw". */
  sizes: string;
  /** Words for this place instead of the file's alt text (a banner's own). Ignored for a decorative picture. */
  alt?: string;
  /** "eager" (with fetchPriority "high") for the picture that is the page's largest paint. */
  loading?: "lazy" | "eager";
  fetchPriority?: "high" | "low" | "auto";
  className?: string;
}) {
  const widths = file.width ? variantWidths(file.width) : [];
  const srcSet = (format: "avif" | "webp") => widths.map((w) => `${variantUrl(file.hash, w, format)} ${w}w`).join(", ");
  return (
    <picture>
      {widths.length ? <source type="image/avif" srcSet={srcSet("avif")} sizes={sizes} /> : null}
      {widths.length ? <source type="image/webp" srcSet={srcSet("webp")} sizes={sizes} /> : null}
      <img
        src={mediaUrl(file)}
        width={file.width ?? undefined}
        height={file.height ?? undefined}
        alt={file.is_decorative ? "" : (alt ?? file.alt_text ?? "")}
        loading={loading}
        decoding="async"
        fetchPriority={fetchPriority}
        className={className}
      />
    </picture>
  );
}
