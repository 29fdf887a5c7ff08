import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

// The README and docs/ are read in a clone (issue 43): every relative link must land on a file or
// folder of the repository, never outside it (the spec once was `../shared/spec/site-spec.md`).
// Anchors are not checked; absolute URLs (http:, https:, mailto:) are not fetched.

const ROOT = resolve(import.meta.dirname, "../..");
const README_MAX_LINES = 160;

/** README.md and every markdown file under docs/, as paths relative to the repository. */
function documents(): string[] {
  const found = ["README.md"];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".md")) found.push(path);
    }
  };
  walk("docs");
  return found.sort();
}

/** The text outside fenced code blocks, where markdown and HTML links are links. */
const withoutFences = (text: string) => text.replace(/^ {0,3}(```|~~~)[^\n]*\n[\s\S]*?^ {0,3}\1[^\n]*$/gm, "");
const withoutCodeSpans = (text: string) => text.replace(/(`+)[^`][\s\S]*?\1/g, "");

/** Every link target of a markdown document: [x](target), [x]: target, <a href>, <img src>. */
export function linkTargets(markdown: string): string[] {
  const text = withoutCodeSpans(withoutFences(markdown));
  const patterns = [
    /!?\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+["'(][^)]*)?\)/g,
    /^ {0,3}\[[^\]\n]+\]:\s*<?([^\s>]+)>?/gm,
    /<(?:a|img)\b[^>]*?\s(?:href|src)\s*=\s*["']([^"']+)["']/gi,
  ];
  return patterns.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[1]!));
}

/** Paths to markdown documents named in prose or code spans: `../x.md`, `./x.md`, `docs/x.md`. */
export function documentMentions(markdown: string): string[] {
  return [...markdown.matchAll(/(?<![\w/.-])((?:\.{1,2}\/)+[\w./-]*\.md|docs\/[\w./-]*\.md)\b/g)].map((m) => m[1]!);
}

/** Where a relative target points, from the document `from`; undefined for URLs and bare anchors. */
function resolveTarget(from: string, target: string, base: "document" | "root"): string | undefined {
  if (/^[a-z][a-z\d+.-]*:/i.test(target) || target.startsWith("//")) return undefined;
  const path = decodeURIComponent(target.replace(/[#?].*$/, ""));
  if (!path) return undefined;
  if (path.startsWith("/")) return join(ROOT, path);
  return resolve(base === "root" ? ROOT : join(ROOT, dirname(from)), path);
}

/** The targets of one document that leave the repository or name nothing in it, each once, with why. */
export function brokenLinks(from: string, markdown: string): string[] {
  const checks = [
    ...linkTargets(markdown).map((target) => ({ target, base: "document" as const })),
    ...documentMentions(markdown).map((target) => ({
      target,
      base: target.startsWith("docs/") ? ("root" as const) : ("document" as const),
    })),
  ];
  const broken: string[] = [];
  for (const { target, base } of checks) {
    const absolute = resolveTarget(from, target, base);
    if (absolute === undefined) continue;
    const inside = relative(ROOT, absolute);
    if (inside.startsWith("..") || isAbsolute(inside)) broken.push(`${target} (outside the repository)`);
    else if (!existsSync(absolute)) broken.push(`${target} (no such file: ${inside})`);
  }
  return [...new Set(broken)];
}

describe("links in README.md and docs/", () => {
  const files = documents();

  it("finds the documents and their links", () => {
    expect(files).toContain("README.md");
    expect(files).toContain("docs/architecture.md");
    const links = files.flatMap((file) => linkTargets(readFileSync(join(ROOT, file), "utf8")));
    expect(links.length).toBeGreaterThan(20);
  });

  it.each(files)("%s: every relative link and document path resolves inside the repository", (file) => {
    expect(brokenLinks(file, readFileSync(join(ROOT, file), "utf8"))).toEqual([]);
  });

  it("catches a link or a path that leaves the repository, or names a missing file", () => {
    expect(brokenLinks("README.md", "The spec: [spec](../shared/spec/site-spec.md).")).toEqual([
      "../shared/spec/site-spec.md (outside the repository)",
    ]);
    expect(brokenLinks("README.md", "The product is specified in `../shared/spec/site-spec.md`.")).toEqual([
      "../shared/spec/site-spec.md (outside the repository)",
    ]);
    expect(brokenLinks("docs/architecture.md", '<a href="missing.md#top">x</a>')).toEqual([
      "missing.md#top (no such file: docs/missing.md)",
    ]);
    expect(brokenLinks("docs/testing.md", "See docs/nowhere.md.")).toEqual([
      "docs/nowhere.md (no such file: docs/nowhere.md)",
    ]);
    // Fine: a folder, an anchor, a URL, a link inside a code span, and a file one level up from docs/.
    const fine = "[d](docs/decisions/) [a](#figures) [u](https://example.com/x.md) `[c](../nope.ts)`";
    expect(brokenLinks("README.md", fine)).toEqual([]);
    expect(brokenLinks("docs/decisions/014-hydration-on-a-budget-phone.md", "[h](../performance-history.md)")).toEqual(
      [],
    );
  });
});

describe("README.md", () => {
  it(`is a front door of at most ${README_MAX_LINES} lines (figures live in docs/performance-history.md)`, () => {
    const lines = readFileSync(join(ROOT, "README.md"), "utf8").trimEnd().split("\n");
    expect(lines.length).toBeLessThanOrEqual(README_MAX_LINES);
  });
});
