import fc from "fast-check";

// Hostile input for the property-based tests of issue 7 "bad input": the values, bodies and
// encodings that a fuzzer, a careless script or an attacker sends to our forms. Shared by the
// in-process tests (tests/integration/property-*.test.ts).

/** Marks our script payloads, so a page can be searched for them. */
export const PROBE = "xss-probe";

/** Markup that must only ever reach a page escaped. */
export const markupPayloads = [
  `<script>alert('${PROBE}')</script>`,
  `"><img src=x onerror=alert('${PROBE}')>`,
  `'><svg onload=alert('${PROBE}')>`,
  `</textarea></title></script><script>${PROBE}</script>`,
  `" autofocus onfocus="alert('${PROBE}')`,
  `<a href="javascript:alert('${PROBE}')">x</a>`,
  `<iframe srcdoc="<script>${PROBE}</script>">`,
  `{{constructor.constructor('${PROBE}')()}}`,
] as const;

/**
 * What a page would contain if one of markupPayloads were rendered unescaped (or escaped for the
 * wrong context). React escapes <, >, ", ' and & in text and attributes, and React Router escapes
 * < and > in the data it inlines for hydration, so none of these may appear.
 */
export const unescapedFragments = [
  `<script>alert('${PROBE}')`,
  `<img src=x onerror=alert('${PROBE}')`,
  `<svg onload=alert('${PROBE}')`,
  `<script>${PROBE}</script>`,
  `onfocus="alert('${PROBE}')`,
  `href="javascript:alert('${PROBE}')"`,
  `<iframe srcdoc=`,
];

/** The fragments of `html` that show a payload rendered unescaped (empty when safe). */
export function unescapedPayloads(html: string): string[] {
  return unescapedFragments.filter((fragment) => html.includes(fragment));
}

export const sqlPayloads = [
  "' OR 1=1 --",
  "'; DROP TABLE testimonials; --",
  '" OR ""="',
  "1; SELECT pg_sleep(5)--",
  "%' AND 1=1 AND '%'='",
  "\\'; --",
] as const;

/** Scripts dressed as links: case, leading whitespace and control characters, other schemes. */
export const scriptUrls = [
  "javascript:alert(1)",
  "JAVASCRIPT:alert(1)",
  " JaVaScRiPt:alert(1)",
  "\tjavascript:alert(1)",
  "\njavascript:alert(1)",
  "\u0000javascript:alert(1)",
  "java\tscript:alert(1)",
  "java\nscript:alert(1)",
  "javascript://example.com/%0Aalert(1)",
  "data:text/html,<script>alert(1)</script>",
  "DATA:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
  "data:image/svg+xml,<svg onload=alert(1)>",
  "vbscript:msgbox(1)",
  " VBScript:msgbox(1)",
  "file:///etc/passwd",
  "https:javascript:alert(1)",
  "http:/\\example.com",
  "//evil.example/x.png",
  "\\\\evil.example\\x.png",
  "/\\evil.example",
  "https://",
  "http://[::1",
  "https://exa mple.com",
  "https://example.com/\u0000",
] as const;

/** Whether a stored link would be anything but an http(s) URL or a same-site path. */
export function isUnsafeStoredUrl(value: string | null | undefined): boolean {
  if (value === null || value === undefined) return false;
  // Browsers drop leading spaces and control characters and every tab or newline before the scheme.
  const normalised = value
    // oxlint-disable-next-line no-control-regex -- stripping them is the point
    .replace(/^[\u0000-\u0020]+/, "")
    .replace(/[\t\n\r]/g, "")
    .toLowerCase();
  if (/^(javascript|data|vbscript|file):/.test(normalised)) return true;
  if (normalised.startsWith("/")) return normalised.startsWith("//") || normalised.startsWith("/\\");
  return !/^https?:\/\//.test(normalised);
}

const control = fc.string({ unit: fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)), minLength: 1 });

/** Strings far beyond every field's limit (and every body limit once encoded). */
export const overlong = fc.constantFrom(
  "a".repeat(100_000),
  "\u00e9".repeat(100_000),
  "<script>".repeat(12_500),
  "\u{1F600}".repeat(50_000),
);

