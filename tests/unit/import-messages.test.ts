import { describe, expect, it } from "vitest";
import { gateCsvMessages } from "~/lib/admin/messages/gate-data";
import { questionBankMessages } from "~/lib/admin/messages/questions";
import { importMessages } from "~/lib/questions/question-files.server";

// A refused import's summary speaks of one error as one.
describe("a refused import's summary", () => {
  it("says 'it' for one error and 'them' for several", () => {
    expect(gateCsvMessages.failed(1)).toBe(
      "The file was not imported: 1 error below. Nothing was changed; fix it and import again.",
    );
    expect(gateCsvMessages.failed(3)).toBe(
      "The file was not imported: 3 errors below. Nothing was changed; fix them and import again.",
    );
    expect(questionBankMessages.importFailed(1)).toBe(
      "The file was not imported: 1 error below. Nothing was changed; fix it and check the file again.",
    );
    expect(questionBankMessages.importFailed(2)).toMatch(/2 errors below\. Nothing was changed; fix them and/);
  });
});

describe("a question file's errors", () => {
  it("name where they are as the file is read: a CSV row, a JSON line", () => {
    expect(importMessages.repeated("Row 4", "heat-flux", "Row 2")).toBe('Row 4: slug: "heat-flux" is already at row 2');
    expect(importMessages.repeated("Line 9", "heat-flux", "Line 2")).toBe(
      'Line 9: slug: "heat-flux" is already at line 2',
    );
  });
});
