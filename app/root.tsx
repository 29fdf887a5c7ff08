import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  type ShouldRevalidateFunctionArgs,
  ScrollRestoration,
} from "react-router";
import { lazy, Suspense } from "react";
import type { Route } from "./+types/root";
import appCssHref from "./app.css?url";
import { getDb } from "~/db/client.server";
import { dbContext } from "~/lib/request-context";
import { toPublicSettings } from "~/lib/site/settings";
import { siteOrigin } from "~/lib/site-origin.server";
import { istDate } from "~/core/ist";
import { getSiteSettings } from "~/lib/site/settings.server";
import { AppStylesheet, DeferredScripts } from "~/components/layout/document-assets";
import type { RootLoaderData } from "~/components/layout/use-site-settings";

// Our server (server/request-listener.ts) hands every request its database; `react-router dev`
// answers without it, so there the root sets the process's own.
export const middleware: Route.MiddlewareFunction[] = [
  ({ context }) => {
    if (import.meta.env.DEV) context.set(dbContext, getDb());
  },
];

export async function loader({ context }: Route.LoaderArgs): Promise<RootLoaderData> {
  return {
    settings: toPublicSettings(await getSiteSettings(context.get(dbContext))),
    // Absolute URLs (canonical, Open Graph) only from the configured origin, never from a
    // request's Host header.
    siteUrl: siteOrigin(),
    year: istDate().slice(0, 4),
  };
}

// Settings change only through admin writes: reload them after a form submission, not on
// every navigation between public pages.
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod !== undefined && formMethod !== "GET" ? defaultShouldRevalidate : false;
}

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#174ca8" />
        {/* A PNG, not the SVG it is drawn from: an SVG icon is a document of its own on the page's
            main thread after every first paint (scripts/render-favicon.ts). */}
        <link rel="icon" href="/favicon.png" sizes="48x48" type="image/png" />
        <Meta />
        <AppStylesheet href={appCssHref} />
        <Links />
      </head>
      <body>
        {children}
        {/* The dev server's hot reloading needs React Router's own scripts. */}
        {import.meta.env.DEV ? (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        ) : (
          <DeferredScripts />
        )}
      </body>
    </html>
  );
}

// Toasts (spec §2, top right) come from forms: the pages with forms and the admin screens render
// the <Toaster/>, so that the pages without any do not load its code (issue 6, first-load JS).
export default function App() {
  return <Outlet />;
}

// Error pages are rare, so their code loads when one shows rather than with every page (issue 6,
// first-load JS). The server renders the whole page before sending it, so a server-rendered error
// page arrives complete; hydration waits for this chunk with the server's HTML on screen. Should
// the chunk not download, that HTML stays (its links are plain links): better than a blank page.
const RootError = lazy(() =>
  import("~/components/layout/root-error").then(
    (m) => ({ default: m.RootError }),
    () => new Promise<never>(() => undefined),
  ),
);

// A page whose loader threw (an unknown question, a set that is gone) shows the root's boundary,
// and takes its title from here: the page's own meta has no data to name it by.
export const meta: Route.MetaFunction = ({ error }) =>
  error
    ? [
        {
          title:
            isRouteErrorResponse(error) && error.status === 404 ? "Page not found" : "Unexpected Application Error!",
        },
        { name: "robots", content: "noindex" },
      ]
    : [];

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <Suspense>
      <RootError error={error} />
    </Suspense>
  );
}
