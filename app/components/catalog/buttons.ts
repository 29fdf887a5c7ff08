// Shared looks for catalogue calls to action: at least 44 px tall for thumbs on small phones.
const base =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 py-2 text-center text-sm font-semibold transition-colors";

export const buttonStyles = {
  primary: `${base} bg-brand-700 text-white hover:bg-brand-800`,
  secondary: `${base} border border-brand-700 bg-white text-brand-700 hover:bg-brand-50`,
  buy: `${base} bg-accent-500 text-slate-900 hover:bg-amber-400`,
} as const;
