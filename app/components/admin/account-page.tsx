import type { ReactNode } from "react";
import { Link } from "react-router";
import { adminPaths } from "~/lib/auth/config";
import { authMessages } from "~/lib/auth/messages";
import { textLink } from "./styles";

// The pieces the account screens (/admin/account and its password and two-factor pages) are
// built from, so that they read as one part of the admin.

/** The page's title with one line under it. */
export function AccountHeader({ title, children }: { title: string; children: ReactNode }) {
  return (
    <header className="border-b border-slate-200 pb-4">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-1 text-slate-600">{children}</p>
    </header>
  );
}

/** A card named by its heading (`id` ties the two for screen readers), with an optional intro line. */
export function AccountCard({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: ReactNode;
  intro?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {intro === undefined ? null : <p className="mt-1 text-slate-600">{intro}</p>}
      {children}
    </section>
  );
}

/** The way back to /admin/account from the pages under it. */
export function BackToAccount({ className }: { className: string }) {
  return (
    <p className={className}>
      <Link to={adminPaths.account} className={textLink}>
        {authMessages.account.title}
      </Link>
    </p>
  );
}
