import { describe, expect, it } from "vitest";
import { createCssSubsetter, documentClasses } from "~/lib/document/css-subset.server";

// Issue 28: a public page carries the rules of the site's stylesheet its markup can match.

const subset = (css: string, classes: string[]) => createCssSubsetter(css)(new Set(classes));

describe("a document's share of the stylesheet", () => {
  it("keeps the rules whose classes the markup has, in their order and at-rules", () => {
    const css =
      "/*! licence */@layer base{body{margin:0}}@layer components;@layer utilities{.flex{display:flex}.grid{display:grid}" +
      "@media (width>=40rem){.sm\\:flex{display:flex}.sm\\:grid{display:grid}}.a.b{color:red}.a .c{color:blue}}";
    expect(subset(css, ["flex", "sm:flex", "a"])).toBe(
      "/*! licence */@layer base{body{margin:0}}@layer components;@layer utilities{.flex{display:flex}" +
        "@media (width>=40rem){.sm\\:flex{display:flex}}}",
    );
    expect(subset(css, ["a", "b"])).toContain(".a.b{color:red}");
    expect(subset(css, ["a", "b"])).not.toContain("@media");
  });

  it("drops a block its rules left empty, nested ones too, and writes the rest as it was written", () => {
    const css = "/*! licence */\n@media print{@supports (display:grid){.grid{display:grid}}}\n.a {\n  color: red;\n}";
    expect(subset(css, ["a"])).toBe("/*! licence */\n.a {\n  color: red;\n}");
    expect(subset(css, ["grid"])).toBe("/*! licence */\n@media print{@supports (display:grid){.grid{display:grid}}}");
  });

  it("reads escaped class names as the markup writes them", () => {
    const css =
      ".w-\\[calc\\(\\(100\\%-1rem\\)\\/2\\)\\]{width:calc(50% - .5rem)}.\\32 xl\\:p-4{padding:1rem}" +
      ".\\[\\&\\:\\:-webkit-details-marker\\]\\:hidden::-webkit-details-marker{display:none}.mt-0\\.5{margin-top:2px}";
    const out = subset(css, ["w-[calc((100%-1rem)/2)]", "2xl:p-4", "[&::-webkit-details-marker]:hidden", "mt-0.5"]);
    expect(out).toBe(css);
    expect(subset(css, ["w-[calc((100%-1rem)/2)]"])).toBe(
      ".w-\\[calc\\(\\(100\\%-1rem\\)\\/2\\)\\]{width:calc(50% - .5rem)}",
    );
  });

  it("keeps a rule when one of its selectors can match; inside :is() one class is enough, inside :not() none is needed", () => {
    const css =
      ".z-60,.z-\\[60\\]{z-index:60}:is(:where(.group):is([open]) .group-open\\:hidden){display:none}" +
      '.x:not(.y){color:red}[data-v="1.5"] .q{color:blue}';
    expect(subset(css, ["z-[60]"])).toBe(".z-60,.z-\\[60\\]{z-index:60}");
    expect(subset(css, ["group-open:hidden"])).toBe(
      ":is(:where(.group):is([open]) .group-open\\:hidden){display:none}",
    );
    expect(subset(css, ["x"])).toBe(".x:not(.y){color:red}");
    expect(subset(css, ["q"])).toBe('[data-v="1.5"] .q{color:blue}');
    expect(subset(css, [])).toBe("");
  });

  it("drops the custom properties and @property registrations that nothing kept reads", () => {
    const css =
      "@layer theme{:root,:host{--color-red:red;--color-blue:blue;--font-sans:Arial;--default-font:var(--font-sans)}}" +
      "@layer base{html{font-family:var(--default-font)}}" +
      "@layer utilities{.text-red{color:var(--color-red)}.text-blue{color:var(--color-blue)}.border{border-style:var(--tw-border-style)}}" +
      '@property --tw-border-style{syntax:"*";inherits:false;initial-value:solid}@property --tw-shadow{syntax:"*";inherits:false}' +
      "@keyframes spin{to{transform:rotate(360deg)}}";
    expect(subset(css, ["text-red"])).toBe(
      "@layer theme{:root,:host{--color-red:red;--font-sans:Arial;--default-font:var(--font-sans)}}" +
        "@layer base{html{font-family:var(--default-font)}}@layer utilities{.text-red{color:var(--color-red)}}" +
        "@keyframes spin{to{transform:rotate(360deg)}}",
    );
    expect(subset(css, ["border"])).toContain("@property --tw-border-style{");
    expect(subset(css, ["border"])).not.toContain("--tw-shadow");
  });

  it("finds the classes of a document's elements, entities decoded", () => {
    const html =
      '<html><body class="min-h-screen"><a class="block  [&amp;::-webkit-scrollbar]:hidden" href="/">x</a>' +
      '<svg class="size-4"></svg><p data-class="no">class="no" in text</p></body></html>';
    expect([...documentClasses(html)].sort()).toEqual([
      "[&::-webkit-scrollbar]:hidden",
      "block",
      "min-h-screen",
      "size-4",
    ]);
  });
});
