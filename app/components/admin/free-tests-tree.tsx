import { Link } from "react-router";
import { NewTabLink } from "~/components/content/new-tab-link";
import type { AdminTestCategory, AdminTestSubcategory } from "~/db/queries/free-tests.server";
import { adminMessages, type TestLevel } from "~/lib/admin/messages";
import { safeHref } from "~/lib/safe-href";
import type { DeleteRequest } from "./confirm-delete";
import { RowActions, StatusBadge } from "./manager-table";
import { smallSecondary } from "./styles";

// The Free Test Series tree (spec §2): categories → subcategories → test items, each with its
// status and its actions; a parent also offers to add a child inside it.

const m = adminMessages.freeTests;

/** The free-tests page's URLs: ?new=subcategory&category=3, ?edit=item&id=9, ?delete=category&id=3. */
export const freeTestsHref = {
  add: (home: string, level: TestLevel, parent?: number) =>
    `${home}?new=${level}${parent === undefined ? "" : `&${level === "item" ? "subcategory" : "category"}=${parent}`}`,
  edit: (home: string, level: TestLevel, id: number) => `${home}?edit=${level}&id=${id}`,
  remove: (home: string, level: TestLevel, id: number) => `${home}?delete=${level}&id=${id}`,
};

const itemCount = (subcategories: AdminTestSubcategory[]) =>
  subcategories.reduce((sum, subcategory) => sum + subcategory.items.length, 0);

/** The confirmation of a delete: the spec's prompt, and what a parent takes with it. */
export function testDeleteRequest(
  level: TestLevel,
  id: number,
  name: string,
  impact?: { subcategories?: number; items: number },
): DeleteRequest {
  return {
    fields: { intent: "delete", level, id: String(id) },
    title: adminMessages.common.deleteTitle(level === "item" ? "test item" : level),
    prompt: m.confirmDelete(level),
    note: impact ? m.cascadeNotice(impact) || undefined : undefined,
    name,
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
    return subcategory ? { items: subcategory.items.length } : undefined;
  }
  return undefined;
}

function NodeHeader({
  heading,
  active,
  meta,
  children,
}: {
  heading: React.ReactNode;
  active: boolean;
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
        {meta ? <div className="mt-1 text-sm text-slate-600">{meta}</div> : null}
      </div>
      <div className="flex flex-wrap gap-2">{children}</div>
    </div>
  );
}

type OnDelete = (trigger: HTMLElement, request: DeleteRequest) => void;

/**
 * The actions of a category or subcategory: add a child inside it, edit it, and delete it (the
 * confirmation says what goes with it).
 */
function ParentActions({
  tree,
  home,
  level,
  node,
  addLabel,
  onDelete,
}: {
  tree: AdminTestCategory[];
  home: string;
  level: "category" | "subcategory";
  node: { id: number; name: string };
  addLabel: string;
  onDelete: OnDelete;
}) {
  return (
    <>
      <Link
        to={freeTestsHref.add(home, level === "category" ? "subcategory" : "item", node.id)}
        className={smallSecondary}
      >
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
    </>
  );
}

export function FreeTestsTree({
  tree,
  home,
  onDelete,
}: {
  tree: AdminTestCategory[];
  home: string;
  onDelete: OnDelete;
}) {
  return (
    <ul aria-label={m.tree} className="space-y-4">
      {tree.map((category) => (
        <li key={category.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
          <NodeHeader
            heading={<h2 className="text-lg font-semibold break-words text-slate-900">{category.name}</h2>}
            active={category.is_active}
            meta={m.slug(category.slug)}
          >
            <ParentActions
              tree={tree}
              home={home}
              level="category"
              node={category}
              addLabel={m.addSubcategory}
              onDelete={onDelete}
            />
          </NodeHeader>

          {category.subcategories.length === 0 ? (
            <p className="mt-3 text-sm text-slate-600">{m.noSubcategories}</p>
          ) : (
            <ul
              aria-label={m.subcategoryIn(category.name)}
              className="mt-4 space-y-3 border-l-2 border-slate-200 pl-3 sm:pl-5"
            >
              {category.subcategories.map((subcategory) => (
                <li key={subcategory.id} className="rounded-lg bg-slate-50 p-3 sm:p-4">
                  <NodeHeader
                    heading={<h3 className="font-semibold break-words text-slate-900">{subcategory.name}</h3>}
                    active={subcategory.is_active}
                    meta={`${m.tests(subcategory.test_count)} · ${m.slug(subcategory.slug)}`}
                  >
                    <ParentActions
                      tree={tree}
                      home={home}
                      level="subcategory"
                      node={subcategory}
                      addLabel={m.addItem}
                      onDelete={onDelete}
                    />
                  </NodeHeader>

                  {subcategory.items.length === 0 ? (
                    <p className="mt-2 text-sm text-slate-600">{m.noItems}</p>
                  ) : (
                    <ul aria-label={m.itemsIn(subcategory.name)} className="mt-3 divide-y divide-slate-200">
                      {subcategory.items.map((item) => {
                        const href = safeHref(item.test_link);
                        return (
                          <li key={item.id} className="py-3 first:pt-0 last:pb-0">
                            <NodeHeader
                              heading={<h4 className="font-medium break-words text-slate-900">{item.title}</h4>}
                              active={item.is_active}
                              meta={
                                <>
                                  {item.description ? <p className="break-words">{item.description}</p> : null}
                                  {href ? (
                                    <NewTabLink
                                      href={href}
                                      context={item.title}
                                      className="mt-1 inline-flex items-center gap-1 font-medium text-brand-700 underline hover:text-brand-800"
                                    >
                                      {m.openTest}
                                    </NewTabLink>
                                  ) : null}
                                </>
                              }
                            >
                              <RowActions
                                name={item.title}
                                editHref={freeTestsHref.edit(home, "item", item.id)}
                                deleteHref={freeTestsHref.remove(home, "item", item.id)}
                                onDelete={(trigger) =>
                                  onDelete(trigger, testDeleteRequest("item", item.id, item.title))
                                }
                              />
                            </NodeHeader>
                          </li>
                        );
                      })}
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
