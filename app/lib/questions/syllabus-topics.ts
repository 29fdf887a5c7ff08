import { syllabusSections, type SyllabusSection } from "~/content/syllabus";
import { slugify } from "~/core/slug";

// Every question sits on a line of the CH syllabus (issue 46): its subject is a section of
// app/content/syllabus.ts (General Aptitude included) and its topic one of that section's topic
// lines, named by a key made from the line's words. The keys are what questions store: a topic's
// wording may be polished, but a change that alters its key must move its questions too (the
// integration tests check every stored question against this list).

/** The GA section's id: its questions are the paper's General Aptitude section. */
export const GENERAL_APTITUDE = "general-aptitude";

export interface SyllabusTopic {
  /** Unique within its subject. */
  key: string;
  /** The syllabus line. */
  title: string;
  /** The block it is in ("Linear Algebra"), where the section has blocks. */
  part?: string;
}

export interface SyllabusSubject {
  /** The section id, e.g. "heat-transfer". */
  key: string;
  title: string;
  /** "ga" for General Aptitude, "subject" for the paper's own (CH) sections. */
  section: "ga" | "subject";
  topics: SyllabusTopic[];
}

/** A topic line's key: its slug, cut at a word boundary so that long lines keep short keys. */
export function topicKey(title: string): string {
  const slug = slugify(title);
  if (slug.length <= 48) return slug;
  const cut = slug.slice(0, 48);
  return cut.slice(0, cut.lastIndexOf("-")) || cut;
}

function subjectOf(section: SyllabusSection): SyllabusSubject {
  return {
    key: section.id,
    title: section.title,
    section: section.id === GENERAL_APTITUDE ? "ga" : "subject",
    topics: section.parts.flatMap((part) =>
      part.topics.map((title) => ({ key: topicKey(title), title, ...(part.title ? { part: part.title } : {}) })),
    ),
  };
}

/** The subjects in syllabus order: the CH sections, then General Aptitude. */
export const syllabusSubjects: readonly SyllabusSubject[] = syllabusSections.map(subjectOf);

const bySubject = new Map(syllabusSubjects.map((subject) => [subject.key, subject]));

export function findSubject(key: string): SyllabusSubject | undefined {
  return bySubject.get(key);
}

export function findTopic(subject: string, topic: string): SyllabusTopic | undefined {
  return bySubject.get(subject)?.topics.find((t) => t.key === topic);
}
