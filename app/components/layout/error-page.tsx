import { href, Link } from "react-router";

/** Not-found and error content in the site's own look; the caller provides the landmark. */
export function ErrorPage({ status, title, message }: { status: number; title: string; message: string }) {
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center">
      <p className="text-sm font-semibold tracking-wide text-brand-700">Error {status}</p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900">{title}</h1>
      <p className="mt-3 text-slate-600">{message}</p>
      <Link
        to={href("/")}
        className="mt-6 inline-flex items-center rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
      >
        Go to Home
      </Link>
    </div>
  );
}
