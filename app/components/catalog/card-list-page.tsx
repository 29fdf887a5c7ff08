import type { ContentImageProps } from "~/components/content/content-image";
import { ContentPage } from "~/components/content/page-header";

/** A catalog list page (all courses, test series, free courses): heading, intro and a grid of cards. */
export function CardListPage<T extends { id: number }>({
  title,
  intro,
  items,
  renderCard,
}: {
  title: string;
  intro: string;
  items: T[];
  /** The first card is above the fold, its picture the page's largest paint: it loads `first`, the rest `lazy`. */
  renderCard: (item: T, imagePriority: ContentImageProps["priority"]) => React.ReactNode;
}) {
  return (
    <ContentPage title={title} intro={intro}>
      <ul className="mt-8 grid gap-6 md:grid-cols-2">
        {items.map((item, i) => (
          <li key={item.id}>{renderCard(item, i === 0 ? "first" : "lazy")}</li>
        ))}
      </ul>
    </ContentPage>
  );
}
