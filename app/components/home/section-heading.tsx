/** The heading row every home section starts with: h2, optional intro, optional action on the right. */
export function SectionHeading({
  id,
  title,
  intro,
  action,
}: {
  id: string;
  title: string;
  intro?: string;
  action?: React.ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-x-6 gap-y-3">
      <div className="max-w-3xl">
        <h2 id={id} className="text-2xl font-bold text-slate-900 sm:text-3xl">
          {title}
        </h2>
        {intro && <p className="mt-2 text-slate-700">{intro}</p>}
      </div>
      {action}
    </div>
  );
}

/** A full-width white band of the home page, below the fold: its heading, then `children`. */
export function HomeBand({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro: string;
  children: React.ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="below-fold bg-white py-10 [--below-fold-size:64rem] lg:[--below-fold-size:29rem]"
    >
      <div className="mx-auto max-w-6xl px-4">
        <SectionHeading id={id} title={title} intro={intro} />
        {children}
      </div>
    </section>
  );
}
