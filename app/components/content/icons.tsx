// Decorative icons for the content pages (no icon library: JS budget); text carries the meaning.
import { defineIcon } from "~/components/ui/icon";

export const BookIcon = defineIcon(
  <>
    <path d="M4 5.5A2.5 2.5 0 0 1 6.5 3H20v15H6.5A2.5 2.5 0 0 0 4 20.5v-15Z" />
    <path d="M4 20.5A2.5 2.5 0 0 0 6.5 23H20v-5M8 7h8M8 11h6" />
  </>,
);

export const ChevronDownIcon = defineIcon(<path d="m6 9 6 6 6-6" />);

export const BellIcon = defineIcon(
  <>
    <path d="M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15L6 16Z" />
    <path d="M10 21h4" />
  </>,
);

export const FolderIcon = defineIcon(
  <path d="M3 6.5A1.5 1.5 0 0 1 4.5 5H9l2 2.5h8.5A1.5 1.5 0 0 1 21 9v9.5a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 18.5v-12Z" />,
);

export const ExternalIcon = defineIcon(
  <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />,
);

/** A feed's waves (issue 49: "Follow in a feed reader"). */
export const FeedIcon = defineIcon(
  <>
    <path d="M5 11a8 8 0 0 1 8 8M5 5a14 14 0 0 1 14 14" />
    <circle cx="6" cy="18" r="1" />
  </>,
);
