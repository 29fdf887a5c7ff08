import type { DB } from "~/db/client.server";
import { countPublishedQuestions } from "~/db/queries/questions.server";
import { syllabusSubjects, type SyllabusSubject } from "./syllabus-topics";

// /question-bank's numbers (issue 46): every count is of published questions, read from the
// bank when the page is rendered; none is typed by staff. A subject or topic with none says so.

export interface TopicCount {
  key: string;
  title: string;
  count: number;
}

export interface SubjectCount {
  key: string;
  title: string;
  section: SyllabusSubject["section"];
  count: number;
  /** Its topics that have questions, in syllabus order. */
  topics: TopicCount[];
  /** How many of its syllabus topics have none yet. */
  topicsWithout: number;
}

export interface BankOverview {
  /** Every syllabus subject, the CH sections then General Aptitude. */
  subjects: SubjectCount[];
  total: number;
  /** Previous-year (GATE) questions among them. */
  previousYear: number;
}

export async function readBankOverview(db: DB): Promise<BankOverview> {
  const rows = await countPublishedQuestions(db);
  const byTopic = new Map<string, { count: number; gate: number }>();
  for (const row of rows) {
    const key = `${row.subject}\u0000${row.topic}`;
    const held = byTopic.get(key) ?? { count: 0, gate: 0 };
    byTopic.set(key, {
      count: held.count + row.count,
      gate: held.gate + (row.source === "gate" ? row.count : 0),
    });
  }
  let previousYear = 0;
  // A question is counted only where it can be practised: on a syllabus line (staff's form allows
  // no other, and the integration tests check every stored question against the syllabus).
  const subjects = syllabusSubjects.map((subject) => {
    const counted = subject.topics.map((topic) => {
      const held = byTopic.get(`${subject.key}\u0000${topic.key}`);
      previousYear += held?.gate ?? 0;
      return { key: topic.key, title: topic.title, count: held?.count ?? 0 };
    });
    const topics = counted.filter((topic) => topic.count > 0);
    return {
      key: subject.key,
      title: subject.title,
      section: subject.section,
      count: topics.reduce((sum, topic) => sum + topic.count, 0),
      topics,
      topicsWithout: counted.length - topics.length,
    };
  });
  return { subjects, total: subjects.reduce((sum, s) => sum + s.count, 0), previousYear };
}
