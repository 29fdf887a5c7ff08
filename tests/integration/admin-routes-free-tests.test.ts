import { describe, expect, it } from "vitest";
import { freeTestMessages } from "~/lib/admin/messages/free-tests";
import { loader as activityLoader } from "~/routes/admin/manage/activity";
import { action as freeTestsAction, loader as freeTestsLoader } from "~/routes/admin/manage/free-tests";
import { db, expectRefused, expectSaved, lastAudit, managerCalls, OLD, withoutTable } from "./admin-support";
import { snapshot } from "./auth-support";

// The Free Test Series manager (issue 5): categories, subcategories and test items created,
// updated and deleted (a parent with its children), each level's refusals; then the Activity view
// lists those writes, newest first.

const ADMIN = "content-admin@example.com";
const { post, get } = managerCalls(ADMIN);

describe(`admin managers on ${process.env.TEST_ENGINE}`, () => {
  describe("Free Test Series", () => {
    const path = "/admin/free-tests";
    const save = (fields: Record<string, string>) => post(freeTestsAction, path, fields);
    let category: number;
    let subcategory: number;
    let item: number;

    it("creates a category with its slug (lowercase, spaces to hyphens), a subcategory, a test item", async () => {
      expectSaved(
        await save({ intent: "create", level: "category", name: "Process Control", is_active: "on" }),
        path,
        "Category created successfully",
      );
      const cat = await db().selectFrom("test_categories").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
      category = cat.id;
      expect(cat).toMatchObject({ name: "Process Control", slug: "process-control", is_active: true });

      // A non-numeric test count becomes 0 (spec §5).
      expectSaved(
        await save({
          intent: "create",
          level: "subcategory",
          category_id: String(category),
          name: "Laplace Transforms",
          test_count: "many",
          is_active: "on",
        }),
        path,
        "Subcategory created successfully",
      );
      const sub = await db()
        .selectFrom("test_subcategories")
        .selectAll()
        .orderBy("id", "desc")
        .executeTakeFirstOrThrow();
      subcategory = sub.id;
      expect(sub).toMatchObject({
        category_id: category,
        name: "Laplace Transforms",
        slug: "laplace-transforms",
        test_count: 0,
      });

      expectSaved(
        await save({
          intent: "create",
          level: "item",
          subcategory_id: String(subcategory),
          title: "Transfer Functions Quiz",
          description: "",
          test_link: "https://learn.example.in/t/tf",
          is_active: "on",
        }),
        path,
        "Test item created successfully",
      );
      const row = await db().selectFrom("test_items").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
      item = row.id;
      expect(row).toMatchObject({
        subcategory_id: subcategory,
        title: "Transfer Functions Quiz",
        description: null,
        is_active: true,
      });
      expect(await lastAudit()).toMatchObject({ action: "create", entity: "test_items", entity_id: String(item) });

      const tree = await get(freeTestsLoader, path);
      const node = tree.kind === "data" ? tree.data.tree.find((c: { id: number }) => c.id === category) : null;
      expect(node).toMatchObject({ subcategories: [{ id: subcategory, items: [{ id: item }] }] });
    });

    it("updates each level with 'updated successfully'; a renamed category gets a new slug", async () => {
      expectSaved(
        await save({
          intent: "update",
          level: "category",
          id: String(category),
          name: "Process Dynamics & Control",
          is_active: "on",
        }),
        path,
        "Category updated successfully",
      );
      expect(
        await db().selectFrom("test_categories").select("slug").where("id", "=", category).executeTakeFirstOrThrow(),
      ).toEqual({ slug: "process-dynamics-and-control" });
      expectSaved(
        await save({
          intent: "update",
          level: "subcategory",
          id: String(subcategory),
          category_id: String(category),
          name: "Laplace Transforms",
          test_count: "4",
        }),
        path,
        "Subcategory updated successfully",
      );
      expect(
        await db()
          .selectFrom("test_subcategories")
          .select(["test_count", "is_active"])
          .where("id", "=", subcategory)
          .executeTakeFirstOrThrow(),
      ).toEqual({ test_count: 4, is_active: false });
      await db().updateTable("test_items").set({ updated_at: OLD }).where("id", "=", item).execute();
      expectSaved(
        await save({
          intent: "update",
          level: "item",
          id: String(item),
          subcategory_id: String(subcategory),
          title: "Transfer Functions",
          test_link: "https://learn.example.in/t/tf2",
          is_active: "on",
        }),
        path,
        "Test item updated successfully",
      );
      const row = await db().selectFrom("test_items").selectAll().where("id", "=", item).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ title: "Transfer Functions", test_link: "https://learn.example.in/t/tf2" });
      expect(row.updated_at).not.toBe(OLD);
    });

    it.each([
      ["category name", { intent: "create", level: "category", name: "" }, { name: "Category name is required" }],
      [
        "subcategory name",
        { intent: "create", level: "subcategory", category_id: "CAT", name: " " },
        { name: "Subcategory name is required" },
      ],
      [
        "parent category",
        { intent: "create", level: "subcategory", name: "Orphan" },
        { category_id: "Choose a parent category" },
      ],
      [
        "unknown parent",
        { intent: "create", level: "subcategory", category_id: "999999", name: "Orphan" },
        { category_id: "Choose a parent category" },
      ],
      [
        "negative test count",
        { intent: "create", level: "subcategory", category_id: "CAT", name: "Neg", test_count: "-2" },
        { test_count: "Test count must be 0 or more" },
      ],
      [
        "item subcategory",
        { intent: "create", level: "item", title: "T", test_link: "https://x.in" },
        { subcategory_id: "Choose a subcategory" },
      ],
      [
        "unknown subcategory",
        { intent: "create", level: "item", subcategory_id: "999999", title: "T", test_link: "https://x.in" },
        { subcategory_id: "Choose a subcategory" },
      ],
      [
        "item title",
        { intent: "create", level: "item", subcategory_id: "SUB", title: "", test_link: "https://x.in" },
        { title: "Title is required" },
      ],
      [
        "test link",
        { intent: "create", level: "item", subcategory_id: "SUB", title: "T", test_link: "javascript:alert(1)" },
        { test_link: /http:\/\/ or https:\/\// },
      ],
    ])("refuses a missing or bad %s, saying which level failed", async (_n, fields, errors) => {
      const before = await snapshot();
      const posted = Object.fromEntries(
        Object.entries(fields).map(([k, v]) => [
          k,
          v === "CAT" ? String(category) : v === "SUB" ? String(subcategory) : v,
        ]),
      );
      const answer = await save(posted);
      expectRefused(answer, 400, "Please correct the highlighted fields.", errors);
      expect(answer.kind === "data" && answer.data.values.level).toBe(fields.level);
      expect(await snapshot()).toEqual(before);
    });

    it("refuses an unknown level and says the spec's failure texts", async () => {
      expectRefused(await save({ intent: "create", level: "chapter", name: "X" }), 400, "Failed to save data");
      expectRefused(await save({ intent: "delete", level: "item", id: "999999" }), 404, "Failed to delete");
      expectRefused(
        await save({ intent: "update", level: "category", id: "999999", name: "X" }),
        404,
        "Failed to save data",
      );
      const failedLoad = await withoutTable("test_items", () => get(freeTestsLoader, path));
      expect(failedLoad).toMatchObject({
        kind: "data",
        status: 200,
        data: { tree: [], loadError: "Failed to load data" },
      });
    });

    it("deletes an item ('Item deleted successfully') and a subcategory with its items", async () => {
      expectSaved(await save({ intent: "delete", level: "item", id: String(item) }), path, "Item deleted successfully");
      expect(
        await db().selectFrom("test_items").select("id").where("id", "=", item).executeTakeFirst(),
      ).toBeUndefined();

      await save({
        intent: "create",
        level: "item",
        subcategory_id: String(subcategory),
        title: "Bode Plots",
        test_link: "https://x.in/b",
      });
      const confirm = await get(freeTestsLoader, `${path}?delete=subcategory&id=${subcategory}`);
      expect(confirm).toMatchObject({ kind: "data", data: { deleteImpact: { items: 1 } } });
      expectSaved(
        await save({ intent: "delete", level: "subcategory", id: String(subcategory) }),
        path,
        "Subcategory deleted successfully",
      );
      expect(
        await db().selectFrom("test_items").select("id").where("subcategory_id", "=", subcategory).execute(),
      ).toEqual([]);
    });

    it("deletes a category with its subcategories and their items, and the confirm step says so", async () => {
      for (const name of ["Controllers", "Stability"]) {
        await save({
          intent: "create",
          level: "subcategory",
          category_id: String(category),
          name,
          test_count: "1",
          is_active: "on",
        });
      }
      const subs = await db()
        .selectFrom("test_subcategories")
        .select("id")
        .where("category_id", "=", category)
        .execute();
      for (const sub of subs) {
        await save({
          intent: "create",
          level: "item",
          subcategory_id: String(sub.id),
          title: `Quiz ${sub.id}`,
          test_link: "https://x.in/q",
          is_active: "on",
        });
      }
      const confirm = await get(freeTestsLoader, `${path}?delete=category&id=${category}`);
      expect(confirm).toMatchObject({ kind: "data", data: { deleteImpact: { subcategories: 2, items: 2 } } });
      expect(freeTestMessages.cascadeNotice({ subcategories: 2, items: 2 })).toBe(
        "Its 2 subcategories and 2 test items will be deleted too.",
      );

      expectSaved(
        await save({ intent: "delete", level: "category", id: String(category) }),
        path,
        "Category deleted successfully",
      );
      expect(
        await db().selectFrom("test_subcategories").select("id").where("category_id", "=", category).execute(),
      ).toEqual([]);
      const orphans = await db()
        .selectFrom("test_items")
        .select("id")
        .where(
          "subcategory_id",
          "in",
          subs.map((s) => s.id),
        )
        .execute();
      expect(orphans).toEqual([]);
      expect(await lastAudit()).toMatchObject({
        action: "delete",
        entity: "test_categories",
        entity_id: String(category),
      });
      expect(JSON.parse((await lastAudit()).details!)).toMatchObject({ subcategories: 2, items: 2 });
    });
  });

  describe("Activity", () => {
    it("lists the latest entries, newest first, with who did what", async () => {
      const answer = await get(activityLoader, "/admin/activity");
      expect(answer.kind).toBe("data");
      const entries = answer.kind === "data" ? answer.data.entries : [];
      expect(entries.length).toBeGreaterThan(10);
      expect(entries[0]).toMatchObject({ actorEmail: ADMIN, action: "delete", entity: "test_categories" });
      const times = entries.map((e: { createdAt: string }) => e.createdAt);
      expect(times.toSorted().toReversed()).toEqual(times);
      const failed = await withoutTable("audit_log", () => get(activityLoader, "/admin/activity"));
      expect(failed).toMatchObject({
        kind: "data",
        status: 200,
        data: { entries: [], loadError: "Failed to load data" },
      });
    });
  });
});
