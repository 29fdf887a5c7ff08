import { describe, expect, it } from "vitest";
import { z } from "zod";

// Issue 42: a NUL in a lead note was stored on SQLite and a 503 on PostgreSQL, because that one
// field was a bare z.string(). This walks every field of every schema the forms are decided with
// (app/lib/schemas/**, the sign-in screens' app/lib/auth/schemas.ts), so a field added later
// without the shared builders (app/lib/schemas/fields.ts) fails here, not in production:
// - whatever a field accepts, the same value with a control character, a C1 control or a lone
//   surrogate in it is refused, or comes out without it (a checkbox, a dropped search character);
// - a field that takes free text says so in its own words, never a library default;
// - only the fields of a textarea take line breaks and tabs.

const modules = {
  ...import.meta.glob<Record<string, unknown>>("../../app/lib/schemas/**/*.ts", { eager: true }),
  ...import.meta.glob<Record<string, unknown>>("../../app/lib/auth/schemas.ts", { eager: true }),
};

/** Factories of whole schemas, called with what their pages call them with. */
const factories: Record<string, unknown[]> = {
  rankPredictorSchema: [["ch", "cs"]],
  linkItemSchema: ["link_url", "Link"],
};

/** Textarea fields: line breaks and tabs are theirs. */
const multiline = new Set([
  "BookingSchema.query",
  "ContactSchema.message",
  "QuestionReportSchema.message",
  "TestimonialSchema.comment",
  "TestSeriesSchema.description",
  "TestSeriesSchema.features",
  "CourseSchema.description",
  "CourseSchema.learn_points",
  "linkItemSchema.description",
  "EbookSchema.description",
  "FreeMaterialSchema.description",
  "TestItemSchema.description",
  "JobAlertSchema.description",
  "JobAlertSchema.eligibility",
  "GateSubjectSchema.topics",
  "WelcomePopupSchema.description",
  "LeadStatusSchema.note",
  "searchSynonymsField",
  "SiteSettingsSchema.search_synonyms",
  "QuestionSchema.text",
  "QuestionSchema.solution",
  "PracticeTestSchema.instructions",
  "FaqSchema.answer",
  "TermsPageSchema.body",
]);

/**
 * Passwords are never stored, shown or searched: only their Argon2id hash is kept, and refusing a
 * character someone's password has would lock them out.
 */
const passwords = new Set([
  "LoginSchema.password",
  "ResetPasswordSchema.password",
  "ResetPasswordSchema.confirm",
  "ChangePasswordSchema.current",
  "ChangePasswordSchema.password",
  "ChangePasswordSchema.confirm",
  "PasswordConfirmSchema.current",
]);

type Schema = z.ZodType;
const isSchema = (value: unknown): value is Schema => value instanceof z.ZodType;
const defOf = (schema: Schema) => schema.def as unknown as Record<string, unknown>;

/** The object inside transforms and refinements, or null for a schema of one field. */
function shapeOf(schema: Schema): Record<string, Schema> | null {
  const def = defOf(schema);
  if (def.type === "object") return def.shape as Record<string, Schema>;
  if (def.type === "pipe") return shapeOf(def.in as Schema);
  return null;
}

/** Every field of every schema, as [name, schema]. */
function fields(): [string, Schema][] {
  const out: [string, Schema][] = [];
  const add = (name: string, schema: Schema) => {
    const shape = shapeOf(schema);
    if (!shape) out.push([name, schema]);
    else for (const [key, field] of Object.entries(shape)) out.push([`${name}.${key}`, field]);
  };
  for (const exports of Object.values(modules)) {
    for (const [name, value] of Object.entries(exports)) {
      if (isSchema(value)) add(name, value);
      else if (typeof value === "function" && name in factories) add(name, value(...factories[name]!) as Schema);
    }
  }
  return out;
}

