import type { ReactNode } from "react";
import { useSiteSettings } from "~/components/layout/use-site-settings";
import { Toaster } from "~/components/ui/toaster";

// The sign-in screens' page: a centred card under the brand. Every form on it is a real
// <form method="post"> built from the form kit (~/components/forms), so each screen works
// without JavaScript.

export function AuthPage({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  const brand = useSiteSettings().brandName;
  return (
    <>
      <main id="main" className="flex min-h-screen items-start justify-center px-4 py-10 sm:items-center">
        <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          {brand ? <p className="text-sm font-semibold tracking-wide text-brand-700">{brand}</p> : null}
          <h1 className="mt-1 text-2xl font-bold text-slate-900">{title}</h1>
          {intro ? <p className="mt-2 text-slate-600">{intro}</p> : null}
          <div className="mt-6">{children}</div>
        </div>
      </main>
      <Toaster />
    </>
  );
}
