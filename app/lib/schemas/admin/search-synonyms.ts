import { z } from "zod";
import { readSynonymRules, SYNONYM_LIMITS } from "~/lib/search/synonyms";
import { hasForbiddenCharacters } from "../fields";

// Site search's synonyms in the site settings (issue 27 item 4): every line a rule, a blank or a
// # comment; each line that is not says so by its number. Empty means the defaults.

/** Room for the most rules at their longest, one a line. */
const MAX_LENGTH = SYNONYM_LIMITS.rules * (SYNONYM_LIMITS.word + SYNONYM_LIMITS.phrase + 5);

export const searchSynonymsField = z
  .string()
  .default("")
  .transform((text) => text.trim())
  .pipe(
    z
      .string()
      .max(MAX_LENGTH, `Keep the search synonyms under ${MAX_LENGTH} characters`)
      .refine((text) => !hasForbiddenCharacters(text, true), "Search synonyms contain characters that are not allowed"),
  )
  .superRefine((text, ctx) => {
    for (const problem of readSynonymRules(text).problems) ctx.addIssue({ code: "custom", message: problem });
  });
