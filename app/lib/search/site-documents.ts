import { syllabusSections } from "~/content/syllabus";
import { publicPages, type PublicPageId } from "../site/pages";

// What site search finds that no table holds (issue 27): the site's own pages ("rank predictor",
// "syllabus") and the GATE syllabus section by section, each linking to its place. (The FAQs are
// staff's since issue 48: ~/db/queries/content-search.server.ts reads them.)

export type SiteDocumentKind = "page" | "syllabus";

export interface SiteDocument {
  kind: SiteDocumentKind;
  title: string;
  /** What the result shows under its title. */
  description: string;
  href: string;
  /** Words that find it without being shown. */
  keywords: string;
  /** The rest of its text, searched but not shown. */
  text?: string;
}

/** What each page is for, as a result shows it: the words aspirants look for it by. */
const pageDescriptions: Partial<Record<PublicPageId, string>> = {
  home: "GATE Chemical Engineering and PSU (IOCL) preparation: test series, free tests, e-books and job alerts.",
  "test-series": "GATE CH and IOCL online test series: full-length mocks, topic-wise tests and solutions.",
  courses: "Test series courses for GATE Chemical Engineering and PSU recruitment exams.",
  "free-courses": "Free sample video lessons and practice tests.",
  "free-tests":
    "Free practice tests by subject: fluid mechanics, heat and mass transfer, reactions, mathematics, aptitude.",
  ebooks: "Formula handbooks, short notes and solved problems as PDFs.",
  "free-materials": "Revision sheets, formula sheets, important questions and study plans.",
  "post-gate-guidance": "1:1 guidance after GATE: M.Tech, MS and PhD admissions, PSU recruitment and counselling.",
  "job-alerts": "PSU and government recruitment through GATE, vacancies, results and admit cards.",
  faqs: "Frequently asked questions about the test series, buying, validity and login.",
  syllabus: "The official GATE Chemical Engineering (CH) syllabus, section by section, with the exam pattern.",
  "previous-year": "GATE question papers and answer keys, year by year.",
  "question-bank": "Practice questions by subject, with their topics.",
  "rank-predictor": "Estimate your GATE rank, score and qualifying status from your marks.",
  "gate-cutoffs": "GATE qualifying marks by paper, year and category.",
  privacy: "What we store about you, why, for how long, and your rights.",
  terms: "Payment for a test series or course, refunds and cancellations, and the terms of use.",
  contact: "Write or call us about the test series, payments or guidance.",
};

/** The pages sitemap.xml lists: the ones worth landing on. */
function pageDocuments(): SiteDocument[] {
  return Object.entries(publicPages)
    .filter(([, page]) => page.sitemap === "listed")
    .map(([id, page]) => ({
      kind: "page",
      title: page.title,
      description: pageDescriptions[id as PublicPageId] ?? "",
      href: page.path,
      keywords: "page",
    }));
}

function syllabusDocuments(): SiteDocument[] {
  return syllabusSections.map((section) => ({
    kind: "syllabus",
    title: section.title,
    description: `${section.label} of the GATE CH syllabus: ${section.parts
      .map((part) => part.title ?? part.topics.join(", "))
      .join(", ")}`,
    href: `/syllabus#${section.id}`,
    keywords: "GATE syllabus",
    text: section.parts.flatMap((part) => part.topics).join(" · "),
  }));
}

/** Every static document, pages first; built once, as the content is part of the build. */
export const siteDocuments: readonly SiteDocument[] = [...pageDocuments(), ...syllabusDocuments()];
