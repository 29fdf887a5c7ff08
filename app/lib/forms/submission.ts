// A posted form and what its action answers: one shape for the visitor forms, the sign-in
// screens and the admin managers (issue 23). Safe on the client, where the forms read it.

/** The honeypot: a field hidden from people, so only bots fill it in (checked in public-form.server.ts). */
export const HONEYPOT_FIELD = "website";

/** The first message for each field, shown beside it. */
export type FieldErrors = Partial<Record<string, string>>;

/** A refused submission, as every form renders it (made by formFailure in read-form.server.ts). */
export interface FormFailure {
  ok: false;
  /** The line above the form, or its toast; none when the field errors say it all. */
  formError?: string;
  fieldErrors: FieldErrors;
  /**
   * What was posted, to fill the form in again: never passwords, codes or the honeypot. Its
   * `intent` (and `level` on the free-tests page) says which form of a page was refused.
   */
  values: Record<string, string>;
}

/** A visitor form's success, which the form announces (a toast, or its own banner). */
export interface FormSuccess {
  ok: true;
  message: string;
}

export type FormResult = FormSuccess | FormFailure;
