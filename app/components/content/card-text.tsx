import { buttonStyles } from "~/components/catalog/buttons";
import { mediaPath } from "~/lib/media/media-url";
import { safeHref } from "~/lib/safe-href";
import { NewTabLink } from "./new-tab-link";

// The parts every staff-entered content card shows (e-books, free materials, job alerts).

const messages = { view: "View" };

const descriptionClass = "text-sm leading-relaxed break-words text-slate-700";

/** A card's title and optional description, as staff typed them: long words wrap. */
export function CardText({
  title,
  description,
  heading: Heading = "h2",
  descriptionClassName,
}: {
  title: string;
  description?: string | null;
  heading?: "h2" | "h3";
  /** Spacing, where the card does not space its lines itself. */
  descriptionClassName?: string;
}) {
  return (
    <>
      <Heading className="text-lg leading-snug font-bold break-words text-slate-900">{title}</Heading>
      {description && (
        <p className={descriptionClassName ? `${descriptionClassName} ${descriptionClass}` : descriptionClass}>
          {description}
        </p>
      )}
    </>
  );
}

/**
 * View at the foot of a grid card: the staff-entered link in a new tab (an http(s) URL, or a file
 * of the media library: issue 45), none if it is not safe.
 */
export function CardViewButton({ link, title }: { link?: string | null; title: string }) {
  const href = safeHref(link) ?? mediaPath(link);
  if (!href) return null;
  return (
    <div className="mt-auto pt-2">
      <NewTabLink href={href} context={title} className={`${buttonStyles.primary} w-full`}>
        {messages.view}
      </NewTabLink>
    </div>
  );
}
