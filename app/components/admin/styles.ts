// The admin screens' buttons and links besides the form kit's primary button
// (~/components/forms/fields.tsx).

export const secondaryButton =
  "inline-flex min-h-11 items-center justify-center rounded-lg border border-slate-300 bg-white px-5 py-2 font-semibold text-slate-800 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-70";

export const dangerButton =
  "inline-flex min-h-11 items-center justify-center rounded-lg bg-red-700 px-5 py-2 font-semibold text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-70";

const smallButton =
  "inline-flex min-h-10 items-center justify-center rounded-lg border px-3 py-1.5 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-40";
export const smallSecondary = `${smallButton} border-slate-300 bg-white text-slate-800 hover:bg-slate-100`;
export const smallDanger = `${smallButton} border-red-200 bg-white text-red-700 hover:bg-red-50`;

export const textLink = "font-medium text-brand-700 underline hover:text-brand-800";
