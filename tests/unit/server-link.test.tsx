import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  Link as RouterLink,
  NavLink as RouterNavLink,
  StaticRouterProvider,
  type LinkProps,
  type NavLinkProps,
} from "react-router";
import { describe, expect, it } from "vitest";
import { isPlainPath, ServerLink, ServerNavLink } from "~/components/ui/link";

// The server's cheap links must write exactly the <a> React Router's would: the browser hydrates
// them with the router's own components. Rendered here as the server renders a document, with a
// static router at a given URL.

async function renderAt(url: string, element: ReactNode, basename?: string) {
  const handler = createStaticHandler([{ id: "page", path: "*", Component: () => element }], { basename });
  const context = await handler.query(new Request(`http://localhost${url}`));
  if (context instanceof Response) throw new Error(`unexpected response for ${url}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToStaticMarkup(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

const linkCases: LinkProps[] = [
  { to: "/" },
  { to: "/test-series", className: "card", "aria-label": "Test series" },
  { to: "/test-series/GATE%202026", children: "GATE 2026" },
  { to: "/search?q=gate#results" },
  { to: "/job-alerts?tab=results&page=2", replace: true, preventScrollReset: true },
  { to: "/free-tests/", state: { from: "home" } },
  { to: "/contact", target: "_blank", rel: "noopener", discover: "none" },
  { to: "/ebooks", reloadDocument: true, prefetch: "intent" },
  // Left to the router: resolving, external, prefetch links, objects.
  { to: "../ebooks" },
  { to: "ebooks" },
  { to: "/a/./b/../c" },
  { to: "//example.com/x" },
  { to: "https://example.com/x" },
  { to: "/search?" },
  { to: "/ebooks", prefetch: "render" },
  { to: { pathname: "/search", search: "?q=ch" } },
];

const navCases: { at: string; props: NavLinkProps }[] = [
  { at: "/test-series", props: { to: "/test-series", children: "Test Series" } },
  { at: "/test-series/GATE%202026", props: { to: "/test-series", className: "nav" } },
  { at: "/test-series-old", props: { to: "/test-series", className: "nav" } },
  { at: "/test-series/GATE%202026", props: { to: "/test-series", end: true, className: "nav" } },
  { at: "/", props: { to: "/", end: true, className: ({ isActive }) => (isActive ? "on" : "off") } },
  { at: "/ebooks", props: { to: "/", end: true, className: ({ isActive }) => (isActive ? "on" : "off") } },
  { at: "/ebooks", props: { to: "/", className: "nav" } },
  { at: "/Test-Series", props: { to: "/test-series", children: ({ isActive }) => (isActive ? "here" : "there") } },
  { at: "/Test-Series", props: { to: "/test-series", caseSensitive: true, className: "nav" } },
  {
    at: "/faqs",
    props: { to: "/faqs", "aria-current": "true", style: ({ isActive }) => ({ fontWeight: isActive ? 700 : 400 }) },
  },
  { at: "/admin/ebooks/", props: { to: "/admin/ebooks/", prefetch: "intent", className: "nav" } },
  // Left to the router: a path the URL would encode, a query, a relative path.
  { at: "/test-series/GATE 2026", props: { to: "/test-series/GATE 2026", className: "nav" } },
  { at: "/search", props: { to: "/search?q=gate", className: "nav" } },
  { at: "/admin/ebooks", props: { to: "ebooks", className: "nav" } },
];

describe("server links", () => {
  it("take the quick path only for absolute paths the router writes unchanged", () => {
    expect(
      ["/", "/test-series", "/test-series/GATE%202026", "/search?q=gate#r", "/free-tests/"].every(isPlainPath),
    ).toBe(true);
    expect(
      ["ebooks", "../x", "/a/./b", "/a/..", "//x.com", "/a//b", "/search?", "/a#", "/a?#b"].some(isPlainPath),
    ).toBe(false);
    expect(isPlainPath({ pathname: "/a" })).toBe(false);
  });

  it.each(linkCases)("<Link to=$to> writes what React Router's does", async (props) => {
    const ours = await renderAt("/test-series", <ServerLink {...props} />);
    expect(ours).toMatch(/^<a /);
    expect(ours).toBe(await renderAt("/test-series", <RouterLink {...props} />));
  });

  it.each(navCases)("<NavLink to=$props.to> at $at writes what React Router's does", async ({ at, props }) => {
    const ours = await renderAt(at, <ServerNavLink {...props} />);
    expect(ours).toBe(await renderAt(at, <RouterNavLink {...props} />));
  });

  it("leave a site served below a basename to the router", async () => {
    const link = await renderAt("/app/ebooks", <ServerLink to="/ebooks">eBooks</ServerLink>, "/app");
    expect(link).toContain('href="/app/ebooks"');
    expect(link).toBe(await renderAt("/app/ebooks", <RouterLink to="/ebooks">eBooks</RouterLink>, "/app"));
    const nav = await renderAt("/app/ebooks", <ServerNavLink to="/ebooks">eBooks</ServerNavLink>, "/app");
    expect(nav).toBe(await renderAt("/app/ebooks", <RouterNavLink to="/ebooks">eBooks</RouterNavLink>, "/app"));
  });

  it("marks the current page as React Router does", async () => {
    const html = await renderAt(
      "/test-series/GATE%202026",
      <ServerNavLink to="/test-series">Test Series</ServerNavLink>,
    );
    expect(html).toBe('<a aria-current="page" class="active" href="/test-series" data-discover="true">Test Series</a>');
  });
});
