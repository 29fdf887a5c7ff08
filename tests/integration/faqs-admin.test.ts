import { describe, expect, it } from "vitest";
import { faqs as defaultFaqs } from "~/content/faqs";
import { getDb } from "~/db/client.server";
import { searchContent } from "~/lib/search/site-search.server";
import { action, loader as adminLoader } from "~/routes/admin/manage/faqs";
import { loader as faqPage } from "~/routes/public/faqs";
import { adminAndStudent, call, flash, getRequest, pageArgs, postRequest } from "./auth-support";

// The FAQ manager (issue 48 item 7) on each engine: staff add, reword, reorder, switch off and
// delete the FAQ page's questions, each write audited; /faqs and site search follow; the spec's
// five questions are the default content, word for word; only admins may do any of it.

const sessions = adminAndStudent("faqs-admin@example.com", "faqs-student@example.com");

const post = (fields: Record<string, string>, cookie = sessions.adminCookie) =>
  call(action as never, postRequest("/admin/faqs", fields, cookie));

const shown = async () => (await faqPage(pageArgs("/faqs"))).faqs.map((faq) => [faq.slug, faq.question]);

const audit = () =>
  getDb()
    .selectFrom("audit_log")
    .select(["action", "entity", "entity_id", "details"])
    .where("entity", "=", "faqs")
    .orderBy("id")
    .execute();

const refund = {
  question: "Can I get a refund?",
  answer: "Write to us within 7 days of buying.\n\nWe reply within two working days.",
};

async function idOf(question: string) {
  const row = await getDb().selectFrom("faqs").select("id").where("question", "=", question).executeTakeFirstOrThrow();
  return String(row.id);
}

