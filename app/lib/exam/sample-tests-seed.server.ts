import { uniqueSlug } from "~/core/slug";
import type { DB } from "~/db/client.server";
import { writeSampleTests } from "~/db/seed/sample-test-rows.server";
import { sampleQuestions } from "~/db/seed/sample-questions";
import type { SampleTest } from "~/db/seed/sample-tests";
import { renderMarkdown } from "~/lib/content/markdown.server";
import { questionSlugBase } from "~/lib/questions/sample-seed.server";

// The timed tests of the demo (issue 47): the sample tests of ~/db/seed/sample-tests.ts, published
// with their versions frozen, built from the sample questions the bank holds, and the sample mock
// listed on /free-tests. What needs lib is here (each sample question's slug, the instructions
// rendered); the rows, written only while there is no test at all, are
// ~/db/seed/sample-test-rows.server.ts.

/** The slug each sample question was given when seeded (the same rule, in the same order). */
export function sampleQuestionSlugs(): Map<string, string> {
  const taken: string[] = [];
  const slugs = new Map<string, string>();
  for (const sample of sampleQuestions) {
    const slug = uniqueSlug(questionSlugBase(sample.text), taken);
    taken.push(slug);
    slugs.set(sample.ref, slug);
  }
  return slugs;
}

function renderedInstructions(test: SampleTest): string {
  const result = renderMarkdown(test.instructions);
  if (result.ok) return result.html;
  throw new Error(`Sample test ${test.slug}: its instructions do not render`);
}

/** Publishes the sample tests while no test exists; how many were written (0 otherwise). */
export async function seedSampleTests(db: DB, now = new Date()): Promise<number> {
  return writeSampleTests(db, now, { slugs: sampleQuestionSlugs(), instructionsHtml: renderedInstructions });
}
