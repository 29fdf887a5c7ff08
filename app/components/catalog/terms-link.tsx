import { href, Link } from "react-router";
import { termsPage } from "~/lib/site/terms-page";

// Beside every Buy button (issue 48 item 7): how to pay, refunds and the terms, before paying.
export function TermsLink({ className = "" }: { className?: string }) {
  return (
    <Link
      to={href("/terms")}
      className={`inline-block py-1 text-sm text-slate-700 underline hover:text-brand-800 ${className}`}
    >
      {termsPage.linkText}
    </Link>
  );
}