/** Values some field of these forms accepts: free text, links, dates, numbers, choices. */
const samples = [
  "Plain text",
  "https://example.com/page",
  "/images/a.png",
  "2024-01-02",
  "a@example.com",
  "+91 98765 43210",
  "919876543210",
  "12",
  "2024",
  "50",
  "CH",
  "ch",
  "general",
  "official",
  "gate-score",
  "higher-studies",
  "booking",
  "new",
  "status",
  "on",
  "up",
  "abcDEF123",
  "123456",
  "retry",
  "3",
  "a long enough password",
  "pyq = previous year papers",
  // The question bank (issue 46): a type, marks, a subject, a difficulty, a source, a status, an
  // action, and a paper's address in the media library.
  "mcq",
  "1",
  "heat-transfer",
  "easy",
  "original",
  "draft",
  "publish",
  `/media/${"ab12".repeat(16)}/gate-2024-ch.pdf`,
  // The timed tests (issue 47): a kind, an access, a window's end typed in IST, a picker's action.
  "topic",
  "free",
  "2026-11-28T10:00",
  "add-question",
  // Issue 48: where the practice tests figure comes from.
  "typed",
  // Issue 49: how often job alert e-mails come, and the Subscribers section's actions.
  "daily",
  "remove",
  "send-alert",
];

/** The characters no form text may hold: C0 controls, DEL, C1 controls, a lone surrogate. */
const forbidden = ["\u0000", "\u0001", "\u0008", "\u000b", "\u001b", "\u007f", "\u0085", "\u009b", "\ud800", "\udfff"];

/** Every string inside a parsed value. */
function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === "object") return Object.values(value).flatMap(strings);
  return [];
}

const insert = (text: string, char: string) => `${text.slice(0, 1)}${char}${text.slice(1)}`;

const all = fields();

describe("every text field of every form (issue 42)", () => {
  it("finds the forms' schemas", () => {
    const names = new Set(all.map(([name]) => name.split(".")[0]));
    for (const expected of ["ContactSchema", "BookingSchema", "LeadStatusSchema", "JobAlertSchema", "LoginSchema"])
      expect(names).toContain(expected);
    expect(all.length).toBeGreaterThan(150);
  });

  it.each(all)("%s accepts one of the samples (else the walk would prove nothing of it)", (name, schema) => {
    expect(samples.some((sample) => schema.safeParse(sample).success)).toBe(true);
  });

  it.each(all.filter(([name]) => !passwords.has(name)))(
    "%s refuses control characters, C1 controls and lone surrogates, or drops them",
    (_name, schema) => {
      for (const sample of samples.filter((s) => schema.safeParse(s).success)) {
        for (const char of forbidden) {
          const result = schema.safeParse(insert(sample, char));
          if (result.success) {
            for (const text of strings(result.data)) expect(text.includes(char), JSON.stringify(text)).toBe(false);
          }
        }
      }
    },
  );

  /** The fields people type words into, with a value each accepts. */
  const freeText = all.flatMap(([name, schema]): [string, Schema, string][] => {
    const text = ["Plain text", "pyq = previous year papers"].find((s) => schema.safeParse(s).success);
    return text && !passwords.has(name) ? [[name, schema, text]] : [];
  });

  it.each(freeText)("%s says which field holds a character that is not allowed", (name, schema, text) => {
    for (const char of forbidden) {
      const result = schema.safeParse(insert(text, char));
      if (result.success) {
        expect(strings(result.data).join(""), name).not.toContain(char);
        continue;
      }
      expect(result.error.issues.map((issue) => issue.message).join("\n"), name).toMatch(
        /contains? characters that are not allowed|is not valid/,
      );
    }
  });

  it.each(freeText)("%s takes a line break or a tab only if it is a textarea", (name, schema, text) => {
    for (const char of ["\n", "\r\n", "\t"]) {
      const result = schema.safeParse(`${text}${char}${text}`);
      if (multiline.has(name)) expect(result.success, name).toBe(true);
      else if (result.success) expect(strings(result.data).join(""), name).not.toContain(char);
      else
        expect(result.error.issues.map((issue) => issue.message).join("\n"), name).toMatch(
          /must be one line, without tabs or line breaks|is not valid/,
        );
    }
  });

  it("lists no textarea field that is not one", () => {
    const names = new Set(all.map(([name]) => name));
    for (const name of multiline) expect(names, name).toContain(name);
  });
});
