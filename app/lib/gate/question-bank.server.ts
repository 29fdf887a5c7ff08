import { href } from "react-router";
import { pageHref } from "~/core/pagination";
import type { DB } from "~/db/client.server";
import { CATEGORIES_PER_PAGE } from "~/db/queries/free-tests.server";
import { freeTestPlaces, listSubjects } from "~/db/queries/gate-subjects.server";
import { safeHref } from "~/lib/safe-href";

// Where else a question-bank subject is practised (issue 24), as /question-bank's "Also practise
// in the free tests" lists it. Since issue 46 the page's counts are the bank's published
// questions (~/lib/questions/bank-overview.server.ts): a subject's count staff typed
// (gate_subjects.question_count) and its topic lines are no longer shown anywhere.

export interface SubjectPractice {
  id: number;
  name: string;
  practice: { kind: "free-tests" | "external"; href: string; name: string };
}

/**
 * The subjects staff linked to somewhere to practise them: their free tests on this site (the page
 * of /free-tests the category is on, opened at the subcategory), else the link staff set.
 */
export async function listSubjectPractice(db: DB): Promise<SubjectPractice[]> {
  const [subjects, places] = await Promise.all([listSubjects(db), freeTestPlaces(db, CATEGORIES_PER_PAGE)]);
  return subjects.flatMap((subject) => {
    const place = subject.free_test_subcategory_id === null ? undefined : places.get(subject.free_test_subcategory_id);
    const external = safeHref(subject.practice_url);
    const practice = place
      ? {
          kind: "free-tests" as const,
          href: `${pageHref(href("/free-tests"), {}, place.page)}#subcategory-${place.slug}`,
          name: subject.subcategory_name ?? subject.name,
        }
      : external
        ? { kind: "external" as const, href: external, name: subject.name }
        : null;
    return practice ? [{ id: subject.id, name: subject.name, practice }] : [];
  });
}
