import { NewTabLink } from "~/components/content/new-tab-link";
import { libraryFileOf } from "~/lib/media/media-field";
import { safeHref } from "~/lib/safe-href";

const linkStyle = "inline-flex items-center gap-1 font-medium text-brand-700 underline hover:text-brand-800";

/**
 * A saved link, opened in a new tab ('View PDF', 'Open test'); nothing when it is not a safe
 * http(s) address or a media-library file of this site (issue 45). `context` (the row's title)
 * tells screen readers which one.
 */
export function OpenLink({
  link,
  context,
  label,
  className,
}: {
  link: string | null;
  context: string;
  label: string;
  /** Layout classes added before the link style. */
  className?: string;
}) {
  const href = safeHref(link) ?? (link && libraryFileOf(link) ? link.trim() : null);
  return href ? (
    <NewTabLink href={href} context={context} className={className ? `${className} ${linkStyle}` : linkStyle}>
      {label}
    </NewTabLink>
  ) : null;
}
