import { env } from "~/core/env.server";
import { TOKEN_PATTERN } from "./attempts.server";

// The cookie that brings an aspirant back to their attempt at a test (issue 47): `exam_<test id>`,
// holding the attempt's token, for /tests only, HttpOnly, SameSite=Lax, Secure in production. The
// test's page reads it to offer "Resume" or "See your result"; the token also travels in the
// attempt's address (the resume link), so the cookie is a convenience, never the only key.

const name = (testId: number) => `exam_${testId}`;
/** Long enough to come back to the result: 180 days. */
const MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

export function attemptCookie(testId: number, token: string): string {
  const secure = env().NODE_ENV === "production" ? "; Secure" : "";
  return `${name(testId)}=${token}; Path=/tests; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure}`;
}

/** The token this browser holds for the test, if any (well-formed only). */
export function readAttemptCookie(headers: Headers, testId: number): string | null {
  const prefix = `${name(testId)}=`;
  for (const part of (headers.get("Cookie") ?? "").split(";")) {
    const cookie = part.trim();
    if (cookie.startsWith(prefix)) {
      const token = cookie.slice(prefix.length);
      return TOKEN_PATTERN.test(token) ? token : null;
    }
  }
  return null;
}
