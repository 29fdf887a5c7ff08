/** The frame of a catalog card: a 16:9 image on top, the card's content in a column below. */
export function CardFrame({
  image,
  eagerImage,
  imageBackground = "bg-brand-100",
  gap = "gap-4",
  children,
}: {
  image: string;
  /** The first card of a page is above the fold: load its image at once. */
  eagerImage: boolean;
  /** The colour shown while the image loads. */
  imageBackground?: "bg-brand-100" | "bg-slate-200";
  gap?: "gap-3" | "gap-4";
  children: React.ReactNode;
}) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <CoverImage
        src={image}
        loading={eagerImage ? "eager" : "lazy"}
        decoding="async"
        className={`aspect-video w-full ${imageBackground} object-cover`}
      />
      <div className={`flex flex-1 flex-col ${gap} p-5`}>{children}</div>
    </article>
  );
}

/** A catalog item's 640×360 cover, decorative: the title next to it names the item. */
export function CoverImage({
  src,
  ...props
}: { src: string; className: string } & Pick<
  React.ImgHTMLAttributes<HTMLImageElement>,
  "loading" | "decoding" | "fetchPriority"
>) {
  return <img src={src} alt="" width={640} height={360} {...props} />;
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
