import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { connect } from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SUBMIT_TOKEN_FIELD } from "~/lib/submit-token";
import {
  CaseCounter,
  encode,
  formEntries,
  hostileValue,
  markupPayloads,
  PROBE,
  textWithPayload,
  unescapedPayloads,
  urlValue,
  type Encoding,
  type Entries,
} from "../support/malformed";
import { ROOT, scratchPostgres, scratchSqlite, startApp, type AppProcess, type ScratchDb } from "./support/app-process";

// Issue 7 "bad input", over HTTP against the production build (`npm run build` first), on SQLite
// and on PostgreSQL. fast-check generates at least 200 requests per route: every public page GET
// with odd paths and query strings (100k-character values, bad percent-encoding, payloads, repeated
// parameters), every visitor form and admin manager POSTed with wrong content types, JSON,
// malformed multipart, bad percent-encoding, oversized bodies (with and without Content-Length)
// and huge headers. Every answer must be below 500, and any echo of the input in HTML escaped.
// A few requests fetch cannot send (a bad Host header, TRACE, a broken request line) go over a
// raw socket. The in-process property tests (tests/integration/property-*.test.ts) cover each
// action's validation in depth; this covers the server in front of them.
//
// Routes covered: GET of every public page (home, courses, free-courses, course/:id, test-series,
// test-series/:param, search, previous-year, question-bank, syllabus, rank-predictor, faqs,
// free-tests, ebooks, free-materials, job-alerts, post-gate-guidance, privacy, contact,
// book-session, testimonials/new, an unknown path, robots.txt, sitemap.xml) and of the sign-in
// pages (admin/login, admin/login/verify, admin/forgot-password, admin/reset-password); POST of
// /contact, /book-session, /testimonials/new, /admin/login, /admin/forgot-password,
// /admin/reset-password, /api/auth/sign-out, and, signed in, /admin, /admin/free-tests,
// /admin/welcome-popup, /admin/hero-banners, /admin/ebooks, /admin/free-materials, /admin/settings.

const RUNS = 200;
/** Requests in flight at once: each property case is a batch of this many generated requests. */
const BATCH = 8;
const PASSWORD = "bad-input admin password 2030";
const counter = new CaseCounter();

const publicPages = [
  "/",
  "/courses",
  "/free-courses",
  "/course/:id",
  "/test-series",
  "/test-series/:param",
  "/search",
  "/previous-year",
  "/question-bank",
  "/syllabus",
  "/rank-predictor",
  "/faqs",
  "/free-tests",
  "/ebooks",
  "/free-materials",
  "/job-alerts",
  "/post-gate-guidance",
  "/privacy",
  "/contact",
  "/book-session",
  "/testimonials/new",
  "/:unknown",
  "/robots.txt",
  "/sitemap.xml",
  "/admin/login",
  "/admin/login/verify",
  "/admin/forgot-password",
  "/admin/reset-password",
];

/** A path segment made of anything: percent-encoded, or raw bad escapes and dot segments. */
const segment = fc.oneof(
  hostileValue.map((v) => encodeURIComponent(v.slice(0, 3000).toWellFormed())),
  fc.constantFrom("%", "%ZZ", "%E0%A4%A", "%00", "..", "%2e%2e", "%2F", "a%2Fb", ";x=1", "1", "0", "-1", "99999999999"),
);

const queryNames = fc.constantFrom(
  "q",
  "page",
  "tab",
  "marks",
  "branch",
  "category",
  "token",
  "new",
  "edit",
  "delete",
  "id",
  "subcategory",
  "_data",
  "_routes",
  "index",
  "redirectTo",
);

/** A query string: repeated names, hostile values (up to 100k characters), or raw bad escapes. */
const query = fc.oneof(
  fc
    .array(fc.tuple(fc.oneof(queryNames, fc.string({ maxLength: 10 })), hostileValue), { maxLength: 4 })
    .map((pairs) => new URLSearchParams(pairs).toString()),
  fc.constantFrom("q=%", "q=%ZZ%E0%A4%A", "%FF=%FE", "q=a&q=b&q=c", "&&&==&", "q=%00", "q[]=1&q[x]=2"),
);

