import { z } from "zod";
import { mediaMessages } from "~/lib/admin/messages/media";
import { optionalText } from "../fields";
import { checkbox } from "./common";
import { blankForm, optionalHttpUrl, retrievedOnField } from "./gate-fields";

// What staff say about a file of the media library (issue 45), on upload and when editing it
// later: its title, what a picture shows (alt text) unless it is decorative, and where an
// official paper came from with the day it was read there, as the GATE figures keep theirs. That
// a picture needs its alt text depends on the file's type, read from its bytes: the action checks
// it (~/lib/media/upload.server.ts), not this schema.

const m = mediaMessages;

export const MediaDetailsSchema = z
  .object({
    title: optionalText("Title", 150),
    alt_text: optionalText("Alt text", 250),
    is_decorative: checkbox,
    source_url: optionalHttpUrl("Source URL"),
    source_read_on: retrievedOnField("Date read"),
  })
  .superRefine((input, ctx) => {
    if (input.source_url !== null && input.source_read_on === null) {
      ctx.addIssue({ code: "custom", path: ["source_read_on"], message: m.sourceDateRequired });
    }
    if (input.source_url === null && input.source_read_on !== null) {
      ctx.addIssue({ code: "custom", path: ["source_url"], message: m.sourceUrlRequired });
    }
  });

export type MediaDetailsInput = z.infer<typeof MediaDetailsSchema>;

export const mediaDetailsDefaults = blankForm(MediaDetailsSchema);
