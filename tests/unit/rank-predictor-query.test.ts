import { describe, expect, it } from "vitest";
import { messages, readRankPredictorQuery } from "~/lib/schemas/rank-predictor";

// The rank predictor's GET query (issue 24): papers come from the database (their lower-case
// codes, CH first), categories are the six of the published rules, marks −33.33 to 100.
const papers = ["ch", "cs", "ec", "me"];
const query = (q: string) => readRankPredictorQuery(new URLSearchParams(q), papers);
const marksError = (marks: string) => {
  const state = query(`marks=${encodeURIComponent(marks)}&branch=ch&category=general`);
  return state.status === "invalid" ? state.errors : state.status;
};

describe("rank predictor query", () => {
  it("before a submit chooses the first paper (Chemical) and General, and shows no errors", () => {
    expect(query("")).toEqual({ status: "idle", values: { marks: "", branch: "ch", category: "general" } });
    // A shared link may pick the paper and category without marks.
    expect(query("branch=me&category=st")).toEqual({
      status: "idle",
      values: { marks: "", branch: "me", category: "st" },
    });
    expect(query("branch=xx&category=nope").values).toEqual({ marks: "", branch: "ch", category: "general" });
  });

  it("accepts marks from −33.33 to 100 with at most two decimals, trimmed", () => {
    for (const [marks, value] of [
      ["-33.33", -33.33],
      ["100", 100],
      ["100.00", 100],
      ["0", 0],
      ["56.33", 56.33],
      [" 72.5 ", 72.5],
      ["-2", -2],
    ] as const) {
      const state = query(`marks=${encodeURIComponent(marks)}&branch=ch&category=obc`);
      expect(state.status === "predicted" && state.input).toEqual({ marks: value, branch: "ch", category: "obc" });
    }
  });

  it("rejects marks outside the range, with more than two decimals, or not a number", () => {
    const cases: [string, string][] = [
      ["", messages.marksRequired],
      ["   ", messages.marksRequired],
      ["100.01", messages.marksRange],
      ["-33.34", messages.marksRange],
      ["250", messages.marksRange],
      ["56.333", messages.marksFormat],
      ["abc", messages.marksFormat],
      ["1e2", messages.marksFormat],
      ["56,5", messages.marksFormat],
      ["--5", messages.marksFormat],
      ["5.", messages.marksFormat],
    ];
    for (const [marks, message] of cases) expect([marks, marksError(marks)]).toEqual([marks, { marks: message }]);
  });

  it("keeps the spec's categories general, obc, sc and st, and adds ews and pwd", () => {
    for (const category of ["general", "obc", "sc", "st", "ews", "pwd"])
      expect(query(`marks=40&branch=ch&category=${category}`).status).toBe("predicted");
  });

  it("rejects a paper staff do not keep or an unknown category, and keeps what was typed", () => {
    expect(query("marks=60&branch=xx&category=")).toEqual({
      status: "invalid",
      values: { marks: "60", branch: "xx", category: "" },
      errors: { branch: messages.branchRequired, category: messages.categoryRequired },
    });
    // Upper case is not a value of the list: the form sends lower-case codes.
    expect(query("marks=60&branch=CH&category=general").status).toBe("invalid");
  });
});
