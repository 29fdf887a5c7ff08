import { describe, expect, it } from "vitest";
import {
  listBack,
  listHref,
  listParams,
  parseIds,
  parseListQuery,
  searchOf,
  withRow,
  type ListSpec,
} from "~/core/list-query";
import { jobAlertList, leadList, testimonialList } from "~/lib/admin/admin-lists";
import { listMessages } from "~/lib/admin/messages/lists";

// An admin list's view as its address (issue 48): what a bookmarked filtered view reads back,
// what is dropped, and the words of a bulk confirmation.

const spec: ListSpec = jobAlertList.spec;
const parse = (query: string) => parseListQuery(spec, new URLSearchParams(query));

describe("a list's view from its address", () => {
  it("reads the search, the filters, the sort and the page", () => {
    expect(
      parse("q=+IOCL++admit+&active=0&category=3&closing=7&from=2026-01-01&to=2026-01-31&sort=title&dir=desc&page=3"),
    ).toEqual({
      q: "IOCL admit",
      sort: "title",
      dir: "desc",
      page: 3,
      pageSize: 50,
      filters: { active: "0", category: "3", closing: "7", from: "2026-01-01", to: "2026-01-31" },
    });
  });

  it("drops what is not one of the list's values, and defaults the rest", () => {
    expect(
      parse("active=yes&category=-1&closing=0&lastDate=some&from=2026-02-30&sort=drop&dir=up&page=x&q=%00%00"),
    ).toEqual({ q: null, sort: "posted", dir: "desc", page: 1, pageSize: 50, filters: {} });
    expect(parse("closing=367").filters).toEqual({});
    expect(parse("lastDate=none").filters).toEqual({ lastDate: "none" });
    // A sort chosen without a direction starts in its own.
    expect(parse("sort=title")).toMatchObject({ sort: "title", dir: "asc" });
  });

  it("writes back only what differs from the plain list, so a plain list keeps its plain address", () => {
    for (const query of ["", "sort=posted&dir=desc", "page=1"]) expect(listParams(spec, parse(query))).toEqual({});
    expect(listParams(spec, parse("dir=asc&q=gate&active=1"))).toEqual({ active: "1", q: "gate", dir: "asc" });
    expect(listParams(spec, parse("sort=title&dir=asc"))).toEqual({ sort: "title" });
    expect(
      listParams(testimonialList.spec, parseListQuery(testimonialList.spec, new URLSearchParams("status=pending"))),
    ).toEqual({
      status: "pending",
    });
  });

  it("keeps the leads' own parameter names", () => {
    const query = parseListQuery(leadList.spec, new URLSearchParams("status=new&kind=booking&q=ravi"));
    expect(listParams(leadList.spec, query)).toEqual({ kind: "booking", status: "new", q: "ravi" });
  });

  it("trims a search to its words, without control characters, at most 100 characters", () => {
    expect(searchOf(" a\u0000b\tc  ")).toBe("a b c");
    expect(searchOf("x".repeat(150))).toHaveLength(100);
    expect(searchOf("   ")).toBe(null);
  });
});

describe("addresses of a list", () => {
  it("changes a view's parameter, page 1 without one", () => {
    expect(listHref("/admin", { active: "1" }, { page: 2 })).toBe("/admin?active=1&page=2");
    expect(listHref("/admin", { active: "1" }, { page: 1, active: null })).toBe("/admin");
    expect(listHref("/admin", {}, { edit: 12 })).toBe("/admin?edit=12");
  });

  it("returns to the list as it was posted from: its view, without the states", () => {
    expect(listBack("/admin", "http://x/admin?index&q=gate&page=2&edit=4&bulk=delete&ids=1&ids=2&all=1")).toBe(
      "/admin?q=gate&page=2",
    );
    expect(listBack("/admin/ebooks", "http://x/admin/ebooks?new=1")).toBe("/admin/ebooks");
    expect(withRow("/admin?q=gate", 12)).toBe("/admin?q=gate#row-12");
    expect(withRow("/admin", null)).toBe("/admin");
  });

  it("reads a bulk selection's ids: each once, whole numbers, at most a page's", () => {
    expect(parseIds(["3,1", "3", " 2 "])).toEqual([3, 1, 2]);
    expect(parseIds(["1,x"])).toBe(null);
    expect(parseIds(["0"])).toBe(null);
    expect(parseIds([""])).toBe(null);
    expect(parseIds([Array.from({ length: 101 }, (_, i) => i + 1).join(",")])).toBe(null);
    expect(parseIds([Array.from({ length: 100 }, (_, i) => i + 1).join(",")])).toHaveLength(100);
  });
});

describe("the words of a bulk action", () => {
  it("names how many in the confirmation and the toast", () => {
    expect(listMessages.confirm("deactivate", 3, jobAlertList.nouns)).toBe("Deactivate 3 job alerts?");
    expect(listMessages.confirm("delete", 1, jobAlertList.nouns)).toBe("Delete 1 job alert?");
    expect(listMessages.done("deactivate", 3, jobAlertList.nouns, 0)).toBe("3 job alerts deactivated.");
    expect(listMessages.done("delete", 2, jobAlertList.nouns, 1)).toBe("2 job alerts deleted. 1 could not be deleted.");
  });
});
