import { Link } from "react-router";
import { Carousel } from "~/components/ui/carousel";
import { externalLinkProps } from "~/components/catalog/links";
import { ContentImage } from "~/components/content/content-image";
import { useFirstImageSrc } from "~/components/layout/document-assets";
import type { HeroBanner } from "~/db/queries/hero-banners.server";
import type { PagePicture } from "~/lib/media/page-media.server";

const messages = {
  label: "Featured offers",
  // Banners saved before issue 27 have no words of their own: the link's purpose names them.
  bannerAlt: "Explore our test series on the learning app",
};

/** The banners' width: the content column (max-w-6xl, less its padding), beside the sidebar from lg. */
export const bannerSizes = "(min-width: 1408px) 1120px, (min-width: 1024px) calc(100vw - 18rem), calc(100vw - 2rem)";
const bannerClass = "aspect-[3/1] w-full object-cover";

const linkClass =
  "block overflow-hidden rounded-2xl bg-brand-800 focus-visible:outline-offset-[-4px] focus-visible:outline-white";

/** A banner's link: a page of this site in the same tab, any other address in a new one. */
function BannerLink({ to, children }: { to: string; children: React.ReactNode }) {
  return to.startsWith("/") ? (
    <Link to={to} className={linkClass}>
      {children}
    </Link>
  ) : (
    <a href={to} {...externalLinkProps(to)} className={linkClass}>
      {children}
    </a>
  );
}

/**
 * The hero banner carousel (spec §2 Home), below the first screen's text (issue 27): each banner
 * goes where staff chose (a page of this site or an external URL), else to the learning app, and
 * its words are its alt text, never the only place a message is written.
 * One banner per view at every width: the banners are 3:1 artwork with text, unreadable at a
 * third of the content width, so the §9 slides-per-view figures apply to the card carousels.
 * The first banner is the page's priority image; the rest load lazily. A banner from the media
 * library (`picture`, issue 45) is responsive, in its own size.
 */
export function HeroCarousel({
  banners,
  fallbackHref,
}: {
  banners: (HeroBanner & { picture?: PagePicture | null })[];
  fallbackHref: string;
}) {
  return (
    <Carousel label={messages.label} perView="single" controls="overlay">
      {banners.map(({ id, link_url, image_url, alt_text, picture }, i) => {
        // The banner is its link's only content: its words are never left out, even for a
        // picture the library calls decorative.
        const alt = alt_text ?? picture?.alt_text ?? messages.bannerAlt;
        return (
          <BannerLink key={id} to={link_url ?? fallbackHref}>
            {i === 0 && !picture ? (
              <FirstBanner src={image_url} alt={alt} />
            ) : (
              <ContentImage
                src={image_url}
                picture={picture && { ...picture, is_decorative: false }}
                sizes={bannerSizes}
                alt={alt}
                size={{ width: 1200, height: 400 }}
                priority={i === 0 ? "first" : "lazy"}
                className={bannerClass}
              />
            )}
          </BannerLink>
        );
      })}
    </Carousel>
  );
}

/** The page's priority image, inside the document when it is a small file (useFirstImageSrc). */
function FirstBanner({ src, alt }: { src: string; alt: string }) {
  return (
    <img
      src={useFirstImageSrc(src)}
      data-file={src}
      alt={alt}
      width={1200}
      height={400}
      loading="eager"
      fetchPriority="high"
      className={bannerClass}
    />
  );
}