describe(`the FAQ manager on ${process.env.TEST_ENGINE}`, () => {
  it("starts with the spec's five questions, word for word, in their order", async () => {
    const { faqs } = await faqPage(pageArgs("/faqs"));
    expect(faqs.map(({ slug, question, answer }) => ({ id: slug, question, answer }))).toEqual(defaultFaqs);
    const admin = await call(adminLoader as never, getRequest("/admin/faqs", sessions.adminCookie));
    expect(admin).toMatchObject({ kind: "data", data: { loadError: null } });
    expect(admin.kind === "data" && admin.data.faqs.rows).toHaveLength(5);
  });

  it("adds a question last, with its own anchor, audited; /faqs and site search show it", async () => {
    const answer = await post({ intent: "create", ...refund, is_active: "on" });
    // Back to the list (at the new row, where the list keeps its place).
    expect(answer).toMatchObject({ kind: "redirect", location: expect.stringMatching(/^\/admin\/faqs\b/) });
    expect(flash(answer)).toBe("FAQ question created successfully");
    expect((await shown()).at(-1)).toEqual(["can-i-get-a-refund", "Can I get a refund?"]);
    expect((await faqPage(pageArgs("/faqs"))).faqs.at(-1)?.answer).toBe(refund.answer);
    expect(await audit()).toEqual([
      {
        action: "create",
        entity: "faqs",
        entity_id: await idOf(refund.question),
        details: expect.stringContaining("refund"),
      },
    ]);
    const found = await searchContent(getDb(), "refund");
    expect(found).toContainEqual(
      expect.objectContaining({ kind: "faq", title: "Can I get a refund?", href: "/faqs#can-i-get-a-refund" }),
    );
  });

  it("rewords a question keeping its anchor; switched off, it leaves /faqs and search", async () => {
    const id = await idOf(refund.question);
    const answer = await post({ intent: "update", id, question: "Can I get my money back?", answer: refund.answer });
    expect(flash(answer)).toBe("FAQ question updated successfully");
    expect((await shown()).map(([slug]) => slug)).not.toContain("can-i-get-a-refund");
    const row = await getDb()
      .selectFrom("faqs")
      .select(["slug", "is_active"])
      .where("id", "=", Number(id))
      .executeTakeFirst();
    expect(row).toEqual({ slug: "can-i-get-a-refund", is_active: false });
    expect((await searchContent(getDb(), "money back")).filter((r) => r.kind === "faq")).toEqual([]);

    await post({ intent: "update", id, question: "Can I get my money back?", answer: refund.answer, is_active: "on" });
    expect((await shown()).at(-1)).toEqual(["can-i-get-a-refund", "Can I get my money back?"]);
  });

  it("moves a question up and down with the arrows; at the top nothing happens", async () => {
    const id = await idOf("Can I get my money back?");
    const up = await post({ intent: "move", id, direction: "up" });
    expect(flash(up)).toBe("Order updated successfully");
    expect((await shown()).map(([slug]) => slug).slice(-2)).toEqual(["can-i-get-a-refund", "login"]);

    const first = await idOf(defaultFaqs[0]!.question);
    const before = (await audit()).length;
    const atTop = await post({ intent: "move", id: first, direction: "up" });
    expect(atTop).toMatchObject({ kind: "redirect", location: expect.stringMatching(/^\/admin\/faqs\b/) });
    expect(flash(atTop)).toBeNull();
    expect(await audit()).toHaveLength(before);
    expect((await audit()).at(-1)).toMatchObject({ action: "reorder", entity_id: id });
  });

  it("refuses a question without words or on two lines, saying which field, and changes nothing", async () => {
    const before = await getDb().selectFrom("faqs").selectAll().orderBy("id").execute();
    const answer = await post({ intent: "create", question: "Two\nlines", answer: " " });
    expect(answer).toMatchObject({
      kind: "data",
      status: 400,
      data: {
        fieldErrors: {
          question: "Question must be one line, without tabs or line breaks",
          answer: "Answer is required",
        },
        values: { question: "Two\nlines" },
      },
    });
    const badMove = await post({ intent: "move", id: "1", direction: "sideways" });
    expect(badMove).toMatchObject({ kind: "data", status: 400, data: { formError: "Failed to update order" } });
    expect(await getDb().selectFrom("faqs").selectAll().orderBy("id").execute()).toEqual(before);
  });

  it("deletes a question, audited with its words; /faqs shows the five again", async () => {
    const id = await idOf("Can I get my money back?");
    const answer = await post({ intent: "delete", id });
    expect(flash(answer)).toBe("FAQ question deleted successfully");
    expect((await shown()).map(([slug]) => slug)).toEqual(defaultFaqs.map((faq) => faq.id));
    expect((await audit()).at(-1)).toMatchObject({
      action: "delete",
      entity_id: id,
      details: JSON.stringify({ question: "Can I get my money back?" }),
    });
    const again = await post({ intent: "delete", id });
    expect(again).toMatchObject({ kind: "data", status: 404, data: { formError: "Failed to delete FAQ question" } });
  });

  it("switches several questions off and on at once, one audit row each, and finds them by ?q=", async () => {
    const [validity, login] = [await idOf(defaultFaqs[3]!.question), await idOf(defaultFaqs[4]!.question)];
    const before = (await audit()).length;
    const off = await post({ intent: "bulk", bulk: "deactivate", ids: `${validity},${login}` });
    expect(off).toMatchObject({ kind: "redirect" });
    expect((await shown()).map(([slug]) => slug)).toEqual(defaultFaqs.slice(0, 3).map((faq) => faq.id));
    expect((await audit()).slice(before).map((row) => [row.action, row.entity_id])).toEqual([
      ["update", validity],
      ["update", login],
    ]);
    await post({ intent: "bulk", bulk: "activate", ids: `${validity},${login}` });
    expect(await shown()).toHaveLength(5);
    const found = await call(adminLoader as never, getRequest("/admin/faqs?q=log%20in", sessions.adminCookie));
    expect(found.kind === "data" && found.data.faqs.rows.map((row: { slug: string }) => row.slug)).toEqual(["login"]);
  });

  it("refuses anonymous visitors and signed-in non-admins, changing nothing", async () => {
    const before = await getDb().selectFrom("faqs").selectAll().orderBy("id").execute();
    expect(await post({ intent: "create", ...refund, is_active: "on" }, "")).toMatchObject({
      kind: "redirect",
      location: "/admin/login",
    });
    expect(await post({ intent: "create", ...refund }, sessions.studentCookie)).toMatchObject({ status: 403 });
    expect(await call(adminLoader as never, getRequest("/admin/faqs"))).toMatchObject({
      kind: "redirect",
      location: "/admin/login",
    });
    expect(await getDb().selectFrom("faqs").selectAll().orderBy("id").execute()).toEqual(before);
  });
});