/** Just over the larger field limits (5000 characters), within the body limits: field errors. */
export const long = fc.integer({ min: 2_001, max: 6_000 }).map((n) => "x".repeat(n));

const numberish = fc.constantFrom(
  "-1",
  "0",
  "-0",
  "1.5",
  "1e3",
  "1e309",
  "-1e309",
  "NaN",
  "Infinity",
  "-Infinity",
  "0x10",
  "99999999999999999999",
  "2147483648",
  "9007199254740993",
  "\u0661\u0662",
  "5 ",
  " 3",
  "3abc",
  "null",
  "undefined",
  "true",
  "[]",
  "{}",
);

/** Any malformed value a form field may receive. */
export const hostileValue: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...markupPayloads), weight: 3 },
  { arbitrary: fc.constantFrom(...sqlPayloads), weight: 2 },
  { arbitrary: fc.constantFrom(...scriptUrls), weight: 2 },
  { arbitrary: numberish, weight: 2 },
  {
    arbitrary: fc.constantFrom(
      "",
      " ",
      "\u0000",
      "\u0000abc",
      "abc\u0000",
      "\r\n",
      "\u202e",
      "\ufeff",
      "\u200b",
      "\ud800",
      "%00",
    ),
    weight: 2,
  },
  { arbitrary: control, weight: 2 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }), weight: 2 },
  { arbitrary: long, weight: 1 },
  { arbitrary: overlong, weight: 1 },
);

/** A field that holds either a plausible value or a hostile one. */
export function field(valid: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.oneof({ arbitrary: valid, weight: 4 }, { arbitrary: hostileValue, weight: 1 });
}

/** Plausible text with a payload in it: valid for most text fields, so it gets stored. */
export const textWithPayload = fc.oneof(
  fc.constantFrom("Rahul Sharma", "Priya", "IIT Bombay", "Great course, thanks!"),
  fc.constantFrom(...markupPayloads),
  fc.constantFrom(...sqlPayloads),
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 30 }),
);

export const validUrl = fc.oneof(fc.webUrl(), fc.constantFrom("https://example.com/a?b=c#d", "http://example.in/"));

/** A URL field: valid links, scripts dressed as links, anything else. */
export const urlValue = fc.oneof(
  { arbitrary: validUrl, weight: 2 },
  { arbitrary: fc.constantFrom(...scriptUrls), weight: 3 },
  {
    // A scheme in any case behind any leading whitespace or control characters.
    arbitrary: fc
      .tuple(
        fc.constantFrom("", " ", "\t", "\n", "\r\n", "  \t", "\u0001"),
        fc.constantFrom("javascript", "data", "vbscript", "JavaScript", "DaTa", "jAvAsCrIpT"),
        fc.string({ maxLength: 20 }),
      )
      .map(([lead, scheme, rest]) => `${lead}${scheme}:${rest}`),
    weight: 2,
  },
  { arbitrary: hostileValue, weight: 1 },
);

/** A form as sent: name–value pairs, in order, a name possibly repeated. */
export type Entries = [string, string][];

/**
 * A body for a form with these fields: each field present once, missing, or repeated with
 * another value (which comes first varies), plus unknown fields.
 */
export function formEntries(fields: Record<string, fc.Arbitrary<string>>): fc.Arbitrary<Entries> {
  const perField = Object.entries(fields).map(([name, value]) =>
    fc.oneof(
      { arbitrary: value.map((v): Entries => [[name, v]]), weight: 12 },
      { arbitrary: fc.constant<Entries>([]), weight: 1 },
      {
        arbitrary: fc.tuple(value, hostileValue).map(([a, b]): Entries => [
          [name, a],
          [name, b],
        ]),
        weight: 1,
      },
      {
        arbitrary: fc.tuple(hostileValue, value).map(([a, b]): Entries => [
          [name, a],
          [name, b],
        ]),
        weight: 1,
      },
    ),
  );
  const extra = fc.array(
    fc.tuple(
      fc.oneof(fc.constantFrom("__proto__", "constructor", "toString", "id[]", "a".repeat(300)), fc.string()),
      hostileValue,
    ),
    { maxLength: 2 },
  );
  return fc.tuple(fc.tuple(...perField), extra).map(([groups, more]) => [...groups.flat(), ...more]);
}

