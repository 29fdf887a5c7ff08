import type { DB } from "../client.server";

// What the site counts itself for its figures (issue 48 item 6): the published timed tests and
// the published questions of the question bank, never a number typed by hand. Two counts over
// indexed status columns, read with the home page.

export async function countPublishedContent(db: DB): Promise<{ tests: number; questions: number }> {
  const [tests, questions] = await Promise.all([
    db
      .selectFrom("practice_tests")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("status", "=", "published")
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("questions")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("status", "=", "published")
      .executeTakeFirstOrThrow(),
  ]);
  // PostgreSQL's count is a bigint, which the driver gives as text.
  return { tests: Number(tests.n), questions: Number(questions.n) };
}
