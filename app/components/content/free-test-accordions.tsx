import { buttonStyles } from "~/components/catalog/buttons";
import type { FreeTestCategory, FreeTestSubcategory } from "~/db/queries/free-tests.server";
import { safeHref } from "~/lib/safe-href";
import { EmptyState } from "./empty-state";
import { ChevronDownIcon, FolderIcon } from "./icons";
import { NewTabLink } from "./new-tab-link";

export const messages = {
  start: "Start",
  empty: "No free tests available at the moment. New tests are added regularly, so check back soon.",
  testCount: (count: number) => (count === 1 ? "1 test" : `${count} tests`),
};

const summaryBase = "flex min-h-11 cursor-pointer list-none items-center gap-3 [&::-webkit-details-marker]:hidden";
const badge = "shrink-0 rounded-full bg-brand-50 px-2.5 py-0.5 text-sm font-semibold whitespace-nowrap text-brand-800";

/**
 * Free tests grouped category → subcategory (spec §2 "Free Tests"). Native <details> accordions,
 * so they open and close without JavaScript; the first category and its first subcategory start
 * open so the page shows tests at once.
 */
export function FreeTestAccordions({ categories }: { categories: FreeTestCategory[] }) {
  if (categories.length === 0) return <EmptyState message={messages.empty} icon={<FolderIcon />} />;
  return (
    <div className="mt-6 space-y-4">
      {categories.map((category, index) => (
        <details
          key={category.id}
          id={`category-${category.slug}`}
          open={index === 0}
          className="group/category scroll-mt-20 rounded-2xl border border-slate-200 bg-white shadow-sm"
        >
          <summary className={`${summaryBase} rounded-2xl px-4 py-4 sm:px-5`}>
            <span className="min-w-0 flex-1 text-lg font-bold text-slate-900">{category.name}</span>
            <span className={badge}>{messages.testCount(category.testCount)}</span>
            <ChevronDownIcon
              width={20}
              height={20}
              className="shrink-0 text-brand-700 transition-transform group-open/category:rotate-180"
            />
          </summary>
          <div className="space-y-3 px-3 pb-4 sm:px-5">
            {category.subcategories.map((subcategory, subIndex) => (
              <SubcategoryAccordion
                key={subcategory.id}
                subcategory={subcategory}
                defaultOpen={index === 0 && subIndex === 0}
              />
            ))}
          </div>
        </details>
      ))}
    </div>
  );
}

function SubcategoryAccordion({
  subcategory,
  defaultOpen,
}: {
  subcategory: FreeTestSubcategory;
  defaultOpen: boolean;
}) {
  return (
    <details
      id={`subcategory-${subcategory.slug}`}
      open={defaultOpen}
      className="group/sub scroll-mt-20 rounded-xl border border-slate-200 bg-slate-50 open:bg-white"
    >
      <summary className={`${summaryBase} rounded-xl px-3 py-3 sm:px-4`}>
        <span className="min-w-0 flex-1 font-semibold text-slate-900">{subcategory.name}</span>
        <span className={badge}>{messages.testCount(subcategory.tests.length)}</span>
        <ChevronDownIcon
          width={18}
          height={18}
          className="shrink-0 text-brand-700 transition-transform group-open/sub:rotate-180"
        />
      </summary>
      <ul className="divide-y divide-slate-200 border-t border-slate-200">
        {subcategory.tests.map((test) => {
          const link = safeHref(test.test_link);
          return (
            <li key={test.id} className="flex flex-col gap-3 px-3 py-4 sm:flex-row sm:items-center sm:px-4">
              <div className="min-w-0 flex-1">
                <p className="font-semibold break-words text-slate-900">{test.title}</p>
                {test.description && <p className="mt-1 text-sm break-words text-slate-700">{test.description}</p>}
              </div>
              {link && (
                <NewTabLink href={link} context={test.title} className={`${buttonStyles.primary} shrink-0 sm:w-28`}>
                  {messages.start}
                </NewTabLink>
              )}
            </li>
          );
        })}
      </ul>
    </details>
  );
}
