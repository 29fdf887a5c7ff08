import { Carousel } from "~/components/ui/carousel";
import { SectionHeading } from "./section-heading";

/**
 * A home section of cards in a carousel (featured courses, testimonials): its heading row, then
 * the carousel. The carousel is the section's landmark, named like its heading (one region, not
 * two nested). `empty`, when given, stands in place of the carousel.
 */
export function CarouselSection({
  id,
  title,
  intro,
  action,
  className,
  empty,
  children,
}: {
  id: string;
  title: string;
  intro: string;
  action: React.ReactNode;
  className: string;
  empty?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <section className={className}>
      <SectionHeading id={id} title={title} intro={intro} action={action} />
      {empty ?? <Carousel label={title}>{children}</Carousel>}
    </section>
  );
}
