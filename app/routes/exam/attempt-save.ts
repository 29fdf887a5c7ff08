import type { Route } from "./+types/attempt-save";
import { SaveBatchSchema, saveAnswers } from "~/lib/exam/attempts.server";
import { dbContext } from "~/lib/request-context";

// The exam's save endpoint (issue 47): POST /tests/:slug/attempt/:token/save with JSON
// { saves: [{ position, status, answer, secondsSpent, seq }], at }, from the page's queue
// (~/lib/exam/client-save-sender.ts) or its beacon when the page goes. Each save is stored unless
// a newer one of its question is (the sequence decides), so a batch sent twice or late changes
// nothing. Answers: 200 with each save's outcome; 409 once the attempt is over (submitted, or its
// deadline passed: nothing more is taken); 404 for a token that opens no attempt; 400 for a body
// that is not a batch. The queue drops a batch on 200, 400 and 404, and keeps it otherwise.

/** A batch of 100 saves is a few kilobytes; the limit only keeps out what is no batch. */
const MAX_BODY_BYTES = 64 * 1024;

const json = (body: unknown, status = 200) => Response.json(body, { status, headers: { "Cache-Control": "no-store" } });

export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return json({ ok: false }, 405);
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_BODY_BYTES) return json({ ok: false }, 413);
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES) return json({ ok: false }, 413);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return json({ ok: false, reason: "invalid" }, 400);
  }
  const batch = SaveBatchSchema.safeParse(body);
  if (!batch.success) return json({ ok: false, reason: "invalid" }, 400);
  const db = context.get(dbContext);
  const saved = await saveAnswers(db, params.token, batch.data.saves, new Date(), { at: batch.data.at });
  if (saved.ok) return json(saved);
  if (saved.reason === "not_found") return json({ ok: false, reason: "not_found" }, 404);
  return json(saved, 409);
}

/** Only posts: a GET finds nothing here. */
export function loader() {
  return json({ ok: false }, 405);
}
