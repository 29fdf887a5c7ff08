import { activityMessages } from "./activity";
import { catalogueMessages } from "./catalogue";
import { commonMessages } from "./common";
import { ebookMessages } from "./ebooks";
import { freeMaterialMessages } from "./free-materials";
import { freeTestMessages } from "./free-tests";
import {
  gateCsvMessages,
  gatePaperMessages,
  gatePreviousPaperMessages,
  gateRankPointMessages,
  gateSubjectMessages,
  gateYearMessages,
} from "./gate-data";
import { heroBannerMessages } from "./hero-banners";
import { jobAlertMessages } from "./job-alerts";
import { leadMessages } from "./leads";
import { mediaMessages } from "./media";
import { mediaPickerMessages } from "./media-picker";
import { outboxMessages } from "./outbox";
import { purchaseToastMessages } from "./purchase-toasts";
import { questionBankMessages } from "./questions";
import { siteSettingsMessages } from "./site-settings";
import { testimonialModerationMessages } from "./testimonials";
import { welcomePopupManagerMessages } from "./welcome-popup";

// The admin panel's words (issue 23), one file per manager in this folder. A page or an action of
// one manager imports its own file (the browser then loads no other manager's words); this index
// gathers the managers' catalogues by name for what reads several of them, the tests above all.
// The other catalogues here (attention, history, lists, practice-tests, site-content,
// subscribers, unsaved-work) are imported by their own names.

export const adminMessages = {
  common: commonMessages,
  jobAlerts: jobAlertMessages,
  purchaseToasts: purchaseToastMessages,
  catalogue: catalogueMessages,
  freeTests: freeTestMessages,
  welcomePopup: welcomePopupManagerMessages,
  heroBanners: heroBannerMessages,
  ebooks: ebookMessages,
  freeMaterials: freeMaterialMessages,
  gatePapers: gatePaperMessages,
  gateYears: gateYearMessages,
  gateRankPoints: gateRankPointMessages,
  gatePreviousPapers: gatePreviousPaperMessages,
  gateSubjects: gateSubjectMessages,
  gateCsv: gateCsvMessages,
  outbox: outboxMessages,
  leads: leadMessages,
  testimonials: testimonialModerationMessages,
  siteSettings: siteSettingsMessages,
  media: mediaMessages,
  mediaPicker: mediaPickerMessages,
  questions: questionBankMessages,
  activity: activityMessages,
} as const;
