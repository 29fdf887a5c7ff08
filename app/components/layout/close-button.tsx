import type { ComponentProps } from "react";
import type { IconProps } from "~/components/ui/icon";
import { CloseIcon } from "./icons";

/** An icon-only button showing the X; `label` is its accessible name (Close, Dismiss, Close menu). */
export function CloseButton({
  label,
  icon,
  ...props
}: Omit<ComponentProps<"button">, "type" | "aria-label" | "children"> & { label: string; icon?: IconProps }) {
  return (
    <button type="button" aria-label={label} {...props}>
      <CloseIcon {...icon} />
    </button>
  );
}
