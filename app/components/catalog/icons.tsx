// Small inline icons for catalogue cards (no icon library: JS budget). Decorative: the text
// next to each icon carries the meaning.
import { CalendarIcon as CalendarGlyph } from "~/components/layout/icons";
import { defineIcon, type IconProps } from "~/components/ui/icon";

/** Catalogue icons sit beside card text, so they default to 20 px. */
function catalogIcon(shapes: React.ReactNode) {
  return defineIcon(shapes, { width: "20", height: "20" });
}

/** The shell's calendar, at the catalogue's size. */
export function CalendarIcon(props: IconProps) {
  return <CalendarGlyph width="20" height="20" {...props} />;
}

export const CheckIcon = catalogIcon(<path d="m5 12.5 4.5 4.5L19 7.5" />);

export const TestsIcon = catalogIcon(
  <>
    <rect x="5" y="4" width="14" height="17" rx="2" />
    <path d="M9 4V3h6v1M9 10h6M9 14h6M9 18h3" />
  </>,
);

export const StudentsIcon = catalogIcon(
  <>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20a6.5 6.5 0 0 1 13 0M16 4.6a3.5 3.5 0 0 1 0 6.8M18 14a6.5 6.5 0 0 1 3.5 6" />
  </>,
);

export const ClockIcon = catalogIcon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </>,
);

export const VideoIcon = catalogIcon(
  <>
    <rect x="3" y="6" width="13" height="12" rx="2" />
    <path d="m16 10.5 5-3v9l-5-3" />
  </>,
);

export const SolutionsIcon = catalogIcon(
  <>
    <path d="M4 5.5A2.5 2.5 0 0 1 6.5 3H20v15H6.5A2.5 2.5 0 0 0 4 20.5v-15Z" />
    <path d="M4 20.5A2.5 2.5 0 0 0 6.5 23H20v-5M9 8.5l2 2 4-4" />
  </>,
);

export const AnalyticsIcon = catalogIcon(<path d="M4 20V4M4 20h16M8 16v-4M12 16V8M16 16v-6M20 16V6" />);

export const TargetIcon = catalogIcon(
  <>
    <circle cx="12" cy="12" r="9" />
    <circle cx="12" cy="12" r="5" />
    <circle cx="12" cy="12" r="1" />
  </>,
);

export const ArrowRightIcon = catalogIcon(<path d="M5 12h14M13 6l6 6-6 6" />);

export const LiveIcon = catalogIcon(
  <>
    <circle cx="12" cy="12" r="2.5" />
    <path d="M7.8 7.8a6 6 0 0 0 0 8.4M16.2 7.8a6 6 0 0 1 0 8.4M4.9 4.9a10 10 0 0 0 0 14.2M19.1 4.9a10 10 0 0 1 0 14.2" />
  </>,
);

export const GuidanceIcon = catalogIcon(
  <>
    <path d="M4 5h16v11H9l-5 4V5Z" />
    <path d="M8 9.5h8M8 12.5h5" />
  </>,
);

export const ArrowLeftIcon = catalogIcon(<path d="M19 12H5M11 6l-6 6 6 6" />);
