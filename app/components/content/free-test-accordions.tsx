import { Link } from "react-router";
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
 * so they open and close without JavaScript; the first category starts open so the page shows
 * tests at once, and each category's first subcategory is open inside it, so that opening a
 * category shows tests with one tap.
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
          <AccordionSummary
            className="rounded-2xl px-4 py-4 sm:px-5"
            name={category.name}
            nameClassName="text-lg font-bold text-slate-900"
            testCount={category.testCount}
            chevron={{ size: 20, turn: "group-open/category:rotate-180" }}
          />
          <div className="space-y-3 px-3 pb-4 sm:px-5">
            {category.subcategories.map((subcategory, subIndex) => (
              <SubcategoryAccordion key={subcategory.id} subcategory={subcategory} defaultOpen={subIndex === 0} />
            ))}
          </div>
        </details>
      ))}
    </div>
  );
}

/** An accordion's summary row: its name, its test count, and a chevron that turns as it opens. */
function AccordionSummary({
  className,
  name,
  nameClassName,
  testCount,
  chevron,
}: {
  className: string;
  name: string;
  nameClassName: string;
  testCount: number;
  /** `turn` is the group-open class of the accordion's own group. */
  chevron: { size: number; turn: string };
}) {
  return (
    <summary className={`${summaryBase} ${className}`}>
      <span className={`min-w-0 flex-1 ${nameClassName}`}>{name}</span>
      <span className={badge}>{messages.testCount(testCount)}</span>
      <ChevronDownIcon
        width={chevron.size}
        height={chevron.size}
        className={`shrink-0 text-brand-700 transition-transform ${chevron.turn}`}
      />
    </summary>
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
      <AccordionSummary
        className="rounded-xl px-3 py-3 sm:px-4"
        name={subcategory.name}
        nameClassName="font-semibold text-slate-900"
        testCount={subcategory.tests.length}
        chevron={{ size: 18, turn: "group-open/sub:rotate-180" }}
      />
      <ul className="divide-y divide-slate-200 border-t border-slate-200">
        {subcategory.tests.map((test) => {
          // A test of this site (issue 47) opens here, in the same tab; a link elsewhere in a new one.
          const onSite = test.practice_test_slug ? `/tests/${test.practice_test_slug}` : null;
          const link = onSite ? null : safeHref(test.test_link);
          return (
            <li key={test.id} className="flex flex-col gap-3 px-3 py-4 sm:flex-row sm:items-center sm:px-4">
              <div className="min-w-0 flex-1">
                <p className="font-semibold break-words text-slate-900">{test.title}</p>
                {test.description && <p className="mt-1 text-sm break-words text-slate-700">{test.description}</p>}
              </div>
              {onSite && (
                <Link to={onSite} className={`${buttonStyles.primary} shrink-0 sm:w-28`}>
                  {messages.start}
                  <span className="sr-only">: {test.title}</span>
                </Link>
              )}
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
