import { z } from "zod";
import { optionalText, requiredText } from "../fields";
import { checkbox, imageUrl } from "./common";

// Welcome popup (spec §5): title, description and image URL required; subtitle optional.
// is_active is the 'Show popup to visitors' checkbox.
export const WelcomePopupSchema = z.object({
  title: requiredText("Title", 150),
  subtitle: optionalText("Subtitle", 200),
  description: requiredText("Description", 1000, { multiline: true }),
  image_url: imageUrl("Image URL"),
  is_active: checkbox,
});
export type WelcomePopupInput = z.infer<typeof WelcomePopupSchema>;

export const welcomePopupDefaults = { title: "", subtitle: "", description: "", image_url: "", is_active: true };
