import { href } from "react-router";
import { pageHref } from "~/core/pagination";
import type { DB } from "~/db/client.server";
import { CATEGORIES_PER_PAGE } from "~/db/queries/free-tests.server";
import { freeTestPlaces, listSubjects } from "~/db/queries/gate-subjects.server";
import { safeHref } from "~/lib/safe-href";

// The question bank's subjects as /question-bank shows them (issue 24).

export interface SubjectView {
  id: number;
  name: string;
  paper: string;
  count: number | null;
  topics: string[];
  practice: { kind: "free-tests" | "external"; href: string; name: string } | null;
}

/**
 * Each subject with where it is practised: its free tests on this site (the page of /free-tests
 * its category is on, opened at the subcategory), else the link staff set, else nowhere yet.
 */
export async function listSubjectViews(db: DB): Promise<SubjectView[]> {
  const [subjects, places] = await Promise.all([listSubjects(db), freeTestPlaces(db, CATEGORIES_PER_PAGE)]);
  return subjects.map((subject) => {
    const place = subject.free_test_subcategory_id === null ? undefined : places.get(subject.free_test_subcategory_id);
    const practice = place
      ? {
          kind: "free-tests" as const,
          href: `${pageHref(href("/free-tests"), {}, place.page)}#subcategory-${place.slug}`,
          name: subject.subcategory_name ?? subject.name,
        }
      : safeHref(subject.practice_url)
        ? { kind: "external" as const, href: safeHref(subject.practice_url)!, name: subject.name }
        : null;
    return {
      id: subject.id,
      name: subject.name,
      paper: `${subject.paper_name} (${subject.paper_code})`,
      count: subject.question_count,
      topics: (subject.topics ?? "")
        .split("\n")
        .map((t) => t.trim())
        .filter(Boolean),
      practice,
    };
  });
}
