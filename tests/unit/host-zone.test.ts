import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

// Issue 26 "Dates are IST": rather than run the whole suite once per zone, this proves the
// application never reads the host's zone. Every date goes through ~/core/ist.ts, which works on
// UTC fields shifted by India's fixed offset; the calls below would read the server's or the
// browser's zone instead, so none may appear in the code that runs the site.

const root = join(import.meta.dirname, "../..");
const sources = ["app", "server", "server.ts", "worker.ts"];

/** Calls whose answer depends on the zone of the machine they run on. */
const hostZoneCalls: [RegExp, string][] = [
  [/\.(getDate|getDay|getHours|getMinutes|getMonth|getFullYear|getYear|getTimezoneOffset)\(/, "local-time getter"],
  [/\.(setDate|setHours|setMinutes|setMonth|setFullYear)\(/, "local-time setter"],
  [/\.(toLocaleDateString|toLocaleTimeString|toDateString|toTimeString)\(/, "local-zone formatting"],
  [/new Date\(\s*\d+\s*,/, "Date built from local fields"],
  [/\.toLocaleString\(\s*\)/, "locale string without a zone"],
  [/Intl\.DateTimeFormat\((?![^)]*timeZone)/, "Intl date format without timeZone"],
];

const caught = (line: string) => hostZoneCalls.some(([pattern]) => pattern.test(line));

function files(path: string): string[] {
  const full = join(root, path);
  if (statSync(full).isFile()) return /\.tsx?$/.test(path) ? [full] : [];
  return readdirSync(full).flatMap((name) => files(join(path, name)));
}

describe("no code reads the host's time zone", () => {
  const all = sources.flatMap(files);

  it("looks through the site's code", () => {
    expect(all.length).toBeGreaterThan(100);
  });

  it("calls no zone-dependent Date or Intl API", () => {
    const found = all.flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .flatMap((line, i) =>
          hostZoneCalls
            .filter(([pattern]) => pattern.test(line))
            .map(([, what]) => `${relative(root, file)}:${i + 1} ${what}: ${line.trim()}`),
        ),
    );
    expect(found).toEqual([]);
  });

  it("would catch such a call", () => {
    expect(caught("const y = new Date().getFullYear();")).toBe(true);
    expect(caught("new Intl.DateTimeFormat('en-IN').format(d)")).toBe(true);
    expect(caught("d.toLocaleDateString('en-IN')")).toBe(true);
    expect(caught("new Date(2026, 0, 1)")).toBe(true);
    expect(caught("d.getUTCFullYear()")).toBe(false);
    expect(caught("n.toLocaleString('en-IN')")).toBe(false);
  });
});
