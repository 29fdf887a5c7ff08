import { useId, type ComponentProps, type ReactNode } from "react";

type HeadedSectionProps = Omit<ComponentProps<"section">, "aria-labelledby"> & {
  heading: ReactNode;
  headingClassName?: string;
  /** The paragraph under the heading. */
  intro?: ReactNode;
  introClassName?: string;
  /** A table of contents or a list of links is a <nav>. */
  as?: "section" | "nav";
};

/**
 * A region named by its own heading (`aria-labelledby`), the two ids paired by construction:
 * the heading, an optional paragraph under it, then the children.
 */
export function HeadedSection({
  heading,
  headingClassName,
  intro,
  introClassName,
  as: Region = "section",
  children,
  ...props
}: HeadedSectionProps) {
  const headingId = useId();
  return (
    <Region aria-labelledby={headingId} {...props}>
      <h2 id={headingId} className={headingClassName}>
        {heading}
      </h2>
      {intro === undefined ? null : <p className={introClassName}>{intro}</p>}
      {children}
    </Region>
  );
}
