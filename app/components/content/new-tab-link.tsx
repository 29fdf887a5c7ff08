import type { ReactNode } from "react";
import { ExternalIcon } from "./icons";

const messages = {
  newTab: "(opens in a new tab)",
};

/**
 * A link to staff-entered content elsewhere (a PDF, a test, a notification), opened in a new tab
 * without handing this window to the other site. `href` must already be checked by safeHref.
 * `context` names the item for screen readers, since every card's link reads the same.
 */
export function NewTabLink({
  href,
  context,
  className,
  children,
}: {
  href: string;
  context: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <a href={href} target="_blank" rel="noopener" className={className}>
      {children}
      <span className="sr-only">
        : {context} {messages.newTab}
      </span>
      <ExternalIcon width={16} height={16} className="shrink-0" />
    </a>
  );
}
