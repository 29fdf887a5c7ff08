import { z } from "zod";
import { httpUrl, optionalText, requiredText } from "../fields";
import { checkbox, requiredId } from "./common";

// Test item (spec §5): subcategory, title and test link (URL) required; description optional.
export const TestItemSchema = z.object({
  subcategory_id: requiredId("Choose a subcategory"),
  title: requiredText("Title", 200),
  description: optionalText("Description", 2000),
  test_link: httpUrl("Test link"),
  is_active: checkbox,
});
export type TestItemInput = z.infer<typeof TestItemSchema>;

export const testItemDefaults = { subcategory_id: "", title: "", description: "", test_link: "", is_active: true };
