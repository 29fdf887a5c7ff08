import { z } from "zod";
import { requiredText } from "../fields";
import { checkbox } from "./common";

// Test category (spec §5): the name is required; the slug is derived from it on the server.
export const TestCategorySchema = z.object({
  name: requiredText("Category name", 100),
  is_active: checkbox,
});
export type TestCategoryInput = z.infer<typeof TestCategorySchema>;

export const testCategoryDefaults = { name: "", is_active: true };
