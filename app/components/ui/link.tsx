import { useContext, type Ref } from "react";
import {
  Link as RouterLink,
  NavLink as RouterNavLink,
  UNSAFE_NavigationContext as NavigationContext,
  useLocation,
  type LinkProps,
  type NavLinkProps,
} from "react-router";

// React Router's <Link> and <NavLink>, rendered more cheaply on the server. There a link is only
// its <a>: the router's hooks (resolving the path, click and prefetch handlers) cost about 8 % of
// an uncached page's CPU for some 40 links a page (issue 6, `npm run bench`). For an absolute
// path that needs no resolving, the server writes the very <a> the router would, and the browser
// hydrates it with the router's own components (import.meta.env.SSR is fixed at build time, so
// the client bundle holds only those). Anything else goes to the router's components.

type WithRef<P> = P & { ref?: Ref<HTMLAnchorElement> };

/** An absolute path the router would write unchanged: no "//", no "." or ".." segment, no bare ? or #. */
export function isPlainPath(to: LinkProps["to"]): to is string {
  if (typeof to !== "string" || !to.startsWith("/")) return false;
  const path = to.split(/[?#]/, 1)[0]!;
  return !path.includes("//") && !/(^|\/)\.\.?(\/|$)/.test(path) && !/[?#]$/.test(to) && !to.includes("?#");
}

/** A plain path made only of characters a URL keeps as they are, so NavLink compares it as written. */
const isPlainPathname = (to: LinkProps["to"]): to is string => isPlainPath(to) && /^[A-Za-z0-9\-._~/]*$/.test(to);

/** Paths are written as given only where the site is served from the root (no basename). */
const useAtRoot = () => useContext(NavigationContext).basename === "/";

export function ServerLink(props: WithRef<LinkProps>) {
  const atRoot = useAtRoot();
  const {
    to,
    discover = "render",
    prefetch,
    relative,
    mask,
    reloadDocument: _reloadDocument,
    replace: _replace,
    state: _state,
    preventScrollReset: _preventScrollReset,
    viewTransition: _viewTransition,
    defaultShouldRevalidate: _defaultShouldRevalidate,
    onClick: _onClick,
    target,
    ...anchor
  } = props;
  // "render" and "viewport" prefetching write <link> tags on the server: the router's job.
  if (!atRoot || !isPlainPath(to) || relative || mask || prefetch === "render" || prefetch === "viewport")
    return <RouterLink {...props} />;
  // The attributes in the router's order, so the markup is the same byte for byte. The content
  // comes in `anchor` (children), as it does to the router's <a>.
  // oxlint-disable-next-line jsx-a11y/anchor-has-content
  return <a {...anchor} href={to} target={target} data-discover={discover === "render" ? "true" : undefined} />;
}

export function ServerNavLink(props: WithRef<NavLinkProps>) {
  const atRoot = useAtRoot();
  const location = useLocation();
  const {
    to,
    caseSensitive = false,
    end = false,
    className = "",
    style,
    children,
    "aria-current": ariaCurrent = "page",
    ...rest
  } = props;
  if (!atRoot || !isPlainPathname(to) || rest.viewTransition || rest.relative) return <RouterNavLink {...props} />;
  // The router's rule: this path, or (without `end`) one below it; no navigation is pending here.
  const here = caseSensitive ? location.pathname : location.pathname.toLowerCase();
  const target = caseSensitive ? to : to.toLowerCase();
  const slashAt = target !== "/" && target.endsWith("/") ? target.length - 1 : target.length;
  const isActive = here === target || (!end && here.startsWith(target) && here.charAt(slashAt) === "/");
  const renderProps = { isActive, isPending: false, isTransitioning: false };
  return (
    <ServerLink
      {...rest}
      to={to}
      aria-current={isActive ? ariaCurrent : undefined}
      className={
        typeof className === "function"
          ? className(renderProps)
          : [className, isActive ? "active" : null].filter(Boolean).join(" ")
      }
      style={typeof style === "function" ? style(renderProps) : style}
    >
      {typeof children === "function" ? children(renderProps) : children}
    </ServerLink>
  );
}

export const Link = import.meta.env.SSR ? ServerLink : RouterLink;
export const NavLink = import.meta.env.SSR ? ServerNavLink : RouterNavLink;
