import { z } from "zod";
import { requiredText } from "../fields";
import { checkbox, requiredId, testCountField } from "./common";

// Test subcategory (spec §5): name required, a parent category required, test count a number
// of at least 0 (non-numeric becomes 0). The slug is derived from the name on the server.
export const TestSubcategorySchema = z.object({
  category_id: requiredId("Choose a parent category"),
  name: requiredText("Subcategory name", 100),
  test_count: testCountField,
  is_active: checkbox,
});
export type TestSubcategoryInput = z.infer<typeof TestSubcategorySchema>;

export const testSubcategoryDefaults = { category_id: "", name: "", test_count: "0", is_active: true };
