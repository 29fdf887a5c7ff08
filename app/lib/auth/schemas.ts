import { z } from "zod";
import { emailField, hasForbiddenCharacters } from "~/lib/schemas/fields";
import { authPolicy } from "./config";
import { authMessages } from "./messages";

// One schema per form of the sign-in screens (STYLE §3). Login follows spec §5: email required
// and in e-mail format, password required.

const m = authMessages;

export const LoginSchema = z.object({
  email: emailField,
  password: z.string({ error: m.login.passwordRequired }).min(1, m.login.passwordRequired).max(1000),
});
export type LoginInput = z.infer<typeof LoginSchema>;

export const CodeSchema = z.object({
  code: z
    .string({ error: m.secondFactor.codeRequired })
    .trim()
    .min(1, m.secondFactor.codeRequired)
    .max(40, m.secondFactor.invalid)
    .refine((v) => !hasForbiddenCharacters(v), m.secondFactor.invalid),
});

export const ForgotPasswordSchema = z.object({ email: emailField });

const newPassword = z
  .string({ error: m.password.required })
  .min(1, m.password.required)
  .min(authPolicy.passwordMin, m.password.tooShort)
  .max(authPolicy.passwordMax, m.password.tooLong);

const confirm = z.string({ error: m.password.required });
const matches = { path: ["confirm"], message: m.password.mismatch };

/**
 * Reset tokens are the auth library's random ids (letters and digits): anything else, a NUL
 * included (which PostgreSQL refuses in a lookup), is simply not a token and is never looked up.
 */
export const ResetTokenSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[\w-]+$/);

export const ResetPasswordSchema = z
  .object({ token: ResetTokenSchema, password: newPassword, confirm })
  .refine((v) => v.password === v.confirm, matches);

export const ChangePasswordSchema = z
  .object({
    current: z.string({ error: m.password.required }).min(1, m.password.required).max(authPolicy.passwordMax),
    password: newPassword,
    confirm,
  })
  .refine((v) => v.password === v.confirm, matches);

export const PasswordConfirmSchema = z.object({
  current: z.string({ error: m.password.required }).min(1, m.password.required).max(authPolicy.passwordMax),
});
