import { bookingMessages, contactMessages } from "~/lib/forms/messages";
import { SUBMIT_TOKEN_FIELD } from "~/lib/forms/submit-token";

// The load of the soak (perf/soak/soak.ts): virtual visitors on keep-alive connections
// (Node's fetch), each one request at a time, browsing the public pages and submitting the
// contact and booking forms as a browser without JavaScript does; and one admin editing content
// through the admin actions. Every request's latency is recorded; every answer is judged.

export type Kind = "page" | "contact" | "booking" | "admin";
export const KINDS: Kind[] = ["page", "contact", "booking", "admin"];

export type ErrorClass = "network" | "server" | "client" | "rateLimited" | "unexpected";

/** What the visitors and the admin were told, by kind, and what went wrong. */
export class Recorder {
  readonly latencies: Record<Kind, number[]> = { page: [], contact: [], booking: [], admin: [] };
  readonly errors: Record<ErrorClass, number> = { network: 0, server: 0, client: 0, rateLimited: 0, unexpected: 0 };
  /** The first few failures, word for word, to say what went wrong. */
  readonly samples: string[] = [];
  /** Markers of the submissions answered with the success message. */
  readonly acknowledged = { contact: [] as string[], booking: [] as string[], ebooks: [] as string[] };

  fail(kind: Kind, type: ErrorClass, detail: string) {
    this.errors[type]++;
    if (this.samples.length < 10) this.samples.push(`${kind}: ${type}: ${detail}`);
  }
}

export interface LoadTarget {
  baseUrl: string;
  /** Public paths the visitors browse (from the sitemap). */
  pages: string[];
  /** The admin's session cookie. */
  adminCookie: string;
  /** The job alert the admin switches on and off, as its edit form posts it. */
  jobAlert: Record<string, string>;
  /** Unique to this run: every submission's marker starts with it. */
  runId: string;
}

const REQUEST_TIMEOUT_MS = 30_000;
/** A real admin edits now and then; a few times a second keeps the page cache invalidating. */
const ADMIN_PAUSE_MS = 250;

interface Answer {
  status: number;
  location: string | null;
  body: string;
}

/** One request, timed to the last byte of the body. Null when the connection failed. */
async function timed(
  target: LoadTarget,
  recorder: Recorder,
  kind: Kind,
  path: string,
  init: RequestInit = {},
): Promise<Answer | null> {
  const started = performance.now();
  try {
    const response = await fetch(target.baseUrl + path, {
      ...init,
      redirect: "manual",
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const body = await response.text();
    recorder.latencies[kind].push(performance.now() - started);
    const answer = { status: response.status, location: response.headers.get("Location"), body };
    if (answer.status === 429) recorder.fail(kind, "rateLimited", path);
    else if (answer.status >= 500) recorder.fail(kind, "server", `${answer.status} ${path}`);
    else if (answer.status >= 400) recorder.fail(kind, "client", `${answer.status} ${path}`);
    return answer.status < 400 ? answer : null;
  } catch (error) {
    recorder.latencies[kind].push(performance.now() - started);
    recorder.fail(kind, "network", `${path}: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

/** A same-origin form POST, as a browser without JavaScript sends it. */
function formPost(target: LoadTarget, fields: Record<string, string>, cookie?: string): RequestInit {
  return {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: target.baseUrl,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  };
}

const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;

/** One visitor: mostly pages, now and then a contact message or a booking, until the deadline. */
export async function visitor(target: LoadTarget, recorder: Recorder, id: number, deadline: number) {
  for (let n = 0; Date.now() < deadline; n++) {
    const roll = Math.random();
    // The marker finds the submission in the tables afterwards: c for contact, b for booking.
    const marker = (kind: "c" | "b") => `${target.runId}-${kind}${id}n${n}`;
    if (roll < 0.1) {
      const answer = await timed(
        target,
        recorder,
        "contact",
        "/contact",
        formPost(target, {
          name: `Soak Visitor ${id}`,
          email: `visitor${id}@example.com`,
          phone: "+91 98765 43210",
          message: `Is the IOCL-2025 series updated? ${marker("c")}`,
          website: "",
        }),
      );
      if (answer?.status === 200 && answer.body.includes(contactMessages.success))
        recorder.acknowledged.contact.push(marker("c"));
      else if (answer) recorder.fail("contact", "unexpected", `${answer.status} without the success message`);
    } else if (roll < 0.2) {
      const answer = await timed(
        target,
        recorder,
        "booking",
        "/book-session",
        formPost(target, {
          sessionType: pick(["higher-studies", "career-guidance"]),
          name: `Soak Visitor ${id}`,
          phone: "9876543210",
          gateScore: "",
          collegeName: "NIT Trichy",
          query: `Which PSUs recruit through GATE CH? ${marker("b")}`,
          website: "",
        }),
      );
      if (answer?.status === 200 && answer.body.includes(bookingMessages.success))
        recorder.acknowledged.booking.push(marker("b"));
      else if (answer) recorder.fail("booking", "unexpected", `${answer.status} without the success message`);
    } else {
      const answer = await timed(target, recorder, "page", pick(target.pages));
      if (answer && answer.status !== 200) recorder.fail("page", "unexpected", `${answer.status}`);
    }
  }
}

/** A successful admin write: back to the list (the toast rides in a cookie). */
function expectSaved(recorder: Recorder, answer: Answer | null, home: string) {
  if (!answer) return false;
  if (answer.status === 302 && answer.location === home) return true;
  recorder.fail("admin", "unexpected", `${answer.status} to ${answer.location ?? "nowhere"}, expected ${home}`);
  return false;
}

/**
 * The admin, until the deadline: switches a job alert off and on, and adds (inactive) e-books,
 * each posted twice with its form's token as a retried POST would be: one row each is expected.
 */
export async function admin(target: LoadTarget, recorder: Recorder, deadline: number) {
  const cookie = target.adminCookie;
  for (let n = 0; Date.now() < deadline; n++) {
    if (n % 2 === 0) {
      const { is_active: _active, ...alert } = target.jobAlert;
      const fields = { ...alert, intent: "update", ...(n % 4 === 0 ? {} : { is_active: "on" }) };
      // The job alerts manager is the panel's index route.
      expectSaved(
        recorder,
        await timed(target, recorder, "admin", "/admin?index", formPost(target, fields, cookie)),
        "/admin",
      );
    } else {
      const page = await timed(target, recorder, "admin", "/admin/ebooks?new=1", { headers: { Cookie: cookie } });
      const token = page?.body.match(new RegExp(`name="${SUBMIT_TOKEN_FIELD}" value="([^"]+)"`))?.[1];
      if (page && !token) recorder.fail("admin", "unexpected", "the e-book form carries no submit token");
      if (token) {
        const title = `Soak e-book ${target.runId}-a${n}`;
        const fields = { intent: "create", title, description: "", pdf_link: "https://example.com/soak.pdf" };
        const post = () => formPost(target, { ...fields, [SUBMIT_TOKEN_FIELD]: token }, cookie);
        const first = expectSaved(
          recorder,
          await timed(target, recorder, "admin", "/admin/ebooks", post()),
          "/admin/ebooks",
        );
        const again = expectSaved(
          recorder,
          await timed(target, recorder, "admin", "/admin/ebooks", post()),
          "/admin/ebooks",
        );
        if (first && again) recorder.acknowledged.ebooks.push(title);
      }
    }
    await new Promise((done) => setTimeout(done, ADMIN_PAUSE_MS));
  }
}

/** The q-quantile (0..1) of the values, nearest rank; 0 for none. */
export function quantile(values: number[], q: number) {
  if (values.length === 0) return 0;
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}
