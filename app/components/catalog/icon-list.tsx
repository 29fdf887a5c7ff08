import type { IconProps } from "~/components/ui/icon";
import { CheckIcon } from "./icons";

export type IconListItem = { icon: React.ComponentType<IconProps>; text: string };

/** A list of icon-and-text items (a card's highlights, a checklist); the caller styles it. */
export function IconList({
  items,
  label,
  className,
  itemClassName,
  icon,
}: {
  items: IconListItem[];
  /** Names the list when no heading does. */
  label?: string;
  className: string;
  itemClassName: string;
  icon: IconProps;
}) {
  return (
    <ul aria-label={label} className={className}>
      {items.map(({ icon: Icon, text }) => (
        <li key={text} className={itemClassName}>
          <Icon {...icon} />
          {text}
        </li>
      ))}
    </ul>
  );
}

/** An IconList of ticked lines (what's included, what you'll learn). */
export function CheckList({
  items,
  ...props
}: Omit<React.ComponentProps<typeof IconList>, "items"> & { items: readonly string[] }) {
  return <IconList items={items.map((text) => ({ icon: CheckIcon, text }))} {...props} />;
}
