import { z } from "zod";
import { requiredText } from "../fields";
import { blankForm, requiredCount } from "./gate-fields";

// A GATE paper (issue 24): its code as GATE prints it (CH, CS, XE), its name, and where it comes
// in the branch lists (1 first).
export const GatePaperSchema = z.object({
  code: z
    .string({ error: "Paper code is required" })
    .trim()
    .toUpperCase()
    .min(1, "Paper code is required")
    .regex(/^[A-Z][A-Z0-9]{1,3}$/, "Paper code must be 2 to 4 letters or digits, such as CH"),
  name: requiredText("Paper name", 120),
  display_order: requiredCount("Order", 1000),
});
export type GatePaperInput = z.infer<typeof GatePaperSchema>;

export const gatePaperDefaults = blankForm(GatePaperSchema, { display_order: "1" });
