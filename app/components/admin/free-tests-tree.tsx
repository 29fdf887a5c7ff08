import { Link } from "react-router";
import type { AdminTestCategory, AdminTestItem, AdminTestSubcategory } from "~/db/queries/free-tests.server";
import { commonMessages } from "~/lib/admin/messages/common";
import { freeTestMessages, type TestLevel } from "~/lib/admin/messages/free-tests";
import type { DeleteRequest } from "./confirm-delete";
import { RowCheck, rowProps } from "./list-controls";
import { RowActions, StatusBadge } from "./manager-table";
import { OpenLink } from "./open-link";
import { smallSecondary, textLink } from "./styles";

// The Free Test Series tree (spec §2): categories → subcategories → test items, each with its
// status and its actions; a parent also offers to add a child inside it.

const m = freeTestMessages;

/** `home` (which may hold the list's view, issue 48) with more parameters. */
const withState = (home: string, state: string) => `${home}${home.includes("?") ? "&" : "?"}${state}`;

/** The free-tests page's URLs: ?new=subcategory&category=3, ?edit=item&id=9, ?delete=category&id=3. */
export const freeTestsHref = {
  add: (home: string, level: TestLevel, parent?: number) =>
    withState(
      home,
      `new=${level}${parent === undefined ? "" : `&${level === "item" ? "subcategory" : "category"}=${parent}`}`,
    ),
  edit: (home: string, level: TestLevel, id: number) => withState(home, `edit=${level}&id=${id}`),
  remove: (home: string, level: TestLevel, id: number) => withState(home, `delete=${level}&id=${id}`),
};

/** A subcategory's items in all: a filtered list shows only some of them (issue 48). */
const itemsOf = (subcategory: AdminTestSubcategory) => subcategory.item_count ?? subcategory.items.length;

const itemCount = (subcategories: AdminTestSubcategory[]) =>
  subcategories.reduce((sum, subcategory) => sum + itemsOf(subcategory), 0);

/** The confirmation of a delete: the spec's prompt, and what a parent takes with it. */
export function testDeleteRequest(
  level: TestLevel,
  id: number,
  name: string,
  impact?: { subcategories?: number; items: number },
): DeleteRequest {
  return {
    fields: { intent: "delete", level, id: String(id) },
    title: commonMessages.deleteTitle(level === "item" ? "test item" : level),
    prompt: m.confirmDelete(level),
    note: impact ? m.cascadeNotice(impact) || undefined : undefined,
    name,
    // An item is trashed; a category or subcategory is deleted with what it holds.
    restorable: level === "item",
  };
}

/** The impact of deleting a node, counted from the tree the page shows. */
export function impactInTree(tree: AdminTestCategory[], level: TestLevel, id: number) {
  if (level === "category") {
    const category = tree.find((c) => c.id === id);
    return category
      ? { subcategories: category.subcategories.length, items: itemCount(category.subcategories) }
      : undefined;
  }
  if (level === "subcategory") {
    const subcategory = tree.flatMap((c) => c.subcategories).find((s) => s.id === id);
    return subcategory ? { items: itemsOf(subcategory) } : undefined;
  }
  return undefined;
}

function NodeHeader({
  heading,
  active,
  hiddenBy,
  meta,
  children,
}: {
  heading: React.ReactNode;
  active: boolean;
  /** The inactive parent that hides this active node from visitors. */
  hiddenBy?: "category" | "subcategory" | null;
  meta?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          {heading}
          <StatusBadge active={active} />
        </div>
        {active && hiddenBy ? <p className="mt-1 text-sm font-medium text-amber-800">{m.hiddenBy(hiddenBy)}</p> : null}
        {meta ? <div className="mt-1 text-sm text-slate-600">{meta}</div> : null}
      </div>
      <div className="flex flex-wrap gap-2">{children}</div>
    </div>
  );
}

type OnDelete = (trigger: HTMLElement, request: DeleteRequest) => void;

/** What every node's actions need: the tree (to count a delete's impact), the page and the dialog. */
interface TreeContext {
  tree: AdminTestCategory[];
  /** The tests of this site an item may open (issue 47), to name the one it opens. */
  testChoices: { id: number; title: string }[];
  home: string;
  onDelete: OnDelete;
}

const parents = {
  category: { Heading: "h2", headingClass: "text-lg font-semibold", child: "subcategory", addLabel: m.addSubcategory },
  subcategory: { Heading: "h3", headingClass: "font-semibold", child: "item", addLabel: m.addItem },
} as const;

