/** The heading and one-line intro every content page starts with. */
export function ContentPageHeader({ title, intro }: { title: string; intro: string }) {
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
      <p className="mt-2 max-w-3xl text-slate-700">{intro}</p>
    </>
  );
}
