import {
  data,
  Form,
  href,
  isRouteErrorResponse,
  Link,
  NavLink,
  Outlet,
  useFetchers,
  useLocation,
  useNavigation,
} from "react-router";
import type { Route } from "./+types/layout";
import { Notice, useToast } from "~/components/admin/notice";
import { Spinner } from "~/components/admin/spinner";
import { UnsavedWorkGuard } from "~/components/admin/unsaved-work";
import { logger } from "~/core/logger.server";
import { takeKeptFormFor } from "~/lib/admin/kept-forms.server";
import { menuBadge } from "~/lib/admin/attention";
import { countAttention, type AttentionCounts } from "~/lib/admin/attention.server";
import { adminMenu } from "~/lib/admin/sections";
import { requireAdmin } from "~/lib/auth/guard.server";
import { ACCESS_DENIED_STATUS, adminPaths } from "~/lib/auth/config";
import { readFlash } from "~/lib/auth/flash.server";
import { authMessages } from "~/lib/auth/messages";
import { newSubmitToken } from "~/lib/forms/idempotency.server";
import { Toaster } from "~/components/ui/toaster";
import { wholeStylesheet } from "~/lib/route-handle";
import { dbContext } from "~/lib/request-context";
import type { DB } from "~/db/client.server";

// The admin panel's shell (spec §2 "Dashboard", §4 "Guarded admin route"): a side menu with the
// welcome line and Sign Out, the six sections and the account pages, a 'Loading...' spinner while
// a section loads. Its loader runs the guard, and so does every child's loader and action.
// A signed-in user who is not an admin sees 'Access Denied' (the guard's 403, shown by the
// ErrorBoundary below).

const m = authMessages.shell;

// The admin renders much on the client at once: its pages carry the whole stylesheet.
export const handle = wholeStylesheet;

export const meta: Route.MetaFunction = () => [{ title: m.title }, { name: "robots", content: "noindex" }];

// Admin pages are personal: never stored by a browser or proxy cache.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const admin = await requireAdmin(db, request);
  const flash = readFlash(request);
  // A form kept when the session had ended, given back once on its page (issue 48).
  const kept = await takeKeptFormFor(db, request);
  const cookies = [flash?.clear, kept.setCookie].filter((cookie) => cookie !== undefined && cookie !== null);
  return data(
    // A fresh one-time token for the page's forms: a replayed POST of a form is recognised (issue 7).
    {
      email: admin.email,
      flash: flash?.toast ?? null,
      submitToken: newSubmitToken(),
      waiting: await countWaiting(db),
      keptForm: kept.kept,
    },
    cookies.length ? { headers: cookies.map((cookie): [string, string] => ["Set-Cookie", cookie]) } : undefined,
  );
}

/**
 * The menu's counts of what waits (issues 25, 46, 48: new leads, new question reports, waiting
 * testimonials, alerts closing soon, failed e-mails, broken links): one count query each; the menu
 * goes without a count that fails, or without all of them if the database cannot be reached.
 */
async function countWaiting(db: DB): Promise<AttentionCounts | null> {
  try {
    return await countAttention(db);
  } catch (error) {
    logger.error({ err: error }, "menu counts failed");
    return null;
  }
}

