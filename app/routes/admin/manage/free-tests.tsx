import { useLoaderData, useLocation, type MetaFunction } from "react-router";
import type { Route } from "./+types/free-tests";
import { FreeTestsTree, impactInTree, testDeleteRequest } from "~/components/admin/free-tests-tree";
import { ConfirmDeletePanel, useDeleteDialog } from "~/components/admin/confirm-delete";
import { ManagerForm } from "~/components/admin/manager-form";
import { ManagerPage } from "~/components/admin/manager-page";
import {
  failureOf,
  postedValues,
  toFormValues,
  useManager,
  type FormValues,
  type Manager,
} from "~/components/admin/manager-state";
import { CheckboxField } from "~/components/forms/checkbox-field";
import { bindFields } from "~/components/forms/bind-fields";
import { Field, inputClass, TextAreaField, TextField, useControl, type FieldProps } from "~/components/forms/fields";
import { SelectField } from "~/components/forms/select-field";
import { adminSection } from "~/lib/admin/sections";
import type { AdminActor } from "~/db/audited-write.server";
import {
  createTestCategory,
  createTestItem,
  createTestSubcategory,
  deleteTestCategory,
  deleteTestItem,
  deleteTestSubcategory,
  getCategoryDeletionImpact,
  getSubcategoryDeletionImpact,
  getTestCategory,
  getTestSubcategory,
  findTestItems,
  listTestParents,
  pageTestTree,
  setTestItemActive,
  updateTestCategory,
  updateTestItem,
  updateTestSubcategory,
  type AdminTestCategory,
  type AdminTestItem,
} from "~/db/queries/free-tests.server";
import {
  BulkBarWithSelectAll,
  BulkConfirmPanel,
  BulkProvider,
  ListFilters,
  ListPager,
  useBulk,
  useFocusSavedRow,
  viewHref,
} from "~/components/admin/list-controls";
import { listBack, parseIds, parseListQuery } from "~/core/list-query";
import { freeTestItemList } from "~/lib/admin/admin-lists";
import { activeRowWrites, answerBulk, viewOf } from "~/lib/admin/list-actions.server";
import { listMessages } from "~/lib/admin/messages/lists";
import { listTestChoices } from "~/db/queries/practice-test-admin.server";
import { findTestById } from "~/db/queries/practice-tests.server";
import { answerCrud, loadOr, loadPage, postedForm, withPostedForm } from "~/lib/admin/manager-actions.server";
import { commonMessages } from "~/lib/admin/messages/common";
import { freeTestMessages, type TestLevel } from "~/lib/admin/messages/free-tests";
import { requireAdmin } from "~/lib/auth/guard.server";
import { formFailure } from "~/lib/forms/read-form.server";
import type { FormFailure } from "~/lib/forms/submission";
import { testCategoryDefaults, TestCategorySchema } from "~/lib/schemas/admin/test-category";
import { testItemDefaults, TestItemSchema } from "~/lib/schemas/admin/test-item";
import { testSubcategoryDefaults, TestSubcategorySchema } from "~/lib/schemas/admin/test-subcategory";
import { dbContext } from "~/lib/request-context";
import type { DB } from "~/db/client.server";

// Free Test Series manager (spec §2, §5, §7, §8): the tree of categories → subcategories → test
// items with add, edit and delete at each level. A test item opens a test of this site (issue 47,
// one of /admin/tests) or one elsewhere (its test link). Deleting a parent deletes its children
// too; the confirmation says how many (see ~/db/queries/free-tests.server.ts). Every form posts `level`
// (category, subcategory, item) and `intent` (create, update, delete). Every loader and action
// starts with the guard.

const section = adminSection("free-tests");
const m = freeTestMessages;
const levels = ["category", "subcategory", "item"] as const satisfies readonly TestLevel[];

const asLevel = (value: string | null | undefined): TestLevel | null => levels.find((level) => level === value) ?? null;

/** The page's URL state: which form is open, which delete is being confirmed. */
function readUrl(search: string) {
  const params = new URLSearchParams(search);
  const number = (name: string) => {
    const value = Number(params.get(name));
    return Number.isInteger(value) && value > 0 ? value : null;
  };
  return {
    adding: asLevel(params.get("new")),
    editing: asLevel(params.get("edit")),
    deleting: asLevel(params.get("delete")),
    id: number("id"),
    category: number("category"),
    subcategory: number("subcategory"),
  };
}

