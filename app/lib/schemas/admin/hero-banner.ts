import { z } from "zod";
import { checkbox, IdSchema, imageUrl } from "./common";

// Hero banner (spec §5): the image URL is required and must be a URL.
export const HeroBannerSchema = z.object({
  image_url: imageUrl("Image URL"),
  is_active: checkbox,
});
export type HeroBannerInput = z.infer<typeof HeroBannerSchema>;

export const heroBannerDefaults = { image_url: "", is_active: true };

/** The up/down arrows of the Order column (spec §4 "Banner order"). */
export const BannerMoveSchema = z.object({
  id: IdSchema,
  direction: z.enum(["up", "down"], { error: "Choose up or down" }),
});
export type BannerMove = z.infer<typeof BannerMoveSchema>;
