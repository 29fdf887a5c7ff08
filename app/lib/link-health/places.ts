import type { LinkPlace, LinkSource } from "~/db/queries/link-checks.server";
import { attentionMessages } from "~/lib/admin/messages/attention";
import { catalogueHref } from "~/lib/admin/catalogue-tabs";
import { adminSection, type AdminSectionId } from "~/lib/admin/sections";
import { publicPages, type PublicPageId } from "~/lib/site/pages";

// Where Link Health says a link is shown (issue 48 item 8): for each source of links, the public
// page visitors find it on and the admin form that changes it (each manager opens its edit form
// at ?edit=<id>). Safe on the client.

interface SourceInfo {
  /** The public page; null for a page per row without a list (a timed test's own page). */
  page: PublicPageId | null;
  section: AdminSectionId;
}

const sources: Record<LinkSource, SourceInfo> = {
  "courses.purchase_url": { page: "courses", section: "catalogue" },
  "test_series.purchase_url": { page: "test-series", section: "catalogue" },
  "test_items.test_link": { page: "free-tests", section: "free-tests" },
  "job_alerts.view_link": { page: "job-alerts", section: "job-alerts" },
  "job_alerts.notification_url": { page: "job-alerts", section: "job-alerts" },
  "gate_previous_papers.question_paper_url": { page: "previous-year", section: "gate-previous-papers" },
  "gate_previous_papers.answer_key_url": { page: "previous-year", section: "gate-previous-papers" },
  "gate_previous_papers.source_url": { page: "previous-year", section: "gate-previous-papers" },
  "gate_paper_years.qualifying_source_url": { page: "gate-cutoffs", section: "gate-years" },
  "gate_paper_years.top_mean_source_url": { page: "gate-cutoffs", section: "gate-years" },
  "gate_paper_years.candidates_source_url": { page: "gate-cutoffs", section: "gate-years" },
  "gate_rank_points.source_url": { page: "rank-predictor", section: "gate-rank-points" },
  "gate_subjects.practice_url": { page: "question-bank", section: "gate-subjects" },
  "ebooks.pdf_link": { page: "ebooks", section: "ebooks" },
  "free_materials.material_link": { page: "free-materials", section: "free-materials" },
  "hero_banners.link_url": { page: "home", section: "hero-banners" },
  "practice_tests.paid_url": { page: null, section: "tests" },
  "settings.learning_app_url": { page: "home", section: "settings" },
  "settings.student_login_url": { page: "home", section: "settings" },
};

export interface PlaceView {
  /** "Job Alerts", "Every page". */
  pageName: string;
  /** The public page's address, when it has one of its own. */
  pagePath: string | null;
  /** The item as staff know it: its title. */
  item: string;
  /** The admin form that changes the link. */
  editHref: string;
}

function editHref(source: LinkSource, section: AdminSectionId, id: number | null): string {
  const home = adminSection(section).path;
  if (id === null) return home;
  if (source === "courses.purchase_url") return catalogueHref("courses", { name: "edit", value: id });
  if (source === "test_series.purchase_url") return catalogueHref("test-series", { name: "edit", value: id });
  // The free-tests page edits three levels: the item's form is ?edit=item&id=.
  if (source === "test_items.test_link") return `${home}?edit=item&id=${id}`;
  return `${home}?edit=${id}`;
}

export function describePlace(place: LinkPlace): PlaceView {
  const info = sources[place.source];
  const setting = place.source.startsWith("settings.");
  const page = info.page ? publicPages[info.page] : null;
  return {
    pageName: setting ? attentionMessages.linkHealth.everyPage : (page?.title ?? attentionMessages.linkHealth.testPage),
    pagePath: setting ? null : (page?.path ?? null),
    item: place.title,
    editHref: editHref(place.source, info.section, place.id),
  };
}