export const meta: MetaFunction = () => [{ title: `${section.title} · Admin` }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  await requireAdmin(db, request);
  const address = new URL(request.url);
  // Issue 48: a page of the tree as the address says (?q=, ?active=, ?page=), the categories and
  // subcategories whole for the forms' choices, and the items the states name off the page.
  const query = parseListQuery(freeTestItemList.spec, address.searchParams);
  const { parents, page, testChoices, loadError } = await loadPage(
    db,
    "test tree",
    m,
    { parents: listTestParents, page: () => pageTestTree(db, query), testChoices: listTestChoices },
    { parents: [], page: { items: [], page: query.page, hasNext: false }, testChoices: [] },
  );
  const tree = page.items;
  const onPage = new Set(tree.flatMap((c) => c.subcategories.flatMap((s) => s.items.map((i) => i.id))));
  const url = readUrl(address.search);
  const bulkStep = readBulkStep(address.searchParams, [...onPage]);
  const wanted = [
    ...(url.id !== null && (url.editing === "item" || url.deleting === "item") ? [url.id] : []),
    ...(bulkStep.ids ?? []),
  ].filter((id) => !onPage.has(id));
  const others = loadError ? [] : (await loadOr("test items", () => findTestItems(db, wanted), [])).value;
  const found = new Map(
    [...tree.flatMap((c) => c.subcategories.flatMap((s) => s.items)), ...others].map((item) => [item.id, item]),
  );
  const bulkRows = (bulkStep.ids ?? []).map((id) => found.get(id)).filter((item) => item !== undefined);
  const bulk = bulkStep.action && bulkRows.length > 0 ? { action: bulkStep.action, rows: bulkRows } : null;
  const bulkError = bulkStep.error ?? (bulkStep.action && bulkRows.length === 0 ? listMessages.gone : null);
  // The no-JavaScript confirmation step says what a parent's delete takes with it.
  let deleteImpact: { subcategories?: number; items: number } | null = null;
  if (!loadError && url.id !== null && (url.deleting === "category" || url.deleting === "subcategory")) {
    const id = url.id;
    const impact = await loadOr(
      "deletion impact",
      () => (url.deleting === "category" ? getCategoryDeletionImpact(db, id) : getSubcategoryDeletionImpact(db, id)),
      null,
    );
    deleteImpact = impact.value;
  }
  return {
    tree,
    parents,
    others,
    hasNext: page.hasNext,
    view: viewOf(freeTestItemList, query),
    bulk,
    bulkError,
    testChoices,
    deleteImpact,
    loadError,
  };
}

/** The bulk step an address asks for (?bulk=deactivate&ids=3&ids=9, or &all=1: the page's items). */
function readBulkStep(search: URLSearchParams, pageItems: number[]) {
  const asked = search.get("bulk");
  if (asked === null) return { action: null, ids: null, error: null };
  const chosen = freeTestItemList.bulk.find((a) => a === asked) ?? null;
  const ids = search.get("all") === "1" ? pageItems : parseIds(search.getAll("ids"));
  if (!chosen) return { action: null, ids: null, error: listMessages.unknownAction };
  if (!ids || ids.length === 0) return { action: null, ids: null, error: listMessages.noneSelected };
  return { action: chosen, ids, error: null };
}

/** Where a write returns: the tree as it was viewed, without the page's states (issue 48). */
function backTo(request: Request) {
  const back = new URL(listBack(section.path, request.url), "http://local");
  for (const name of ["id", "category", "subcategory", "level"]) back.searchParams.delete(name);
  return `${section.path}${back.search}`;
}