const visitorFields: Record<string, Record<string, fc.Arbitrary<string>>> = {
  "/contact": {
    name: textWithPayload,
    email: fc.constant("visitor@example.com"),
    phone: fc.constant("9876543210"),
    message: textWithPayload,
  },
  "/book-session": {
    sessionType: fc.constantFrom("higher-studies", "career-guidance"),
    name: textWithPayload,
    phone: fc.constant("9876543210"),
    collegeName: textWithPayload,
    query: textWithPayload,
  },
  "/testimonials/new": { name: textWithPayload, rating: fc.constantFrom("5", "0", "x"), comment: textWithPayload },
  "/admin/login": { email: fc.constantFrom("nobody@example.com", "a@b"), password: textWithPayload },
  "/admin/forgot-password": { email: fc.constantFrom("nobody@example.com", "<script>@x.y") },
  "/admin/reset-password": { token: textWithPayload, password: textWithPayload, confirm: textWithPayload },
  "/api/auth/sign-out": { a: textWithPayload },
};

const adminFields: Record<string, Record<string, fc.Arbitrary<string>>> = {
  "/admin": {
    intent: fc.constantFrom("create", "update", "delete", "x"),
    id: fc.constantFrom("1", "99999999999"),
    title: textWithPayload,
    category_id: fc.constantFrom("1", "2"),
    view_link: urlValue,
  },
  "/admin/free-tests": {
    level: fc.constantFrom("category", "subcategory", "item", "x"),
    intent: fc.constantFrom("create", "update", "delete"),
    id: fc.constantFrom("1", "99999999999"),
    name: textWithPayload,
    category_id: fc.constantFrom("1", "2147483648"),
    subcategory_id: fc.constantFrom("1"),
    title: textWithPayload,
    test_count: fc.constantFrom("3", "-1", "x"),
    test_link: urlValue,
  },
  "/admin/welcome-popup": {
    intent: fc.constant("save"),
    title: textWithPayload,
    description: textWithPayload,
    image_url: urlValue,
    is_active: fc.constantFrom("on", ""),
  },
  "/admin/hero-banners": {
    intent: fc.constantFrom("create", "update", "delete", "move"),
    id: fc.constantFrom("1", "2"),
    image_url: urlValue,
    direction: fc.constantFrom("up", "down", "x"),
  },
  "/admin/ebooks": {
    intent: fc.constantFrom("create", "update"),
    id: fc.constant("1"),
    title: textWithPayload,
    pdf_link: urlValue,
  },
  "/admin/free-materials": {
    intent: fc.constantFrom("create", "update"),
    id: fc.constant("1"),
    title: textWithPayload,
    material_link: urlValue,
  },
  "/admin/settings": {
    intent: fc.constant("save"),
    brand_name: textWithPayload,
    whatsapp_number: fc.constant("919876543210"),
    contact_email: fc.constant("support@example.in"),
    contact_phone: fc.constant("+91 98765 43210"),
    contact_address: textWithPayload,
    student_login_url: urlValue,
    student_login_org_code: textWithPayload,
    learning_app_url: urlValue,
    booking_recipient_email: fc.constant("bookings@example.in"),
  },
};

/** How a POST goes wrong: the form encodings of malformed.ts, plus the transport's own. */
type Transport = Encoding | "oversized" | "oversized-chunked" | "huge-header" | "no-origin";
const transport = fc.oneof(
  { arbitrary: fc.constant<Transport>("urlencoded"), weight: 8 },
  {
    arbitrary: fc.constantFrom<Transport>(
      "multipart",
      "json",
      "text",
      "none",
      "broken-multipart",
      "bad-percent",
      "oversized",
      "oversized-chunked",
      "huge-header",
      "no-origin",
    ),
    weight: 8,
  },
);

/** 1.5 MiB: past the server's 1 MiB limit. */
const OVERSIZED = new Uint8Array(1_536 * 1024).fill(0x61);

