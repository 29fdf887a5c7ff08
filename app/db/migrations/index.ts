import type { Migration } from "kysely/migration";
import * as m0001 from "./0001-initial";
import * as m0002 from "./0002-rate-limits";
import * as m0003 from "./0003-auth";
import * as m0004 from "./0004-content-version";
import * as m0005 from "./0005-idempotency-keys";
import * as m0006 from "./0006-list-indexes";
import * as m0007 from "./0007-gate-data";
import * as m0008 from "./0008-lead-status";
import * as m0009 from "./0009-testimonial-moderation";
import * as m0010 from "./0010-purchase-entries";
import * as m0011 from "./0011-catalogue-and-deadlines";
import * as m0012 from "./0012-hero-banner-links";
import * as m0013 from "./0013-course-own-figures";
import * as m0014 from "./0014-visitor-content-version";
import * as m0015 from "./0015-media";
import * as m0016 from "./0016-covers";
import * as m0017 from "./0017-question-bank";
import * as m0018 from "./0018-practice-tests";
import * as m0019 from "./0019-kept-admin-forms";
import * as m0020 from "./0020-link-checks";
import * as m0021 from "./0021-history-and-trash";
import * as m0022 from "./0022-faqs-and-pages";
import * as m0023 from "./0023-admin-list-indexes";
import * as m0024 from "./0024-alert-subscriptions";

// A static list, so the same migrations run from the server bundle, scripts and tests.
// Numbered, never edited once merged.
export const migrations: Record<string, Migration> = {
  "0001-initial": m0001,
  "0002-rate-limits": m0002,
  "0003-auth": m0003,
  "0004-content-version": m0004,
  "0005-idempotency-keys": m0005,
  "0006-list-indexes": m0006,
  "0007-gate-data": m0007,
  "0008-lead-status": m0008,
  "0009-testimonial-moderation": m0009,
  "0010-purchase-entries": m0010,
  "0011-catalogue-and-deadlines": m0011,
  "0012-hero-banner-links": m0012,
  "0013-course-own-figures": m0013,
  "0014-visitor-content-version": m0014,
  "0015-media": m0015,
  "0016-covers": m0016,
  "0017-question-bank": m0017,
  "0018-practice-tests": m0018,
  "0019-kept-admin-forms": m0019,
  "0020-link-checks": m0020,
  "0021-history-and-trash": m0021,
  "0022-faqs-and-pages": m0022,
  "0023-admin-list-indexes": m0023,
  "0024-alert-subscriptions": m0024,
};
