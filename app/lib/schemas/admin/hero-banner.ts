import { z } from "zod";
import { optionalText, requiredLink } from "../fields";
import { checkbox, IdSchema, imageUrl, isSiteOrHttpLink } from "./common";

export const heroBannerErrors = {
  link: "Link must be a page of this site starting with / (such as /free-tests) or a full address starting with https://",
  altRequired: "Type the words shown on the banner: visitors who cannot see the image are told these instead",
};

/** The banner's destination (issue 27): blank means the learning app, as before. */
const link = z.preprocess(
  (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
  requiredLink("Link", isSiteOrHttpLink, heroBannerErrors.link)
    .optional()
    .transform((v) => v ?? null),
);

// Hero banner (spec §5): the image URL is required and must be a URL. Issue 27 adds the link and
// the banner's words; an active banner must have its words, since visitors see it.
export const HeroBannerSchema = z
  .object({
    image_url: imageUrl("Image URL"),
    link_url: link,
    alt_text: optionalText("Words on the banner", 300),
    is_active: checkbox,
  })
  .superRefine((banner, ctx) => {
    if (banner.is_active && !banner.alt_text) {
      ctx.addIssue({ code: "custom", path: ["alt_text"], message: heroBannerErrors.altRequired });
    }
  });
export type HeroBannerInput = z.infer<typeof HeroBannerSchema>;

export const heroBannerDefaults = { image_url: "", link_url: "", alt_text: "", is_active: true };

/** The up/down arrows of the Order column (spec §4 "Banner order"). */
export const BannerMoveSchema = z.object({
  id: IdSchema,
  direction: z.enum(["up", "down"], { error: "Choose up or down" }),
});
export type BannerMove = z.infer<typeof BannerMoveSchema>;
