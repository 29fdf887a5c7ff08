import { z } from "zod";
import { httpUrl, optionalText, requiredText } from "../fields";
import { checkbox, MAX_ID, requiredId } from "./common";

// Test item (spec §5): subcategory and title required; description optional. An item opens a test
// (issue 47): one on this site (practice_test_id, chosen from a list) or one elsewhere (test_link,
// an http(s) URL); one of the two is required, and an on-site test wins (the link is not kept).

const TEST_CHOICE = "Choose a test of this site, or none";

/** The on-site test chosen in the select: an id, or null for "none". */
const optionalTestId = z.preprocess(
  (value) =>
    typeof value === "string" && value.trim() === "" ? null : typeof value === "string" ? Number(value) : value,
  z.number({ error: TEST_CHOICE }).int(TEST_CHOICE).positive(TEST_CHOICE).max(MAX_ID, TEST_CHOICE).nullable(),
);

export const TestItemSchema = z
  .object({
    subcategory_id: requiredId("Choose a subcategory"),
    title: requiredText("Title", 200),
    description: optionalText("Description", 2000, { multiline: true }),
    practice_test_id: optionalTestId.optional().transform((v) => v ?? null),
    // Required below unless an on-site test is chosen.
    test_link: z.preprocess(
      (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
      httpUrl("Test link").optional(),
    ),
    is_active: checkbox,
  })
  .refine((item) => item.practice_test_id !== null || Boolean(item.test_link), {
    path: ["test_link"],
    message: "Test link is required",
    // Said with the other fields' errors, not only once they are right.
    when: (payload) => {
      const value = payload.value as { practice_test_id?: unknown; test_link?: unknown };
      return value.practice_test_id === null || value.practice_test_id === undefined;
    },
  })
  .transform((item) => ({
    subcategory_id: item.subcategory_id,
    title: item.title,
    description: item.description,
    practice_test_id: item.practice_test_id,
    test_link: item.practice_test_id === null ? (item.test_link ?? null) : null,
    is_active: item.is_active,
  }));
export type TestItemInput = z.infer<typeof TestItemSchema>;

export const testItemDefaults = {
  subcategory_id: "",
  title: "",
  description: "",
  practice_test_id: "",
  test_link: "",
  is_active: true,
};