/** How the body is encoded: mostly as browsers send forms, sometimes anything but. */
export type Encoding = "urlencoded" | "multipart" | "json" | "text" | "none" | "broken-multipart" | "bad-percent";

export const encoding: fc.Arbitrary<Encoding> = fc.oneof(
  { arbitrary: fc.constant<Encoding>("urlencoded"), weight: 12 },
  { arbitrary: fc.constant<Encoding>("multipart"), weight: 4 },
  { arbitrary: fc.constantFrom<Encoding>("json", "text", "none", "broken-multipart", "bad-percent"), weight: 4 },
);

/** The body and its Content-Type header (none for "none"). */
export async function encode(
  entries: Entries,
  how: Encoding,
): Promise<{ body: string | Uint8Array<ArrayBuffer>; headers: Record<string, string> }> {
  switch (how) {
    case "urlencoded":
      return {
        body: new URLSearchParams(entries).toString(),
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      };
    case "multipart": {
      const form = new FormData();
      for (const [name, value] of entries) form.append(name, value);
      // A file where text is expected, too.
      form.append("attachment", new Blob(["<script>alert(1)</script>"], { type: "text/html" }), "x.html");
      // As bytes, the way they arrive over the wire (and can be sent again).
      const encoded = new Response(form);
      return {
        body: new Uint8Array(await encoded.arrayBuffer()),
        headers: { "Content-Type": encoded.headers.get("Content-Type")! },
      };
    }
    case "json":
      return {
        body: JSON.stringify(Object.fromEntries(entries)),
        headers: { "Content-Type": "application/json" },
      };
    case "text":
      return { body: entries.map(([k, v]) => `${k}=${v}`).join("\n"), headers: { "Content-Type": "text/plain" } };
    case "none":
      // Bytes, so that not even a default text/plain type is added.
      return { body: new TextEncoder().encode(new URLSearchParams(entries).toString()), headers: {} };
    case "broken-multipart":
      return {
        body: `--xyz\r\nContent-Disposition: form-data; name="${entries[0]?.[0] ?? "a"}"\r\n\r\nno closing boundary`,
        headers: { "Content-Type": "multipart/form-data; boundary=xyz" },
      };
    case "bad-percent":
      return {
        body: `${new URLSearchParams(entries).toString()}&name=%E0%A4%A&x=%ZZ%&%FF%FE=%C0%AF`,
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      };
  }
}

/** Cookie headers a browser never sends: garbage where a session cookie goes. */
export const hostileCookie = fc.oneof(
  fc.constant(""),
  fc.constantFrom(
    "better-auth.session_token=",
    "better-auth.session_token=%ZZ",
    "better-auth.session_token=abc.def",
    "__Secure-better-auth.session_token=' OR 1=1 --",
    "gate.flash=!!!notbase64",
    "gate.flash=eyJ0eXBlIjoic3VjY2VzcyJ9",
    `gate.flash=${Buffer.from(JSON.stringify({ type: "success", message: markupPayloads[0] })).toString("base64url")}`,
    "a=b; a=c; ;;; =x",
  ),
  fc.string({ unit: "grapheme-ascii", maxLength: 80 }).map((s) => s.replace(/[\r\n]/g, "")),
);

/** One summary line per action, printed at the end of a test file for the closing note. */
export class CaseCounter {
  private counts = new Map<string, Map<number | string, number>>();
  /** One generated case of `action`, answered with `status` (or a label such as "302 login"). */
  add(action: string, status: number | string) {
    const statuses = this.counts.get(action) ?? new Map<number | string, number>();
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    this.counts.set(action, statuses);
  }
  /** How many cases of `action` were answered with `status`. */
  count(action: string, status: number | string) {
    return this.counts.get(action)?.get(status) ?? 0;
  }
  lines(label: string) {
    return [...this.counts].map(([action, statuses]) => {
      const total = [...statuses.values()].reduce((a, b) => a + b, 0);
      const detail = [...statuses]
        .sort(([a], [b]) => String(a).localeCompare(String(b)))
        .map(([status, n]) => `${status}×${n}`)
        .join(", ");
      return `[${label}] ${action}: ${total} generated cases (${detail})`;
    });
  }
}
