// The base of the site's small inline icons (no icon library: JS budget). Icons are decorative
// (hidden from assistive technology); the text or control next to one carries the meaning.
import type { SVGProps } from "react";

export type IconProps = SVGProps<SVGSVGElement>;

/** A 24×24 stroked outline icon; any prop (size, className) overrides the defaults. */
export function Icon({ children, ...props }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

/** An icon component drawing `shapes` in the base icon, with optional defaults (e.g. a size) that its props override. */
export function defineIcon(shapes: React.ReactNode, defaults?: IconProps) {
  return function DefinedIcon(props: IconProps) {
    return (
      <Icon {...defaults} {...props}>
        {shapes}
      </Icon>
    );
  };
}