async function send(app: AppProcess, path: string, entries: Entries, how: Transport, cookie?: string) {
  const headers: Record<string, string> = {
    Origin: app.url,
    "Accept-Encoding": "identity",
    ...(cookie ? { Cookie: cookie } : {}),
  };
  let body: BodyInit;
  let duplex: "half" | undefined;
  if (how === "oversized") {
    body = OVERSIZED;
    headers["Content-Type"] = "application/x-www-form-urlencoded";
  } else if (how === "oversized-chunked") {
    // A stream: sent chunked, with no Content-Length for the server to judge by.
    body = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 6; i++) controller.enqueue(OVERSIZED.subarray(0, 256 * 1024));
        controller.close();
      },
    });
    duplex = "half";
    headers["Content-Type"] = "application/x-www-form-urlencoded";
  } else {
    const encoded = await encode(entries, how === "huge-header" || how === "no-origin" ? "urlencoded" : how);
    body = encoded.body;
    Object.assign(headers, encoded.headers);
    if (how === "none") headers["Content-Type"] = "";
    if (how === "huge-header") headers["X-Filler"] = "a".repeat(20_000);
    if (how === "no-origin") delete headers.Origin;
  }
  try {
    const response = await fetch(app.url + path, {
      method: "POST",
      redirect: "manual",
      headers,
      body,
      ...(duplex ? { duplex } : {}),
    } as RequestInit);
    return { status: response.status, type: response.headers.get("Content-Type") ?? "", body: await response.text() };
  } catch (error) {
    // The server answers 413 and closes without reading an oversized body: a client still sending
    // it then sees the connection end, which is a refusal, not a server error.
    if (how === "oversized" || how === "oversized-chunked") return { status: 413, type: "", body: "" };
    throw error;
  }
}

/** Sends raw bytes and returns the status of the answer (0 when the server just closes). */
function raw(app: AppProcess, bytes: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(app.port, "127.0.0.1");
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk.toString("latin1")));
    socket.on("error", () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0)));
    socket.on("close", () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0)));
    socket.setTimeout(10_000, () => {
      socket.destroy();
      reject(new Error(`no answer to ${JSON.stringify(bytes.slice(0, 80))}`));
    });
    socket.write(bytes, "latin1");
  });
}

/**
 * fc.assert over RUNS generated requests, sent BATCH at a time (the server is the slow part, and
 * waiting for one answer at a time would take minutes); a failing batch still shrinks.
 */
async function assertBatched<T>(arbitrary: fc.Arbitrary<T>, check: (value: T) => Promise<void>) {
  await fc.assert(
    fc.asyncProperty(fc.array(arbitrary, { minLength: BATCH, maxLength: BATCH }), async (batch) => {
      await Promise.all(batch.map(check));
    }),
    { numRuns: RUNS / BATCH },
  );
}

function expectSafe(label: string, answer: { status: number; type: string; body: string }) {
  counter.add(label, answer.status);
  expect(answer.status, `${label} answered ${answer.status}`).toBeLessThan(500);
  if (answer.type.includes("html")) expect(unescapedPayloads(answer.body)).toEqual([]);
}

const engines: Array<[string, () => Promise<ScratchDb>, number]> = [
  ["sqlite", async () => scratchSqlite("bad-input"), 4450],
  ["postgres", () => scratchPostgres("bad_input"), 4451],
];

afterAll(() => {
  for (const line of counter.lines("HTTP")) console.log(line);
});

