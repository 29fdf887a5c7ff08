import { BuyNowCard, HighlightList } from "./buy-now-card";
import { CoverImage } from "./card-frame";
import { CheckList, type IconListItem } from "./icon-list";
import type { PagePicture } from "~/lib/media/page-media.server";

/** The picture's width: the page's main column beside the 20rem Buy Now card from lg (and the sidebar). */
const detailImageSizes = "(min-width: 1408px) 768px, (min-width: 1024px) calc(100vw - 40rem), calc(100vw - 2rem)";

/** A section of a detail page, named by its h2 (`id` is the heading's). */
function DetailSection({ id, heading, children }: { id: string; heading: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-xl font-bold text-slate-900">
        {heading}
      </h2>
      {children}
    </section>
  );
}

/**
 * The course and test series detail pages (spec §2, §9): image and title, about, an optional
 * checklist (what you'll learn, what's included), highlights, and the Buy Now card beside them.
 */
export function CatalogDetail({
  item: { title, image, picture, description },
  headings,
  checklist,
  highlights,
  offer,
}: {
  item: { title: string; image: string; picture?: PagePicture | null; description: string };
  headings: { about: string; highlights: string };
  /** Its id is the section's heading id; an empty list shows no section. */
  checklist: { id: string; heading: string; items: string[] };
  highlights: IconListItem[];
  offer: Omit<React.ComponentProps<typeof BuyNowCard>, "title" | "children">;
}) {
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8 lg:grid-cols-[1fr_20rem]">
      <div className="min-w-0 space-y-8">
        <header className="space-y-4">
          <CoverImage
            src={image}
            picture={picture}
            sizes={detailImageSizes}
            priority="first"
            className="aspect-video w-full rounded-2xl bg-brand-100 object-cover"
          />
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
        </header>
        <DetailSection id="about" heading={headings.about}>
          <p className="mt-3 leading-relaxed text-slate-700">{description}</p>
        </DetailSection>
        {checklist.items.length > 0 && (
          <DetailSection id={checklist.id} heading={checklist.heading}>
            <CheckList
              items={checklist.items}
              className="mt-3 space-y-2 text-slate-700"
              itemClassName="flex items-start gap-2"
              icon={{ className: "mt-0.5 shrink-0 text-green-700" }}
            />
          </DetailSection>
        )}
        <DetailSection id="highlights" heading={headings.highlights}>
          <div className="mt-3">
            <HighlightList items={highlights} />
          </div>
        </DetailSection>
      </div>
      <div>
        <BuyNowCard title={title} {...offer} />
      </div>
    </div>
  );
}