const navLink = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-3 py-2 font-medium ${isActive ? "bg-brand-700 text-white" : "text-slate-800 hover:bg-slate-100"}`;

function SideMenu({ email, waiting }: { email: string; waiting: AttentionCounts | null }) {
  return (
    <div className="flex h-full flex-col gap-6">
      <div>
        <p className="text-lg font-bold text-slate-900">{m.title}</p>
        <p className="mt-1 text-sm break-all text-slate-600">{m.welcome(email)}</p>
      </div>
      <nav aria-label={m.menu} className="flex flex-col gap-4">
        <div>
          <h2 className="px-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">{m.sections}</h2>
          <ul className="mt-1 space-y-1">
            {adminMenu.map((section) => {
              const badge = menuBadge(section.path, waiting);
              return (
                <li key={section.path}>
                  {/* With a count, the link's name is "Testimonials, 2 waiting": the count is part of it. */}
                  <NavLink
                    to={section.path}
                    end
                    className={navLink}
                    aria-label={badge ? `${section.title}, ${badge}` : undefined}
                  >
                    {section.title}
                    {badge ? (
                      <>
                        {" "}
                        <span className="ml-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                          {badge}
                        </span>
                      </>
                    ) : null}
                  </NavLink>
                </li>
              );
            })}
          </ul>
        </div>
        <div>
          <h2 className="px-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">{m.account}</h2>
          <ul className="mt-1 space-y-1">
            <li>
              <NavLink to={adminPaths.account} className={navLink}>
                {authMessages.account.title}
              </NavLink>
            </li>
            <li>
              <Link to={href("/")} className="block rounded-lg px-3 py-2 font-medium text-slate-800 hover:bg-slate-100">
                {m.viewSite}
              </Link>
            </li>
          </ul>
        </div>
      </nav>
      <Form method="post" action={adminPaths.signOut} className="mt-auto">
        <button
          type="submit"
          className="inline-flex min-h-11 w-full items-center justify-center rounded-lg border border-slate-300 bg-white px-4 py-2 font-semibold text-slate-800 hover:bg-slate-100"
        >
          {m.signOut}
        </button>
      </Form>
    </div>
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { email, flash, waiting } = loaderData;
  const inlineFlash = useToast(flash, flash?.message, flash?.type ?? "success");
  // A navigation inside the panel (another section, the account pages) is "fetching". The
  // redirect after a fetcher's post (a question added to a test, a row published) is not: the
  // page stays, scrolled and focused where it was, with the form's own pending state.
  const afterFetcher = useFetchers().some((fetcher) => fetcher.state === "loading");
  const loading =
    navigation.state === "loading" && navigation.location.pathname.startsWith(adminPaths.home) && !afterFetcher;
  const { pathname } = useLocation();

  return (
    <div className="min-h-screen lg:flex">
      {/* Past the menu straight to the section (WCAG 2.4.1), the first stop of the Tab order. */}
      <a
        href="#main"
        className="fixed top-3 left-3 z-60 -translate-y-24 rounded-lg bg-white px-4 py-2 font-semibold text-brand-800 shadow-lg focus:translate-y-0"
      >
        {m.skipToContent}
      </a>
      {/* Small screens: the menu folds away behind a disclosure that needs no JavaScript. Keyed by
          the address, so a section chosen in it opens with the menu folded, as after a full load. */}
      <details key={pathname} className="group border-b border-slate-200 bg-white lg:hidden">
        <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-3 px-4 [&::-webkit-details-marker]:hidden">
          <span className="font-bold text-slate-900">{m.title}</span>
          <span className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-800">
            <span className="group-open:hidden">{m.openMenu}</span>
            <span className="hidden group-open:inline">{m.closeMenu}</span>
          </span>
        </summary>
        <div className="px-4 pb-4">
          <SideMenu email={email} waiting={waiting} />
        </div>
      </details>
      <aside className="hidden w-72 shrink-0 border-r border-slate-200 bg-white p-5 lg:sticky lg:top-0 lg:block lg:h-screen lg:overflow-y-auto">
        <SideMenu email={email} waiting={waiting} />
      </aside>
      <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-10 lg:py-8">
        {flash && inlineFlash ? (
          <div className="mb-4">
            <Notice tone={flash.type === "error" ? "error" : "success"}>{flash.message}</Notice>
          </div>
        ) : null}
        {loading ? <Spinner /> : <Outlet />}
      </main>
      <Toaster />
      {/* Issue 48: leaving a form with unsaved changes asks first. */}
      <UnsavedWorkGuard />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const denied = isRouteErrorResponse(error) && error.status === ACCESS_DENIED_STATUS;
  if (!denied && import.meta.env.DEV && error instanceof Error) console.error(error);
  const a = authMessages.accessDenied;
  return (
    <main id="main" className="flex min-h-screen items-center justify-center px-4 py-16">
      <div className="max-w-md text-center">
        <h1 className="text-3xl font-bold text-slate-900">{denied ? a.title : "Unexpected Application Error!"}</h1>
        <p className="mt-3 text-slate-600">
          {denied ? a.message : "Something went wrong on our side. Please try again in a moment."}
        </p>
        <div className="mt-6 flex flex-wrap items-center justify-center gap-3">
          <Link
            to={href("/")}
            className="inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
          >
            {a.home}
          </Link>
          {denied ? (
            <Form method="post" action={adminPaths.signOut}>
              <button
                type="submit"
                className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-5 py-2.5 font-semibold text-slate-800 hover:bg-slate-100"
              >
                {a.signOut}
              </button>
            </Form>
          ) : null}
        </div>
      </div>
    </main>
  );
}
