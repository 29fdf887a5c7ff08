/** An inner page's frame: its heading and one-line intro, then the page's content. */
export function ContentPage({ title, intro, children }: { title: string; intro: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
      <p className="mt-2 max-w-3xl text-slate-700">{intro}</p>
      {children}
    </div>
  );
}
