// Admin forms carry a one-time token rendered by the server (the admin layout's loader), so that
// a double click or a retried POST of the same form is recognised (app/lib/forms/idempotency.server.ts).
// Safe to import on the client.

/** The hidden field that carries the token. */
export const SUBMIT_TOKEN_FIELD = "submit_token";
