import { createHash, randomUUID } from "node:crypto";
import { SUBMIT_TOKEN_FIELD } from "./submit-token";

// Duplicate submits (issue 7): the key each submission is known by, claimed together with its
// record (~/db/queries/idempotency-keys.server.ts).
//
// Public pages are served from a shared page cache, so they cannot carry a per-visitor token: a
// visitor's key is a fingerprint of the form, the client's address and the fields as validated.
// Admin pages are never cached: their forms carry a random token from the server, and the key is
// that token with the form it was posted to and its fields.

function digest(parts: unknown[]) {
  return createHash("sha256").update(JSON.stringify(parts)).digest("base64url");
}

/** Fields in name order, so the same submission always digests the same. */
function ordered(fields: unknown) {
  if (typeof fields !== "object" || fields === null) return fields;
  return Object.entries(fields).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** A visitor's submission: the form, the client's address and the fields as validated (trimmed). */
export function visitorSubmissionKey(form: string, clientIp: string, fields: unknown) {
  return `${form}:${digest([clientIp, ordered(fields)])}`;
}

/** A fresh token for the admin forms of one page render. */
export function newSubmitToken() {
  return randomUUID();
}

/**
 * An admin form's submission: its token, where it was posted and what it holds, or null when the
 * form carried no token (a script, an old page). The fields count too, so a page brought back
 * with an old token (the Back button) still creates a different row.
 */
export function adminSubmissionKey(where: string, values: Record<string, string>): string | null {
  const { [SUBMIT_TOKEN_FIELD]: token, ...fields } = values;
  if (!token) return null;
  return `admin:${digest([token, where, ordered(fields)])}`;
}
