import { z } from "zod";
import { httpUrl, optionalText, requiredText } from "../fields";
import { checkbox, requiredId } from "./common";

// Job alert (spec §5): title, category and view link (URL) required; description optional;
// Active defaults to true (in the form: an unchecked box posts nothing, so absent means false).
export const JobAlertSchema = z.object({
  title: requiredText("Title", 200),
  category_id: requiredId("Choose a category"),
  view_link: httpUrl("View link"),
  description: optionalText("Description", 2000),
  is_active: checkbox,
});
export type JobAlertInput = z.infer<typeof JobAlertSchema>;

/** A fresh add form (spec §4: the form resets to defaults, Active on). */
export const jobAlertDefaults = { title: "", category_id: "", view_link: "", description: "", is_active: true };
