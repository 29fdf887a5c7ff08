import { describe, expect, it } from "vitest";
import { ebookMessages } from "~/lib/admin/messages/ebooks";
import { freeMaterialMessages } from "~/lib/admin/messages/free-materials";
import { action as ebooksAction, loader as ebooksLoader } from "~/routes/admin/manage/ebooks";
import { action as materialsAction, loader as materialsLoader } from "~/routes/admin/manage/free-materials";
import { db, expectRefused, expectSaved, lastAudit, managerCalls, OLD, withoutTable } from "./admin-support";
import { snapshot } from "./auth-support";

// The E-Books and Free Materials managers (issue 5), one table of links each and the same tests:
// created, listed, updated and deleted with the spec's toasts and audit rows; invalid links
// refused with the typed values kept; the spec's failure texts.

const ADMIN = "content-admin@example.com";
const { post, get } = managerCalls(ADMIN);

describe(`admin managers on ${process.env.TEST_ENGINE}`, () => {
  describe.each([
    {
      name: "E-Books",
      action: ebooksAction,
      loader: ebooksLoader,
      path: "/admin/ebooks",
      table: "ebooks" as const,
      link: "pdf_link",
      messages: ebookMessages,
      texts: ["E-book created successfully", "E-book updated successfully", "E-book deleted successfully"],
      loadFailed: "Failed to load ebooks",
      failures: ["Failed to save ebook", "Failed to delete ebook"],
      linkLabel: "PDF link",
    },
    {
      name: "Free Materials",
      action: materialsAction,
      loader: materialsLoader,
      path: "/admin/free-materials",
      table: "free_materials" as const,
      link: "material_link",
      messages: freeMaterialMessages,
      texts: ["Material created successfully", "Material updated successfully", "Material deleted successfully"],
      loadFailed: "Failed to load materials",
      failures: ["Failed to save material", "Failed to delete material"],
      linkLabel: "Material link",
    },
  ])("$name", ({ action, loader, path, table, link, messages, texts, loadFailed, failures, linkLabel }) => {
    let id: number;

    it("creates, lists, updates (updated_at set, Active off) and deletes, with the spec's toasts and audit rows", async () => {
      const created = await post(action, `${path}?new=1`, {
        intent: "create",
        title: "Heat Exchanger Design Notes",
        description: "Shell and tube, LMTD and NTU.",
        [link]: "https://learn.example.in/heat-exchangers.pdf",
        is_active: "on",
      });
      expectSaved(created, path, texts[0]!);
      const row = await db().selectFrom(table).selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
      id = row.id;
      expect(row).toMatchObject({
        title: "Heat Exchanger Design Notes",
        is_active: true,
        [link]: "https://learn.example.in/heat-exchangers.pdf",
      });
      expect(await lastAudit()).toMatchObject({
        action: "create",
        entity: table,
        entity_id: String(id),
        actor_email: ADMIN,
      });

      const listed = await get(loader, path);
      expect(listed.kind === "data" && listed.data.rows.rows[0]).toMatchObject({
        id,
        link: "https://learn.example.in/heat-exchangers.pdf",
      });

      await db().updateTable(table).set({ updated_at: OLD }).where("id", "=", id).execute();
      const updated = await post(action, `${path}?edit=${id}`, {
        intent: "update",
        id: String(id),
        title: "Heat Exchanger Notes",
        description: "",
        [link]: "https://learn.example.in/hx.pdf",
      });
      expectSaved(updated, path, texts[1]!);
      const after = await db().selectFrom(table).selectAll().where("id", "=", id).executeTakeFirstOrThrow();
      expect(after).toMatchObject({
        title: "Heat Exchanger Notes",
        description: null,
        is_active: false,
        [link]: "https://learn.example.in/hx.pdf",
      });
      expect(after.updated_at).not.toBe(OLD);

      expectSaved(await post(action, path, { intent: "delete", id: String(id) }), path, texts[2]!);
      expect(await db().selectFrom(table).select("id").where("id", "=", id).executeTakeFirst()).toBeUndefined();
      expect(await lastAudit()).toMatchObject({ action: "delete", entity: table, entity_id: String(id) });
      expect(texts).toEqual([messages.created, messages.updated, messages.deleted]);
    });

    it.each([
      ["title", { title: "  " }, { title: "Title is required" }],
      ["link", { [link]: "" }, { [link]: `${linkLabel} is required` }],
      ["javascript: link", { [link]: "javascript:alert(document.cookie)" }, { [link]: /http:\/\/ or https:\/\// }],
      ["data: link", { [link]: "data:application/pdf;base64,AAAA" }, { [link]: /http:\/\/ or https:\/\// }],
    ])("refuses an invalid %s, keeping the typed values, writing nothing", async (_n, change, errors) => {
      const before = await snapshot();
      const fields = {
        intent: "create",
        title: "Valid",
        description: "Kept text",
        [link]: "https://x.in/a.pdf",
        ...change,
      };
      const data = expectRefused(
        await post(action, `${path}?new=1`, fields),
        400,
        "Please correct the highlighted fields.",
        errors,
      );
      expect(data?.values.description).toBe("Kept text");
      expect(await snapshot()).toEqual(before);
    });

    it("says the spec's failure texts", async () => {
      expectRefused(
        await post(action, path, { intent: "update", id: "999999", title: "X", [link]: "https://x.in" }),
        404,
        failures[0]!,
      );
      expectRefused(await post(action, path, { intent: "delete", id: "999999" }), 404, failures[1]!);
      expect(failures).toEqual([messages.saveFailed, messages.deleteFailed]);
      const failedLoad = await withoutTable(table, () => get(loader, path));
      expect(failedLoad).toMatchObject({
        kind: "data",
        status: 200,
        data: { rows: { rows: [] }, loadError: loadFailed },
      });
    });
  });
});
