import { describe, expect, it } from "vitest";
import { loader as activityLoader } from "~/routes/admin/manage/activity";
import { action as catalogueAction, loader as catalogueLoader } from "~/routes/admin/manage/catalogue";
import { action as ebooksAction, loader as ebooksLoader } from "~/routes/admin/manage/ebooks";
import { action as freeTestsAction, loader as freeTestsLoader } from "~/routes/admin/manage/free-tests";
import { action as materialsAction, loader as materialsLoader } from "~/routes/admin/manage/free-materials";
import { action as gateAction, loader as gateLoader } from "~/routes/admin/manage/gate-data";
import { action as bannersAction, loader as bannersLoader } from "~/routes/admin/manage/hero-banners";
import { action as jobAlertsAction, loader as jobAlertsLoader } from "~/routes/admin/manage/job-alerts";
import { action as leadsAction, loader as leadsLoader } from "~/routes/admin/manage/leads";
import { action as mediaAction, loader as mediaLoader } from "~/routes/admin/manage/media";
import { action as outboxAction, loader as outboxLoader } from "~/routes/admin/manage/outbox";
import { action as toastsAction, loader as toastsLoader } from "~/routes/admin/manage/purchase-toasts";
import { action as questionsAction, loader as questionsLoader } from "~/routes/admin/manage/questions";
import { action as testimonialsAction, loader as testimonialsLoader } from "~/routes/admin/manage/testimonials";
import { action as testsAction, loader as testsLoader } from "~/routes/admin/manage/tests";
import { action as popupAction, loader as popupLoader } from "~/routes/admin/manage/welcome-popup";
import type { Handler } from "./admin-support";
import { scaledManagerCalls } from "./admin-lists-support";
import { call, getRequest, snapshot } from "./auth-support";

// Whoever is not an admin is refused by every manager and changes nothing: anonymous callers go
// to the login page, a signed-in non-admin is denied. The six managers' writes and lists and the
// Activity view (issue 5), then the lists' bulk actions and the confirmation step before them
// (issue 48). On the demo content once over: there are rows a refused write could take, and the
// snapshot each test takes twice reads every table (at the lists' 100× that took most of their
// test time). What each manager does for an admin is in admin-routes-*.test.ts and
// admin-lists-*.test.ts.

const ADMIN = "content-admin@example.com";
const { sessions, post, get } = scaledManagerCalls(ADMIN, 1);

describe(`admin managers on ${process.env.TEST_ENGINE}`, () => {
  describe("refused callers", () => {
    const attempts: [string, Handler, string, Record<string, string>][] = [
      [
        "job alerts",
        jobAlertsAction,
        "/admin",
        { intent: "create", title: "X", category_id: "1", view_link: "https://x.in", is_active: "on" },
      ],
      ["e-books", ebooksAction, "/admin/ebooks", { intent: "create", title: "X", pdf_link: "https://x.in/a.pdf" }],
      [
        "materials",
        materialsAction,
        "/admin/free-materials",
        { intent: "create", title: "X", material_link: "https://x.in" },
      ],
      [
        "banners",
        bannersAction,
        "/admin/hero-banners",
        { intent: "create", image_url: "/images/banners/free-tests-every-week.svg" },
      ],
      [
        "popup",
        popupAction,
        "/admin/welcome-popup",
        { intent: "save", title: "X", description: "Y", image_url: "/images/welcome-popup.svg" },
      ],
      ["free tests", freeTestsAction, "/admin/free-tests", { intent: "create", level: "category", name: "X" }],
    ];

    it.each(attempts)(
      "%s: anonymous goes to the login page, a non-admin is denied; nothing changes",
      async (_name, action, path, fields) => {
        const before = await snapshot();
        const anonymous = await post(action, path, fields, null);
        expect(anonymous).toMatchObject({ kind: "redirect", location: "/admin/login", replace: true });
        const student = await post(action, path, fields, sessions.studentCookie);
        expect(student).toMatchObject({ kind: "data", status: 403, data: { accessDenied: true } });
        expect(await snapshot()).toEqual(before);
      },
    );

    it.each([
      ["job alerts", jobAlertsLoader, "/admin"],
      ["e-books", ebooksLoader, "/admin/ebooks"],
      ["materials", materialsLoader, "/admin/free-materials"],
      ["banners", bannersLoader, "/admin/hero-banners"],
      ["popup", popupLoader, "/admin/welcome-popup"],
      ["free tests", freeTestsLoader, "/admin/free-tests"],
      ["activity", activityLoader, "/admin/activity"],
    ] as const)("%s: the list is refused too", async (_name, loader, path) => {
      expect(await get(loader, path, null)).toMatchObject({ kind: "redirect", location: "/admin/login" });
      expect(await get(loader, path, sessions.studentCookie)).toMatchObject({ kind: "data", status: 403 });
    });
  });
});

describe(`admin lists at the demo data's size, on ${process.env.TEST_ENGINE}`, () => {
  describe("authorization", () => {
    const bulkActions = [
      ["/admin", jobAlertsAction],
      ["/admin/ebooks", ebooksAction],
      ["/admin/free-materials", materialsAction],
      ["/admin/hero-banners", bannersAction],
      ["/admin/purchase-toasts", toastsAction],
      ["/admin/testimonials", testimonialsAction],
      ["/admin/leads", leadsAction],
      ["/admin/outbox", outboxAction],
      ["/admin/catalogue", catalogueAction],
      ["/admin/questions", questionsAction],
      ["/admin/tests", testsAction],
      ["/admin/free-tests", freeTestsAction],
      ["/admin/media", mediaAction],
      ["/admin/gate-rank-points", gateAction],
    ] as const;

    it.each(bulkActions)("%s: a bulk action without an admin is refused and changes nothing", async (path, action) => {
      const fields = { intent: "bulk", bulk: "delete", ids: "1,2,3" };
      const before = await snapshot();
      expect(await post(action, path, fields, "")).toMatchObject({ kind: "redirect", location: "/admin/login" });
      expect(await post(action, path, fields, sessions.studentCookie)).toMatchObject({ kind: "data", status: 403 });
      expect(await snapshot()).toEqual(before);
    });

    it.each(bulkActions)("%s: the confirmation step is the admin's only", async (path) => {
      const loaders: Record<string, Handler> = {
        "/admin": jobAlertsLoader,
        "/admin/ebooks": ebooksLoader,
        "/admin/free-materials": materialsLoader,
        "/admin/hero-banners": bannersLoader,
        "/admin/purchase-toasts": toastsLoader,
        "/admin/testimonials": testimonialsLoader,
        "/admin/leads": leadsLoader,
        "/admin/outbox": outboxLoader,
        "/admin/catalogue": catalogueLoader,
        "/admin/questions": questionsLoader,
        "/admin/tests": testsLoader,
        "/admin/free-tests": freeTestsLoader,
        "/admin/media": mediaLoader,
        "/admin/gate-rank-points": gateLoader,
      };
      const loader = loaders[path]!;
      const step = `${path}?bulk=delete&ids=1`;
      expect(await call(loader as never, getRequest(step))).toMatchObject({
        kind: "redirect",
        location: "/admin/login",
      });
      expect(await call(loader as never, getRequest(step, sessions.studentCookie))).toMatchObject({
        kind: "data",
        status: 403,
      });
    });
  });
});