describe.each(engines)("bad input over HTTP on %s", (engine, scratch, port) => {
  let database: ScratchDb;
  let app: AppProcess;
  let adminCookie = "";

  beforeAll(async () => {
    database = await scratch();
    // Every case must reach the forms' own checks, not the per-IP limit.
    app = await startApp({ databaseUrl: database.url, port, env: { PUBLIC_FORM_RATE_LIMIT: "1000000" } });
    const email = `bad-input-${randomBytes(3).toString("hex")}@example.com`;
    execFileSync(process.execPath, ["--import", "tsx", "scripts/admin-create.ts", "--email", email], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        ADMIN_PASSWORD: PASSWORD,
        NODE_ENV: "production",
        LOG_LEVEL: "silent",
      },
      stdio: "pipe",
    });
    const signIn = await fetch(`${app.url}/admin/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url },
      body: new URLSearchParams({ email, password: PASSWORD }),
    });
    expect(signIn.status).toBe(302);
    adminCookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0]!)
      .filter((pair) => !pair.endsWith("="))
      .join("; ");
  });
  afterAll(async () => {
    await app?.stop();
    await database?.drop();
  });

  it.each(publicPages)(`GET %s with odd paths and query strings (${engine})`, async (page) => {
    // One in four anonymous, through the page cache; the rest with a cookie, rendered afresh.
    const anonymous = fc.nat(3).map((n) => n === 0);
    await assertBatched(fc.tuple(segment, query, anonymous), async ([param, search, cached]) => {
      const path = page.replace(/:\w+/, param);
      const response = await fetch(`${app.url}${path}?${search}`, {
        redirect: "manual",
        headers: { "Accept-Encoding": "identity", ...(cached ? {} : { Cookie: "visitor=1" }) },
      });
      expectSafe(`GET ${page}`, {
        status: response.status,
        type: response.headers.get("Content-Type") ?? "",
        body: await response.text(),
      });
    });
  });

  it.each(Object.keys(visitorFields))(`POST %s with malformed bodies and transports (${engine})`, async (path) => {
    await assertBatched(fc.tuple(formEntries(visitorFields[path]!), transport), async ([entries, how]) => {
      expectSafe(`POST ${path}`, await send(app, path, entries, how));
    });
  });

  it.each(Object.keys(adminFields))(`POST %s signed in, with malformed bodies (${engine})`, async (path) => {
    const token = fc.oneof(fc.uuid(), hostileValue).map((v): Entries => [[SUBMIT_TOKEN_FIELD, v]]);
    await assertBatched(fc.tuple(formEntries(adminFields[path]!), token, transport), async ([entries, submit, how]) => {
      const answer = await send(app, path, [...entries, ...submit], how, adminCookie);
      expectSafe(`POST ${path} (admin)`, answer);
      // Still signed in: the refusal came from the action, not from the guard.
      if (how === "urlencoded") expect(answer.status).not.toBe(403);
    });
  });

  it(`the public pages and the admin lists show every stored payload escaped (${engine})`, async () => {
    // A payload that is valid text is stored as typed; make sure one of each is there.
    for (const payload of markupPayloads) {
      const stored = await send(
        app,
        "/testimonials/new",
        [
          ["name", payload.slice(0, 100)],
          ["rating", "4"],
          ["comment", payload],
        ],
        "urlencoded",
      );
      expect(stored.status).toBe(200);
    }
    for (const path of ["/", "/job-alerts", "/ebooks", "/free-materials", "/free-tests", "/contact"]) {
      const html = await (await fetch(app.url + path)).text();
      expect(unescapedPayloads(html), path).toEqual([]);
    }
    const home = await (await fetch(`${app.url}/`)).text();
    expect(home).toContain(`&lt;script&gt;alert(&#x27;${PROBE}&#x27;)&lt;/script&gt;`);
    for (const path of ["/admin", "/admin/free-tests", "/admin/ebooks", "/admin/free-materials", "/admin/settings"]) {
      const html = await (await fetch(app.url + path, { headers: { Cookie: adminCookie } })).text();
      expect(unescapedPayloads(html), path).toEqual([]);
    }
  });

  it(`answers requests fetch cannot send with a 4xx or a closed connection (${engine})`, async () => {
    const host = `127.0.0.1:${app.port}`;
    const cases: Array<[string, string]> = [
      ["a Host that is no host", "GET / HTTP/1.1\r\nHost: [::1\r\nConnection: close\r\n\r\n"],
      ["a Host with a space", "GET / HTTP/1.1\r\nHost: a b\r\nConnection: close\r\n\r\n"],
      ["TRACE", `TRACE / HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`],
      ["an unknown method", `FOO / HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`],
      ["a broken request line", "GET\r\n\r\n"],
      ["a NUL in the path", `GET /\u0000 HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`],
      ["a raw non-ASCII path", `GET /caf\u00e9?q=\u00ff HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`],
      ["a 40 KB header", `GET / HTTP/1.1\r\nHost: ${host}\r\nX-A: ${"a".repeat(40_000)}\r\nConnection: close\r\n\r\n`],
      [
        "a declared 2 MiB body",
        `POST /contact HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${app.url}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 2097152\r\n\r\nname=a`,
      ],
      [
        "broken chunked encoding",
        `POST /contact HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${app.url}\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\nzz\r\nname=a\r\n0\r\n\r\n`,
      ],
      [
        "Content-Length and chunked together",
        `POST /contact HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${app.url}\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n0\r\n\r\n`,
      ],
      [
        "a multipart body with no boundary",
        `POST /contact HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${app.url}\r\nContent-Type: multipart/form-data\r\nContent-Length: 7\r\nConnection: close\r\n\r\nname=ab`,
      ],
    ];
    for (const [label, bytes] of cases) {
      const status = await raw(app, bytes);
      counter.add(`raw: ${label}`, status);
      // 0: the server closed the connection without an answer (Node's parser refusing it).
      expect(status === 0 || (status >= 400 && status < 500), `${label}: ${status}`).toBe(true);
    }
    // Still serving after all that, and nothing it logged was a crash.
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
    expect(app.output()).not.toMatch(/"level":50.*"msg":"request failed"/);
  });
});
