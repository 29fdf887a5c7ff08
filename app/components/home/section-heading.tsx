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
