import type { Insertable } from "kysely";
import type { DB } from "../client.server";
import type { Database } from "../schema";

// The question bank's demo content (issue 46) written as rows: the sample questions of
// ./sample-questions.ts, each published as version 1. The rows are made, their Markdown rendered,
// by ~/lib/questions/sample-seed.server.ts (the renderer is a lib module); this writes them.
//
// Written only into an empty bank: once staff have a question of their own, or have edited the
// samples, a restart must not put anything back or change anything. So a second run is a no-op.

/** One sample question: its row and its first version's (the question's id is given here). */
export interface SampleQuestionRows {
  question: Insertable<Database["questions"]>;
  version: Omit<Insertable<Database["question_versions"]>, "question_id">;
}

/**
 * Writes the sample questions into an empty bank, in one transaction; how many were written (0
 * when the bank has a question). `rows` is called only for an empty bank: rendering every sample
 * at each start would be wasted.
 */
export function writeSampleQuestions(db: DB, rows: () => SampleQuestionRows[]): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const any = await trx.selectFrom("questions").select("id").limit(1).executeTakeFirst();
    if (any) return 0;
    const samples = rows();
    for (const sample of samples) {
      const { id } = await trx
        .insertInto("questions")
        .values(sample.question)
        .returning("id")
        .executeTakeFirstOrThrow();
      await trx
        .insertInto("question_versions")
        .values({ ...sample.version, question_id: id })
        .execute();
    }
    return samples.length;
  });
}
