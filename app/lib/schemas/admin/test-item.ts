import { z } from "zod";
import { requiredId } from "./common";
import { linkItemDefaults, linkItemSchema } from "./link-item";

// Test item (spec §5): subcategory, title and test link (URL) required; description optional.
export const TestItemSchema = z.object({
  subcategory_id: requiredId("Choose a subcategory"),
  ...linkItemSchema("test_link", "Test link").shape,
});
export type TestItemInput = z.infer<typeof TestItemSchema>;

export const testItemDefaults = { subcategory_id: "", ...linkItemDefaults("test_link") };
