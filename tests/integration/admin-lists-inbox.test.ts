import { describe, expect, it } from "vitest";
import { istDate } from "~/core/ist";
import { getDb } from "~/db/client.server";
import { action as leadsAction, loader as leadsLoader } from "~/routes/admin/manage/leads";
import { action as outboxAction, loader as outboxLoader } from "~/routes/admin/manage/outbox";
import { action as testimonialsAction, loader as testimonialsLoader } from "~/routes/admin/manage/testimonials";
import { auditCount } from "./admin-support";
import { LIST_FACTOR, newestCreated, scaledManagerCalls } from "./admin-lists-support";
import { flash } from "./auth-support";

// Issue 48 "Lists staff can work", on a database holding the demo content 100 times over (the
// bench's scale seed, admin-lists-support.ts): each list's search, filters, sort and pages read
// through its loader, as the router calls it, checked against the same rows filtered and sorted
// here in plain code; the time of each loader is printed (the repository asserts no wall-clock
// bounds). Bulk actions write one audit row per row.
//
// This file: what visitors send, and what staff follow up: testimonials, leads and Mail Delivery.

const ADMIN = "lists-admin@example.com";
const { post, load } = scaledManagerCalls(ADMIN);

describe(`admin lists at ${LIST_FACTOR}× the demo data, on ${process.env.TEST_ENGINE}`, () => {
  describe("testimonials, leads, Mail Delivery", () => {
    it("/admin/testimonials?status=pending lists those waiting; searched, rated, bulk-approved with an audit row each", async () => {
      const all = await getDb()
        .selectFrom("testimonials")
        .select(["id", "name", "comment", "rating", "created_at"])
        .execute();
      const waiting = all.slice(0, 60).map((r) => r.id);
      await getDb().updateTable("testimonials").set({ status: "pending" }).where("id", "in", waiting).execute();
      const data = await load(testimonialsLoader, "/admin/testimonials?status=pending");
      expect(data.waiting).toBe(60);
      const pending = all
        .filter((r) => waiting.includes(r.id))
        .sort(newestCreated)
        .map((r) => r.id);
      expect(data.testimonials.rows.map((r: { id: number }) => r.id)).toEqual(pending.slice(0, 50));
      expect(data.testimonials.hasNext).toBe(true);
      const rated = await load(testimonialsLoader, "/admin/testimonials?rating=5&sort=name&dir=asc&status=pending");
      expect(
        rated.testimonials.rows.every(
          (r: { rating: number; status: string }) => r.rating === 5 && r.status === "pending",
        ),
      ).toBe(true);

      const chosen = pending.slice(0, 3);
      const before = await auditCount();
      const answer = await post(testimonialsAction, "/admin/testimonials?status=pending", {
        intent: "bulk",
        bulk: "approve",
        ids: chosen.join(","),
      });
      expect(answer).toMatchObject({ kind: "redirect", location: "/admin/testimonials?status=pending" });
      expect(flash(answer)).toBe("3 testimonials approved.");
      expect(await auditCount()).toBe(before + 3);
      const rows = await getDb().selectFrom("testimonials").select("status").where("id", "in", chosen).execute();
      expect(rows.map((r) => r.status)).toEqual(["approved", "approved", "approved"]);
    });

    it("leads keep their parameters (?status=new) and add the days received and the sort; bulk status, audited per lead", async () => {
      const data = await load(leadsLoader, "/admin/leads?status=new&kind=contact");
      expect(data.leads.items).toHaveLength(25);
      expect(
        data.leads.items.every((l: { status: string; kind: string }) => l.status === "new" && l.kind === "contact"),
      ).toBe(true);
      const contacts = await getDb().selectFrom("contact_messages").select(["id", "name", "created_at"]).execute();
      const day = istDate(new Date(contacts[0]!.created_at));
      const ranged = await load(leadsLoader, `/admin/leads?kind=contact&from=${day}&to=${day}&sort=name`);
      const onDay = contacts
        .filter((c) => istDate(new Date(c.created_at)) === day)
        .map((c) => c.name)
        .sort();
      expect(ranged.leads.items.map((l: { name: string }) => l.name)).toEqual(onDay);

      const keys = [`contact-${contacts[0]!.id}`, `contact-${contacts[1]!.id}`];
      const confirm = await load(
        leadsLoader,
        `/admin/leads?status=new&bulk=status-contacted&${keys.map((k) => `ids=${k}`).join("&")}`,
      );
      expect(confirm.bulk.rows.map((r: { id: string }) => r.id).sort()).toEqual([...keys].sort());
      const before = await auditCount();
      const answer = await post(leadsAction, "/admin/leads?status=new", {
        intent: "bulk",
        bulk: "status-contacted",
        ids: keys.join(","),
      });
      expect(answer).toMatchObject({ kind: "redirect", location: "/admin/leads?status=new" });
      expect(flash(answer)).toBe("2 leads marked as contacted.");
      expect(await auditCount()).toBe(before + 2);
      // A contact message is never booked: refused, nothing written.
      const refused = await post(leadsAction, "/admin/leads", {
        intent: "bulk",
        bulk: "status-booked",
        ids: keys.join(","),
      });
      expect(refused).toMatchObject({ kind: "data", status: 409 });
      expect(await auditCount()).toBe(before + 2);
      const bad = await post(leadsAction, "/admin/leads", {
        intent: "bulk",
        bulk: "status-closed",
        ids: "contact-1,lead-2",
      });
      expect(bad).toMatchObject({ kind: "data", status: 400, data: { formError: "Select at least one row first." } });
    });

    it("Mail Delivery: filtered by status and searched; bulk Retry queues each dead e-mail again, audited", async () => {
      const rows = await getDb().selectFrom("email_outbox").select("id").orderBy("id").limit(80).execute();
      const dead = rows.slice(0, 60).map((r) => r.id);
      await getDb()
        .updateTable("email_outbox")
        .set({ status: "dead", last_error: "550 mailbox unavailable" })
        .where("id", "in", dead)
        .execute();
      await getDb()
        .updateTable("email_outbox")
        .set({ status: "pending", last_error: "421 try later" })
        .where(
          "id",
          "in",
          rows.slice(60).map((r) => r.id),
        )
        .execute();
      const data = await load(outboxLoader, "/admin/outbox?status=dead");
      expect(data.emails.rows).toHaveLength(50);
      expect(data.emails.rows.every((e: { status: string }) => e.status === "dead")).toBe(true);
      const problemFirst = await load(outboxLoader, "/admin/outbox?page=2");
      expect(problemFirst.emails.rows.map((e: { status: string }) => e.status)).toEqual([
        ...Array.from({ length: 10 }, () => "dead"),
        ...Array.from({ length: 20 }, () => "pending"),
      ]);
      const before = await auditCount();
      const answer = await post(outboxAction, "/admin/outbox?status=dead", {
        intent: "bulk",
        bulk: "retry",
        ids: dead.slice(0, 4).join(","),
      });
      expect(flash(answer)).toBe("4 e-mails queued again.");
      expect(await auditCount()).toBe(before + 4);
      // Not dead any more: refused, nothing written.
      expect(
        await post(outboxAction, "/admin/outbox", { intent: "bulk", bulk: "retry", ids: String(dead[0]) }),
      ).toMatchObject({
        kind: "data",
        status: 409,
      });
      expect(await auditCount()).toBe(before + 4);
    });
  });
});