function answerLevel(db: DB, values: Record<string, string>, admin: AdminActor, level: TestLevel, home: string) {
  const messages = {
    created: m.created(level),
    updated: m.updated(level),
    deleted: m.deleted(level),
    saveFailed: m.saveFailed,
    deleteFailed: m.deleteFailed,
  };
  const common = { messages, home, what: `test ${level}` };
  switch (level) {
    case "category":
      return answerCrud(db, values, admin, {
        ...common,
        schema: TestCategorySchema,
        writes: { create: createTestCategory, update: updateTestCategory, remove: deleteTestCategory },
      });
    case "subcategory":
      return answerCrud(db, values, admin, {
        ...common,
        schema: TestSubcategorySchema,
        // A subcategory needs a parent category (spec §5) that exists.
        check: async (input) =>
          (await getTestCategory(db, input.category_id)) ? null : { category_id: m.chooseParent },
        writes: { create: createTestSubcategory, update: updateTestSubcategory, remove: deleteTestSubcategory },
      });
    case "item":
      return answerCrud(db, values, admin, {
        ...common,
        schema: TestItemSchema,
        check: async (input) => {
          if (!(await getTestSubcategory(db, input.subcategory_id))) return { subcategory_id: m.chooseSubcategory };
          // The on-site test chosen must exist (issue 47); a draft may be chosen, and opens once published.
          if (input.practice_test_id !== null && !(await findTestById(db, input.practice_test_id)))
            return { practice_test_id: m.chooseOnSiteTest };
          return null;
        },
        writes: { create: createTestItem, update: updateTestItem, remove: deleteTestItem },
      });
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const admin = await requireAdmin(db, request);
  return withPostedForm(request, (values) => {
    if (values.intent === "bulk") {
      return answerBulk(db, request, values, {
        admin,
        list: freeTestItemList,
        home: section.path,
        writes: activeRowWrites(setTestItemActive, deleteTestItem),
      });
    }
    const level = asLevel(values.level);
    if (level) return answerLevel(db, values, admin, level, backTo(request));
    const formError = values.intent === "delete" ? m.deleteFailed : m.saveFailed;
    return formFailure(400, { formError, values: postedForm(values) });
  });
}

const checkboxes = ["is_active"];

/** The open form: its level, whether it edits, and the values it starts from. */
function openForm(
  tree: AdminTestCategory[],
  items: AdminTestItem[],
  url: ReturnType<typeof readUrl>,
  failure: FormFailure | undefined,
): { level: TestLevel; id?: number; values: FormValues } | null {
  const failedLevel = asLevel(failure?.values.level);
  if (failure && failedLevel) {
    const id = Number(failure.values.id);
    return {
      level: failedLevel,
      id: failure.values.intent === "update" && id > 0 ? id : undefined,
      values: postedValues(failure.values, checkboxes),
    };
  }
  if (url.editing && url.id !== null) {
    const id = url.id;
    const subcategories = tree.flatMap((c) => c.subcategories);
    const row =
      url.editing === "category"
        ? tree.find((c) => c.id === id)
        : url.editing === "subcategory"
          ? subcategories.find((s) => s.id === id)
          : items.find((i) => i.id === id);
    if (!row) return null;
    return { level: url.editing, id, values: toFormValues(row) };
  }
  switch (url.adding) {
    case "category":
      return { level: "category", values: toFormValues(testCategoryDefaults) };
    case "subcategory":
      return {
        level: "subcategory",
        values: toFormValues({ ...testSubcategoryDefaults, category_id: url.category ?? "" }),
      };
    case "item":
      return { level: "item", values: toFormValues({ ...testItemDefaults, subcategory_id: url.subcategory ?? "" }) };
    default:
      return null;
  }
}

/** An on-site test a free-test item may open (issue 47). */
type TestChoice = { id: number; title: string; status: "draft" | "published"; is_sample: boolean };

/**
 * The item's outside link: required unless an on-site test is chosen, so not `required` (a
 * browser would refuse the form) and not labelled optional; its hint says which.
 */
function TestLinkField(field: Omit<FieldProps, "optional">) {
  const control = useControl(field);
  return (
    <Field id={control.id} field={field}>
      <input {...control} type="url" maxLength={2000} className={inputClass} />
    </Field>
  );
}

function LevelFields({
  level,
  tree,
  testChoices,
  values,
  failure,
}: {
  level: TestLevel;
  tree: AdminTestCategory[];
  testChoices: TestChoice[];
  values: FormValues;
  failure?: FormFailure;
}) {
  const field = bindFields(values, failure?.fieldErrors);
  const active = <CheckboxField name="is_active" label={m.active} defaultChecked={values.is_active === true} />;
  if (level === "category") {
    return (
      <>
        <TextField {...field("name")} label={m.categoryName} />
        {active}
      </>
    );
  }
  if (level === "subcategory") {
    return (
      <>
        <SelectField
          {...field("category_id")}
          label={m.parentCategory}
          placeholder={m.chooseCategory}
          options={tree.map((c) => ({ value: String(c.id), label: c.name }))}
        />
        <TextField {...field("name")} label={m.subcategoryName} />
        <TextField
          {...field("test_count")}
          type="number"
          inputMode="numeric"
          min={0}
          label={m.testCount}
          hint={m.testCountHint}
          optional
        />
        {active}
      </>
    );
  }
  return (
    <>
      <SelectField
        {...field("subcategory_id")}
        label={m.subcategory}
        placeholder={m.chooseSubcategory}
        groups={tree
          .filter((c) => c.subcategories.length > 0)
          .map((c) => ({
            label: c.name,
            options: c.subcategories.map((s) => ({ value: String(s.id), label: s.name })),
          }))}
      />
      <TextField {...field("title")} label={m.title} />
      <TextAreaField {...field("description")} label={m.description} optional />
      <SelectField
        {...field("practice_test_id")}
        label={m.onSiteTest}
        placeholder={m.noOnSiteTest}
        hint={m.onSiteTestHint}
        optional
        options={testChoices.map((t) => ({
          value: String(t.id),
          label: t.status === "published" ? t.title : m.draftTest(t.title),
        }))}
      />
      <TestLinkField {...field("test_link")} label={m.testLink} hint={m.testLinkHint} />
      {active}
    </>
  );
}

function LevelForm({
  manager,
  tree,
  testChoices,
  form,
  failure,
  cancelTo,
}: {
  manager: Manager;
  tree: AdminTestCategory[];
  testChoices: TestChoice[];
  form: { level: TestLevel; id?: number; values: FormValues };
  failure?: FormFailure;
  cancelTo: string;
}) {
  const editing = form.id !== undefined;
  return (
    <ManagerForm
      key={`${form.level}-${form.id ?? "new"}`}
      manager={manager}
      title={editing ? m.editTitle[form.level] : m.addTitle[form.level]}
      intent={editing ? "update" : "create"}
      id={form.id}
      hidden={{ level: form.level }}
      submitLabel={editing ? commonMessages.update : commonMessages.create}
      cancelTo={cancelTo}
      failure={failure}
    >
      <LevelFields level={form.level} tree={tree} testChoices={testChoices} values={form.values} failure={failure} />
    </ManagerForm>
  );
}

/** The name of a node, for the confirmation step. */
function nodeName(tree: AdminTestCategory[], items: AdminTestItem[], level: TestLevel, id: number): string | undefined {
  const subcategories = tree.flatMap((c) => c.subcategories);
  if (level === "category") return tree.find((c) => c.id === id)?.name;
  if (level === "subcategory") return subcategories.find((s) => s.id === id)?.name;
  return items.find((i) => i.id === id)?.title;
}

export default function FreeTestsManager() {
  const data = useLoaderData<typeof loader>();
  const { tree, parents, others, testChoices, deleteImpact, loadError, view } = data;
  const location = useLocation();
  const url = readUrl(location.search);
  const manager = useManager();
  const dialog = useDeleteDialog();
  const bulk = useBulk(true);
  useFocusSavedRow();
  const home = section.path;
  // The tree as it is viewed (issue 48): where the forms return, what every link keeps.
  const back = viewHref(home, view);
  const items = [...tree.flatMap((c) => c.subcategories.flatMap((s) => s.items)), ...others];

  const form = openForm(parents, items, url, failureOf(manager, ["create", "update"]));
  const refused = form ? failureOf(manager, ["create", "update"], form.level) : undefined;
  const confirmName = url.deleting && url.id !== null ? nodeName(parents, items, url.deleting, url.id) : undefined;
  const confirming =
    url.deleting && url.id !== null && confirmName !== undefined
      ? testDeleteRequest(url.deleting, url.id, confirmName, deleteImpact ?? impactInTree(tree, url.deleting, url.id))
      : undefined;
  const listing = { list: freeTestItemList, view, what: "test items" };

  return (
    <ManagerPage
      section={section}
      addLabel={m.addCategory}
      addHref={viewHref(home, view, { new: "category" })}
      formOpen={form !== null}
      loadError={loadError}
      manager={manager}
      dialog={dialog}
    >
      {form ? (
        <LevelForm
          manager={manager}
          tree={parents}
          testChoices={testChoices}
          form={form}
          failure={refused}
          cancelTo={back}
        />
      ) : null}
      {confirming ? <ConfirmDeletePanel manager={manager} request={confirming} cancelTo={back} /> : null}
      <BulkConfirmPanel
        manager={manager}
        list={freeTestItemList}
        step={data.bulk}
        error={data.bulkError}
        name={(item) => item.title}
        cancelTo={back}
      />
      <ListFilters home={home} list={freeTestItemList} view={view} what={listing.what} sorts={{}} />

      {tree.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white px-4 py-6 text-center text-slate-600">
          {loadError ?? (view.filtered ? listMessages.noMatch : m.empty)}
        </p>
      ) : (
        <BulkProvider selection={bulk}>
          <BulkBarWithSelectAll
            selection={bulk}
            home={home}
            list={freeTestItemList}
            view={view}
            manager={manager}
            what={listing.what}
            nameOf={(id) => items.find((item) => String(item.id) === id)?.title}
          />
          <FreeTestsTree tree={tree} testChoices={testChoices} home={back} onDelete={dialog.open} />
        </BulkProvider>
      )}
      <ListPager home={home} view={view} hasNext={data.hasNext} what={listing.what} />
    </ManagerPage>
  );
}