/**
 * The header of a category or subcategory: its name, status and meta, then its actions: add a
 * child inside it, edit it, and delete it (the confirmation says what goes with it).
 */
function ParentHeader({
  context: { tree, home, onDelete },
  level,
  node,
  hiddenBy,
  meta,
}: {
  context: TreeContext;
  level: keyof typeof parents;
  node: { id: number; name: string; is_active: boolean };
  hiddenBy?: "category" | null;
  meta: string;
}) {
  const { Heading, headingClass, child, addLabel } = parents[level];
  return (
    <NodeHeader
      heading={<Heading className={`${headingClass} break-words text-slate-900`}>{node.name}</Heading>}
      active={node.is_active}
      hiddenBy={hiddenBy}
      meta={meta}
    >
      <Link to={freeTestsHref.add(home, child, node.id)} className={smallSecondary}>
        {addLabel}
        <span className="sr-only"> {node.name}</span>
      </Link>
      <RowActions
        name={node.name}
        editHref={freeTestsHref.edit(home, level, node.id)}
        deleteHref={freeTestsHref.remove(home, level, node.id)}
        onDelete={(trigger) =>
          onDelete(trigger, testDeleteRequest(level, node.id, node.name, impactInTree(tree, level, node.id)))
        }
      />
    </NodeHeader>
  );
}

/** Where an item goes: the test of this site it opens (issue 47), or its outside link. */
function ItemTarget({ item, testChoices }: { item: AdminTestItem; testChoices: TreeContext["testChoices"] }) {
  if (item.practice_test_id !== null) {
    const test = testChoices.find((t) => t.id === item.practice_test_id);
    return (
      <p className="mt-1 break-words">
        {m.onSite(test?.title ?? `#${item.practice_test_id}`)}{" "}
        <Link to={`/admin/tests?edit=${item.practice_test_id}`} className={textLink}>
          {m.editOnSite}
          <span className="sr-only"> ({item.title})</span>
        </Link>
      </p>
    );
  }
  return <OpenLink link={item.test_link} context={item.title} label={m.openTest} className="mt-1" />;
}

export function FreeTestsTree(context: TreeContext) {
  const { tree, testChoices, home, onDelete } = context;
  return (
    <ul aria-label={m.tree} className="space-y-4">
      {tree.map((category) => (
        <li key={category.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
          <ParentHeader context={context} level="category" node={category} meta={m.slug(category.slug)} />

          {category.subcategories.length === 0 ? (
            <p className="mt-3 text-sm text-slate-600">{m.noSubcategories}</p>
          ) : (
            <ul
              aria-label={m.subcategoryIn(category.name)}
              className="mt-4 space-y-3 border-l-2 border-slate-200 pl-3 sm:pl-5"
            >
              {category.subcategories.map((subcategory) => (
                <li key={subcategory.id} className="rounded-lg bg-slate-50 p-3 sm:p-4">
                  <ParentHeader
                    context={context}
                    level="subcategory"
                    node={subcategory}
                    hiddenBy={category.is_active ? null : "category"}
                    meta={`${m.tests(subcategory.test_count)} · ${m.slug(subcategory.slug)}`}
                  />

                  {subcategory.items.length === 0 ? (
                    <p className="mt-2 text-sm text-slate-600">{m.noItems}</p>
                  ) : (
                    <ul aria-label={m.itemsIn(subcategory.name)} className="mt-3 divide-y divide-slate-200">
                      {subcategory.items.map((item) => (
                        <li key={item.id} {...rowProps(item.id, "py-3 first:pt-0 last:pb-0")}>
                          <NodeHeader
                            heading={
                              <>
                                <RowCheck id={item.id} name={item.title} />
                                <h4 className="font-medium break-words text-slate-900">{item.title}</h4>
                              </>
                            }
                            active={item.is_active}
                            hiddenBy={!category.is_active ? "category" : !subcategory.is_active ? "subcategory" : null}
                            meta={
                              <>
                                {item.description ? <p className="break-words">{item.description}</p> : null}
                                <ItemTarget item={item} testChoices={testChoices} />
                              </>
                            }
                          >
                            <RowActions
                              name={item.title}
                              editHref={freeTestsHref.edit(home, "item", item.id)}
                              deleteHref={freeTestsHref.remove(home, "item", item.id)}
                              onDelete={(trigger) => onDelete(trigger, testDeleteRequest("item", item.id, item.title))}
                            />
                          </NodeHeader>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}
