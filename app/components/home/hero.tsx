import { Carousel } from "~/components/ui/carousel";
import { externalLinkProps } from "~/components/catalog/links";
import type { HeroBanner } from "~/db/queries/hero-banners.server";

const messages = {
  label: "Featured offers",
  // Banners are staff-uploaded images without a text field: the link's purpose names them.
  bannerAlt: "Explore our test series on the learning app",
};

/**
 * The hero banner carousel (spec §2 Home): each banner links to the external learning app.
 * One banner per view at every width: the banners are 3:1 artwork with text, unreadable at a
 * third of the content width, so the §9 slides-per-view figures apply to the card carousels.
 * The first banner is the page's priority image; the rest load lazily.
 */
export function HeroCarousel({ banners, href }: { banners: HeroBanner[]; href: string }) {
  return (
    <Carousel label={messages.label} perView="single" controls="overlay">
      {banners.map((banner, i) => (
        <a
          key={banner.id}
          href={href}
          {...externalLinkProps(href)}
          className="block overflow-hidden rounded-2xl bg-brand-800 focus-visible:outline-offset-[-4px] focus-visible:outline-white"
        >
          <img
            src={banner.image_url}
            alt={messages.bannerAlt}
            width={1200}
            height={400}
            loading={i === 0 ? "eager" : "lazy"}
            fetchPriority={i === 0 ? "high" : undefined}
            decoding={i === 0 ? undefined : "async"}
            className="aspect-[3/1] w-full object-cover"
          />
        </a>
      ))}
    </Carousel>
  );
}
