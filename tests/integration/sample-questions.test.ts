import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sampleQuestions } from "~/db/seed/sample-questions";
import { seedSampleQuestions } from "~/lib/questions/sample-seed.server";
import { openTestDb, type TestDb } from "../support/test-db";

// The question bank's demo content (issue 46): the samples are published as version 1 into an
// empty bank only, so a restart never adds to, or undoes, what staff have written or edited.

let t: TestDb;
beforeEach(async () => {
  t = await openTestDb();
});
afterEach(() => t.cleanup());

async function questions() {
  return t.db
    .selectFrom("questions")
    .select([
      "id",
      "slug",
      "status",
      "subject",
      "topic",
      "difficulty",
      "source",
      "gate_year",
      "gate_question_no",
      "source_media_hash",
      "is_sample",
      "current_version",
      "published_at",
      "updated_at",
    ])
    .orderBy("id")
    .execute();
}

async function versions() {
  return t.db.selectFrom("question_versions").selectAll().orderBy("id").execute();
}

describe(`sample questions on ${process.env.TEST_ENGINE}`, () => {
  it("publishes every sample as an original, marked sample with version 1 and its rendered HTML", async () => {
    expect(await seedSampleQuestions(t.db)).toBe(sampleQuestions.length);
    const rows = await questions();
    const stored = await versions();
    expect(rows).toHaveLength(sampleQuestions.length);
    expect(stored).toHaveLength(sampleQuestions.length);

    sampleQuestions.forEach((sample, i) => {
      const row = rows[i]!;
      expect(row).toMatchObject({
        status: "published",
        subject: sample.subject,
        topic: sample.topic,
        difficulty: sample.difficulty,
        source: "original",
        gate_year: null,
        gate_question_no: null,
        source_media_hash: null,
        is_sample: true,
        current_version: 1,
      });
      expect(row.published_at).not.toBeNull();
      expect(row.slug.length).toBeLessThanOrEqual(60);
      expect(row.slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);

      const version = stored.find((v) => v.question_id === row.id)!;
      expect(version).toMatchObject({
        version_no: 1,
        type: sample.type,
        marks: sample.marks,
        text_md: sample.text,
        solution_md: sample.solution,
        nat_min: sample.nat?.min ?? null,
        nat_max: sample.nat?.max ?? null,
        nat_decimals: sample.nat?.decimals ?? null,
      });
      expect(version.correct === null ? null : JSON.parse(version.correct)).toEqual(
        sample.type === "nat" ? null : sample.correct,
      );
      expect(JSON.parse(version.options_md)).toEqual(sample.options);
      const optionsHtml = JSON.parse(version.options_html) as string[];
      expect(optionsHtml).toHaveLength(sample.options.length);
      // Rendered when saved: the math is MathML already, the options inline (no paragraph).
      for (const html of [version.text_html, version.solution_html, ...optionsHtml]) {
        expect(html).not.toBe("");
        expect(html).not.toContain("$");
      }
      if (sample.solution.includes("$")) expect(version.solution_html).toContain("<math");
      for (const html of optionsHtml) expect(html).not.toMatch(/<p[\s>]/);
    });
    expect(new Set(rows.map((r) => r.slug)).size).toBe(rows.length);
  });

  it("writes nothing the second time", async () => {
    await seedSampleQuestions(t.db, new Date("2026-01-01T00:00:00Z"));
    const before = { questions: await questions(), versions: await versions() };
    expect(await seedSampleQuestions(t.db, new Date("2026-02-01T00:00:00Z"))).toBe(0);
    expect({ questions: await questions(), versions: await versions() }).toEqual(before);
  });

  it("leaves a bank that already has a question alone", async () => {
    const now = new Date().toISOString();
    const { id } = await t.db
      .insertInto("questions")
      .values({
        slug: "staff-question",
        status: "draft",
        subject: "heat-transfer",
        topic: "equation-of-energy",
        difficulty: "easy",
        source: "original",
        gate_year: null,
        gate_question_no: null,
        source_media_hash: null,
        is_sample: false,
        current_version: 1,
        published_at: null,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto("question_versions")
      .values({
        question_id: id,
        version_no: 1,
        type: "nat",
        marks: 1,
        text_md: "Staff's own question",
        text_html: "<p>Staff's own question</p>",
        options_md: "[]",
        options_html: "[]",
        correct: null,
        nat_min: 1,
        nat_max: 2,
        nat_decimals: 1,
        solution_md: "Because.",
        solution_html: "<p>Because.</p>",
        created_by: null,
        created_at: now,
      })
      .execute();

    expect(await seedSampleQuestions(t.db)).toBe(0);
    expect((await questions()).map((q) => [q.slug, q.is_sample])).toEqual([["staff-question", false]]);
    expect(await versions()).toHaveLength(1);
  });
});
