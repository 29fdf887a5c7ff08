import { slugify, uniqueSlug } from "~/core/slug";
import type { DB } from "~/db/client.server";
import { writeSampleQuestions } from "~/db/seed/sample-question-rows.server";
import { sampleQuestions, type SampleQuestion } from "~/db/seed/sample-questions";
import { markdownToText, renderMarkdown } from "~/lib/content/markdown.server";

// The question bank's demo content (issue 46): the original sample questions, published as
// version 1 with their Markdown rendered here, once, as every saved question is. The rendering
// lives in lib, not db/seed, because the renderer is a lib module (docs/architecture.md); the rows
// are written, into an empty bank only, by ~/db/seed/sample-question-rows.server.ts.

/** A question's address is at most this long (issue 46: "a readable slug"). */
export const QUESTION_SLUG_MAX = 60;

/** The slug of a question's first words: its text as plain words, cut at a word boundary. */
export function questionSlugBase(textMarkdown: string): string {
  const slug = slugify(markdownToText(textMarkdown));
  if (slug.length <= QUESTION_SLUG_MAX) return slug;
  const cut = slug.slice(0, QUESTION_SLUG_MAX + 1);
  return cut.slice(0, cut.lastIndexOf("-")) || slug.slice(0, QUESTION_SLUG_MAX);
}

function rendered(sample: SampleQuestion, what: string, source: string, inline = false): string {
  const result = renderMarkdown(source, { inline });
  if (result.ok) return result.html;
  // The unit test renders every sample, so this is a sample edited without running it.
  const problems = result.errors.map((e) => `line ${e.line}: ${e.message}`).join("; ");
  throw new Error(`Sample question ${sample.ref}: its ${what} does not render (${problems})`);
}

/** Publishes the sample questions into an empty bank; returns how many were written (0 if not empty). */
export async function seedSampleQuestions(db: DB, now = new Date()): Promise<number> {
  const stamp = now.toISOString();
  return writeSampleQuestions(db, () => {
    const taken: string[] = [];
    return sampleQuestions.map((sample) => {
      const slug = uniqueSlug(questionSlugBase(sample.text), taken);
      taken.push(slug);
      return {
        question: {
          slug,
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
          published_at: stamp,
          created_at: stamp,
          updated_at: stamp,
        },
        version: {
          version_no: 1,
          type: sample.type,
          marks: sample.marks,
          text_md: sample.text,
          text_html: rendered(sample, "text", sample.text),
          options_md: JSON.stringify(sample.options),
          options_html: JSON.stringify(
            sample.options.map((option, i) => rendered(sample, `option ${i + 1}`, option, true)),
          ),
          correct: sample.type === "nat" ? null : JSON.stringify(sample.correct),
          nat_min: sample.nat?.min ?? null,
          nat_max: sample.nat?.max ?? null,
          nat_decimals: sample.nat?.decimals ?? null,
          solution_md: sample.solution,
          solution_html: rendered(sample, "solution", sample.solution),
          created_by: null,
          created_at: stamp,
        },
      };
    });
  });
}
