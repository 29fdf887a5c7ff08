import { describe, expect, it } from "vitest";
import {
  markdownToReadableText,
  markdownToText,
  renderMarkdown,
  type RenderOptions,
} from "~/lib/content/markdown.server";

// Markdown and LaTeX math to sanitised HTML (issue 46): questions, options, solutions and
// staff-edited pages.

function html(source: string, options?: RenderOptions): string {
  const result = renderMarkdown(source, options);
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.errors)}`);
  expectSafe(result.html);
  return result.html;
}

const mathCount = (output: string) => output.match(/<math[\s>]/g)?.length ?? 0;

// --- A small HTML tokenizer, to judge the output by its tags and attributes ----------------------

const TAG = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/y;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const words = (...lists: string[]) => new Set(lists.join(" ").split(" "));
const MATHML = words(
  "math mrow mi mn mo ms mtext mspace msup msub msubsup mfrac msqrt mroot munder mover munderover",
  "mtable mtr mtd mstyle mpadded mphantom menclose mmultiscripts mprescripts none",
);
const MARKDOWN = words(
  "p br hr h2 h3 h4 h5 h6 blockquote ul ol li em strong s code pre a img picture source",
  "table thead tbody tr th td",
  // A formula and the punctuation after it.
  "span",
);
const SAFE_URL = /^(?:https?:\/\/|mailto:|#|\/(?![/\\]))/i;

const decode = (value: string) =>
  value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, decimal: string) => String.fromCodePoint(Number(decimal)))
    .replace(/&(?:colon|Tab|NewLine|quot|amp|lt|gt);/g, (entity) => ENTITIES[entity]!);
const ENTITIES: Record<string, string> = {
  "&colon;": ":",
  "&Tab;": "\t",
  "&NewLine;": "\n",
  "&quot;": '"',
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
};

/** Everything in `output` a browser could run or follow somewhere it should not, as readable lines. */
function unsafeParts(output: string): string[] {
  const problems: string[] = [];
  for (let at = output.indexOf("<"); at !== -1; at = output.indexOf("<", at + 1)) {
    TAG.lastIndex = at;
    const tag = TAG.exec(output);
    // A "<" that starts no tag this tokenizer reads is a tag some browser might read differently.
    if (!tag) {
      problems.push(`unparsed markup: ${output.slice(at, at + 40)}`);
      continue;
    }
    const [, closing, rawName, attributes] = tag;
    const name = rawName!.toLowerCase();
    if (!MATHML.has(name) && !MARKDOWN.has(name)) problems.push(`element <${name}>`);
    if (closing) continue;
    for (const [, rawAttribute, ...values] of attributes!.matchAll(ATTRIBUTE)) {
      const attribute = rawAttribute!.toLowerCase();
      const value = decode(values.find((v) => v !== undefined) ?? "");
      const compact = value.replace(/[\s\p{Cc}]/gu, "").toLowerCase();
      if (attribute.startsWith("on")) problems.push(`event handler ${attribute} on <${name}>`);
      if (/^(?:xlink:href|formaction|action|srcdoc|xmlns:xlink|id|name)$/.test(attribute))
        problems.push(`${attribute} on <${name}>`);
      if (MATHML.has(name) && /^(?:href|src)$/.test(attribute)) problems.push(`${attribute} on MathML <${name}>`);
      const urls =
        attribute === "srcset" ? value.split(",").map((candidate) => candidate.trim().split(/\s+/)[0]!) : [value];
      if (/^(?:href|src|srcset)$/.test(attribute) && !urls.every((url) => SAFE_URL.test(url)))
        problems.push(`${attribute}="${value}" on <${name}>`);
      if (/javascript:|vbscript:|data:|url\(|expression\(/.test(compact)) problems.push(`${attribute}="${value}"`);
    }
  }
  return problems;
}

function expectSafe(output: string) {
  expect(unsafeParts(output), output).toEqual([]);
}

describe("the safety check itself", () => {
  it("catches what it looks for, so that a clean result means something", () => {
    expect(unsafeParts('<p onclick="x">a</p>')).toEqual(["event handler onclick on <p>"]);
    expect(unsafeParts("<script>alert(1)</script>")).toEqual(["element <script>", "element <script>"]);
    expect(unsafeParts('<a href="jav&#x61;script&colon;alert(1)">x</a>')).toHaveLength(2);
    expect(unsafeParts('<math><mi href="/x">a</mi></math>')).toEqual(["href on MathML <mi>"]);
    expect(unsafeParts('<mi xlink:href="https://example.com">a</mi>')).toEqual(["xlink:href on <mi>"]);
    expect(unsafeParts('<a href="//evil.example/">x</a>')).toEqual(['href="//evil.example/" on <a>']);
    expect(unsafeParts('<mi style="background:url(x)">a</mi>')).toEqual(['style="background:url(x)"']);
    expect(unsafeParts("<p>a <b</p>")).toEqual(["unparsed markup: <b</p>"]);
    expect(unsafeParts('<source srcset="/media/a-320.avif 320w, javascript:x 640w" />')).toHaveLength(2);
    expect(unsafeParts('<source srcset="/media/a-320.avif 320w, https://cdn.example/a.avif 640w" />')).toEqual([]);
    expect(unsafeParts('<img src="/media/a.png" alt="a" loading="lazy" />')).toEqual([]);
  });
});

describe("renderMarkdown: Markdown", () => {
  it("renders paragraphs, emphasis, lists and code spans", () => {
    expect(html("A *rate* and **order**.\n\n- one\n- `two`\n\n3. three\n4. four")).toBe(
      "<p>A <em>rate</em> and <strong>order</strong>.</p>\n<ul>\n<li>one</li>\n<li><code>two</code></li>\n</ul>\n" +
        '<ol start="3">\n<li>three</li>\n<li>four</li>\n</ol>\n',
    );
  });

  // As classes: the Content-Security-Policy refuses every style attribute.
  it("renders a table with its column alignment", () => {
    expect(html("| Stream | Flow |\n|:--|--:|\n| Feed | 100 |")).toBe(
      '<table>\n<thead>\n<tr>\n<th class="text-left">Stream</th>\n<th class="text-right">Flow</th>\n' +
        '</tr>\n</thead>\n<tbody>\n<tr>\n<td class="text-left">Feed</td>\n<td class="text-right">100</td>\n' +
        "</tr>\n</tbody>\n</table>\n",
    );
  });

  it("shows a fenced code block as escaped text, <script> included, without highlighting", () => {
    expect(html("```html\n<script>alert(1)</script>\n```")).toBe(
      '<pre><code class="language-html">&lt;script&gt;alert(1)&lt;/script&gt;\n</code></pre>\n',
    );
  });

  it("keeps math delimiters inside code as code", () => {
    expect(html("`$x$` and\n\n```\n$$y$$\n```")).toBe("<p><code>$x$</code> and</p>\n<pre><code>$$y$$\n</code></pre>\n");
  });

  it("links site paths as they are and external addresses with rel=nofollow, in the same tab", () => {
    expect(html("[Notes](/study-material) [Top](#top) [NPTEL](https://nptel.ac.in/) [Mail](mailto:a@b.in)")).toBe(
      '<p><a href="/study-material">Notes</a> <a href="#top">Top</a> ' +
        '<a href="https://nptel.ac.in/" rel="nofollow">NPTEL</a> <a href="mailto:a@b.in">Mail</a></p>\n',
    );
  });

  it("renders an image with its alt text, lazily", () => {
    expect(html('![Heat exchanger, counter-current](/media/hx.png "Figure 1")')).toBe(
      '<p><img src="/media/hx.png" alt="Heat exchanger, counter-current" title="Figure 1" loading="lazy" /></p>\n',
    );
  });

  it("lets the images hook replace an image, and sanitises what it returns", () => {
    const seen: unknown[] = [];
    const output = html("![Flow sheet $\\dot m$](/media/flow.png)", {
      images: (image) => {
        seen.push(image);
        return (
          '<picture onclick="alert(1)"><source srcset="javascript:alert(2) 1x, /media/flow-480.avif 480w" type="image/avif">' +
          `<img src="${image.src}" alt="Flow sheet" width="480" height="320" onerror="alert(3)"></picture>`
        );
      },
    });
    expect(seen).toEqual([{ src: "/media/flow.png", alt: "Flow sheet \\dot m" }]);
    expect(output).toBe(
      '<p><picture><source srcset="/media/flow-480.avif 480w" type="image/avif" />' +
        '<img src="/media/flow.png" alt="Flow sheet" width="480" height="320" /></picture></p>\n',
    );
  });

  it("refuses an image from anywhere but the media library or an http(s) address, naming its line", () => {
    expect(renderMarkdown("Diagram:\n\n![Column](/uploads/column.png)")).toEqual({
      ok: false,
      errors: [{ line: 3, message: "An image must come from the media library (/media/…) or an http(s) address." }],
    });
    expect(html("![Column](https://cdn.example.com/column.png)")).toContain('src="https://cdn.example.com/column.png"');
  });

  it("renders a heading one level below the page's own <h1>", () => {
    expect(html("# Refunds\n\n## Within 7 days")).toBe("<h2>Refunds</h2>\n<h2>Within 7 days</h2>\n");
  });

  it("renders option text inline, without a wrapping <p>", () => {
    expect(html("$k = 0.2$ per *minute*", { inline: true })).toMatch(/^<math>.*<\/math> per <em>minute<\/em>$/);
  });
});

describe("renderMarkdown: math", () => {
  it("renders inline math as <math> without display, and display math as a block", () => {
    const inline = html("Rate $r = kC$ here.");
    expect(inline).toMatch(/^<p>Rate <math><mrow><mi>r<\/mi><mo>=<\/mo>.*<\/math> here\.<\/p>\n$/);
    expect(inline).not.toContain("display=");

    const display = html("Heat duty:\n\n$$Q = U A \\Delta T_{lm}$$\n\ndone");
    expect(display).toMatch(/^<p>Heat duty:<\/p>\n<math display="block" class="tml-display"><mrow>/);
    expect(display).toContain('<mi mathvariant="normal">Δ</mi>');
    expect(display).toContain("<msub><mi>T</mi><mrow><mi>l</mi><mi>m</mi></mrow></msub>");
    expect(display).toMatch(/<\/math><p>done<\/p>\n$/);
  });

  it("keeps the punctuation after inline math on the formula's line, and the text as it was", () => {
    const end = html("The probability is $e^{-2}$. Then $x$, $y$ and ($z$).");
    expect(end).toMatch(
      /is <span class="math-punctuated"><math>.*<\/math>\.<\/span> Then <span class="math-punctuated"><math><mi>x<\/mi><\/math>,<\/span> <math><mi>y<\/mi><\/math> and \(<span class="math-punctuated"><math><mi>z<\/mi><\/math>\)\.<\/span><\/p>/,
    );
    expect(markdownToReadableText("It is $x$.")).toBe("It is x.");
    expect(markdownToText("It is $x$.")).toBe("It is x.");
  });

  it("renders $$…$$ within a line (an option's text, say) as display math", () => {
    expect(html("so $$x^2$$ holds", { inline: true })).toMatch(/^so <math display="block"[^>]*><msup><mi>x<\/mi>/);
  });

  it("renders typical chemical engineering formulas: fractions, scripts, roots, matrices, units", () => {
    const rate = html("$\\frac{dC_A}{dt} = -k C_A^n$");
    expect(rate).toContain("<mfrac><mrow><mi>d</mi><msub><mi>C</mi><mi>A</mi></msub></mrow>");
    expect(rate).toContain("<msubsup><mi>C</mi><mi>A</mi>");

    const lmtd = html("$\\Delta T_{lm} = \\frac{\\Delta T_1 - \\Delta T_2}{\\ln(\\Delta T_1/\\Delta T_2)}$");
    expect(lmtd).toContain("<mfrac>");
    expect(lmtd).toContain("<mi>ln</mi>");
    expect(lmtd).toContain("<msub><mi>T</mi><mn>1</mn></msub>");

    const units = html("$\\mathrm{kJ\\,mol^{-1}}$");
    expect(units).toContain('<mi mathvariant="normal">k</mi>');
    expect(units).toContain('<mspace width="0.1667em"></mspace>');
    expect(units).toMatch(/<msup>.*<mo[^>]*>−<\/mo><mn>1<\/mn>/);

    expect(html("$\\sqrt{2gh}$ and $\\sqrt[3]{V}$")).toMatch(/<msqrt>.*<\/msqrt>.*<mroot>.*<\/mroot>/);
    const matrix = html("$$\\begin{bmatrix} 1 & 0 \\\\ 0 & 1 \\end{bmatrix}$$");
    expect(matrix.match(/<mtr>/g)).toHaveLength(2);
    expect(matrix.match(/<mtd[\s>]/g)).toHaveLength(4);
    expect(html("$\\ce{CH4 + 2O2 -> CO2 + 2H2O}$")).toContain("<msub><mrow></mrow><mn>2</mn></msub>");
  });

  it("renders an escaped dollar inside math as a dollar", () => {
    expect(html("$a \\$ b$")).toContain("<mi>$</mi>");
  });
});

describe("renderMarkdown: math that does not parse", () => {
  it("refuses the whole text with every error, each with its line and temml's message", () => {
    const source = "Find the order.\n\nBad: $\\frac{1}{$\n\nFine: $x$\n\nUnknown: $\\foo{x}$";
    const result = renderMarkdown(source);
    expect(result).toEqual({
      ok: false,
      errors: [
        { line: 3, message: expect.stringMatching(/^Unexpected end of input.*expected '}'/) },
        { line: 7, message: "Unsupported function name: \\foo at position 1: \\foo{x}" },
      ],
    });
    expect(result).not.toHaveProperty("html");
  });

  it("names the line inside a paragraph, a list, a quote, a table and a display block", () => {
    const source = [
      "A paragraph with $x$",
      "and a second line $\\one$.", // 2
      "",
      "- item",
      "- item $\\two$", // 5
      "",
      "> $\\three$", // 7
      "",
      "| a | b |",
      "|---|---|",
      "| x | $\\four$ |", // 11
      "",
      "$$",
      "\\begin{aligned}",
      "a &= b \\\\",
      "c &= \\five", // 16
      "\\end{aligned}",
      "$$",
    ].join("\n");
    const result = renderMarkdown(source);
    expect(result.ok ? [] : result.errors.map((error) => error.line)).toEqual([2, 5, 7, 11, 16]);
  });

  it("refuses display math that is never closed rather than swallowing the text after it", () => {
    expect(renderMarkdown("Intro\n\n$$x = 1\n\nThe rest of the question.")).toEqual({
      ok: false,
      errors: [{ line: 3, message: expect.stringContaining("Display math opened with $$") }],
    });
  });

  it("refuses inline math left open before a command rather than showing its LaTeX", () => {
    expect(renderMarkdown("The rate is\n$\\frac{dC}{dt} with no end.")).toEqual({
      ok: false,
      errors: [{ line: 2, message: "Math opened with $ is not closed. For a dollar sign, write \\$." }],
    });
  });

  it("refuses environments meant for display math when inline, with temml's reason", () => {
    expect(renderMarkdown("$\\begin{align} a &= b \\end{align}$")).toEqual({
      ok: false,
      errors: [{ line: 1, message: "{align} can be used only in display mode." }],
    });
  });
});

describe("renderMarkdown: currency and escaped dollars are not math", () => {
  it.each([
    "₹500 and $5",
    "Between $5 and $10 a day.",
    "A range of $5-$10.",
    "Costs $5, or $10 with tax.",
    "US$ 40 or 40 $ a barrel",
  ])("%s", (source) => {
    const output = html(source);
    expect(mathCount(output)).toBe(0);
    expect(output).toBe(`<p>${source}</p>\n`);
  });

  it("reads \\$ as a dollar sign, and math beside currency as math", () => {
    expect(html("Pay \\$x\\$ and \\$5.")).toBe("<p>Pay $x$ and $5.</p>\n");
    const mixed = html("₹500 or $5, and then $x^2$.");
    expect(mathCount(mixed)).toBe(1);
    expect(mixed).toMatch(/^<p>₹500 or \$5, and then <span class="math-punctuated"><math>/);
  });
});

describe("renderMarkdown: script, event handlers and javascript: links are removed or refused", () => {
  it("shows raw HTML as text", () => {
    expect(html('<script>alert(1)</script> <img src=x onerror="alert(1)"> <a href="javascript:alert(1)">x</a>')).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt; &lt;img src=x onerror="alert(1)"&gt; ' +
        '&lt;a href="javascript:alert(1)"&gt;x&lt;/a&gt;</p>\n',
    );
    expect(html("<math><mi href=\"javascript:alert(1)\" onclick='alert(2)'>x</mi></math>")).not.toMatch(/<m/);
  });

  it.each([
    "[x](javascript:alert(1))",
    "[x](JAVASCRIPT:alert(1))",
    "[x](jav&#x61;script:alert(1))",
    "[x](<javascript:alert(1)>)",
    "[x](vbscript:msgbox(1))",
    "[x](data:text/html,<script>alert(1)</script>)",
    "[x](//evil.example/)",
    "[x](ftp://example.com/a)",
    "<javascript:x>",
    "![x](javascript:alert(1))",
    "![x](data:image/png;base64,iVBORw0KGgo=)",
    "![x](//evil.example/a.png)",
  ])("does not make a link or an image of %s", (source) => {
    const output = html(source);
    expect(output).not.toMatch(/<a[\s>]|<img[\s>]/);
    expect(output).toMatch(/^<p>.*x.*<\/p>\n$/);
  });

  it("does not follow a reference definition to javascript:", () => {
    expect(html("[x][r]\n\n[r]: javascript:alert(1)")).not.toContain("<a");
  });

  it.each([
    ["\\href{javascript:alert(1)}{x}", "Unsupported function name: \\href"],
    ["\\url{javascript:alert(1)}", "Unsupported function name: \\url"],
    ["\\htmlClass{x}{y}", "Unsupported function name: \\htmlClass"],
    ["\\htmlStyle{color:red}{y}", "Unsupported function name: \\htmlStyle"],
    ["\\htmlId{x}{y}", "Unsupported function name: \\htmlId"],
    ["\\htmlData{a=b}{y}", "Unsupported function name: \\htmlData"],
    ["\\class{fixed inset-0}{y}", 'Function "\\class" is not trusted'],
    ["\\style{background:url(javascript:alert(1))}{y}", 'Function "\\style" is not trusted'],
    ["\\id{x}{y}", 'Function "\\id" is not trusted'],
    ["\\data{onclick=alert(1)}{y}", 'Function "\\data" is not trusted'],
    ["\\includegraphics{javascript:alert(1)}", 'Function "\\includegraphics" is not trusted'],
    ["\\ref{eq1}", "\\ref and \\eqref are not supported"],
    ['\\color{red" onmouseover="alert(1)}{x}', "Invalid color"],
  ])("refuses the math command %s", (latex, message) => {
    const result = renderMarkdown(`Line one\n\n$${latex}$`);
    expect(result).toEqual({ ok: false, errors: [{ line: 3, message: expect.stringContaining(message) }] });
  });

  it("escapes markup written inside math", () => {
    const output = html("$\\text{<script>alert(1)</script><img src=x onerror=alert(2)>}$");
    // temml writes the spaces of \text as no-break spaces.
    expect(output).toBe(
      "<p><math><mtext>&lt;script&gt;alert(1)&lt;/script&gt;&lt;img\u00a0src=x\u00a0onerror=alert(2)&gt;</mtext></math></p>\n",
    );
  });

  it("strips href, xlink:href, event handlers, unsafe styles and foreign elements from MathML", () => {
    // The images hook is server code, but its HTML passes the same sanitiser as the rest: the
    // surest way to put hostile MathML in front of it.
    const hostile =
      '<math href="javascript:alert(1)" onload="alert(2)" display="block">' +
      '<mi xlink:href="javascript:alert(3)" onclick="alert(4)" style="background:url(javascript:alert(5));color:#f00">a</mi>' +
      '<mo id="x" stretchy="false" onmouseover="alert(6)">+</mo>' +
      '<maction actiontype="statusline"><mtext>b</mtext></maction>' +
      '<annotation-xml encoding="text/html"><script>alert(7)</script></annotation-xml>' +
      '<semantics><mi>c</mi><annotation encoding="application/x-tex">c</annotation></semantics>' +
      '<mtext><img src="javascript:alert(8)" onerror="alert(9)"><a href="javascript:alert(10)">d</a></mtext>' +
      '<mstyle style="position:fixed;inset:0;display:block math"><mn>1</mn></mstyle>' +
      '<mrow class="fixed inset-0 tml-overline"><mi>f</mi></mrow>' +
      "</math>" +
      '<a href="//evil.example/">g</a><a href="/\\evil.example/">h</a><img src="//evil.example/i.png">' +
      '<svg><a xlink:href="javascript:alert(11)"><text>e</text></a><animate attributeName="href" values="javascript:alert(12)"/></svg>' +
      '<iframe srcdoc="&lt;script&gt;alert(13)&lt;/script&gt;"></iframe><style>*{color:red}</style>';
    const output = html("![x](/media/x.png)", { images: () => hostile });
    expect(output).toBe(
      '<p><math display="block"><mi style="color:#f00">a</mi><mo stretchy="false">+</mo><mtext>b</mtext>' +
        "<mi>c</mi>c<mtext><img /><a>d</a></mtext>" +
        '<mstyle><mn>1</mn></mstyle><mrow class="tml-overline"><mi>f</mi></mrow></math>' +
        "<a>g</a><a>h</a><img /><a>e</a></p>\n",
    );
  });
});

describe("markdownToText", () => {
  it("strips Markdown, keeps math as its LaTeX source and collapses whitespace", () => {
    expect(
      markdownToText(
        "# Heat exchanger\n\nFind **Q** for  $Q = U A \\Delta T_{lm}$:\n\n- counter-current\n- [notes](/notes)\n\n$$\n\\frac{1}{U} = \\frac{1}{h_i}\n$$\n\n![Sketch of the exchanger](/media/hx.png)",
      ),
    ).toBe(
      "Heat exchanger Find Q for Q = U A \\Delta T_{lm}: counter-current notes \\frac{1}{U} = \\frac{1}{h_i} Sketch of the exchanger",
    );
  });

  it("returns text, not HTML, and never throws on math that does not parse", () => {
    expect(markdownToText("Use `<b>` & $\\frac{1}{$")).toBe("Use <b> & \\frac{1}{");
  });
});

describe("markdownToReadableText", () => {
  const read = markdownToReadableText;

  it("gives math as it reads: letters, scripts in small characters, fractions with a slash", () => {
    expect(read("mean residence time $\\tau$, from $V_1$ to $2V_1$ at 1000 kg/m$^3$")).toBe(
      "mean residence time τ, from V₁ to 2V₁ at 1000 kg/m³",
    );
    expect(read("$Re = \\frac{\\rho v D}{\\mu}$, $k = 0.2\\ \\text{min}^{-1}$, $\\Delta H_{rxn}^\\circ$")).toBe(
      "Re = (ρvD)/μ, k = 0.2 min⁻¹, ΔHᵣₓₙ°",
    );
    expect(read("$\\ce{CH4 + 2O2 -> CO2 + 2H2O}$")).toBe("CH₄ + 2 O₂ → CO₂ + 2 H₂O");
  });

  it("marks a script that has no small characters, and brackets what is longer than one", () => {
    expect(read("$C_{A0}$ and $x^{n+1}$ and $y_{max}$")).toBe("C_(A0) and xⁿ⁺¹ and yₘₐₓ");
    expect(read("$\\sqrt{x^2 + 1}$, $\\sqrt[3]{8}$, $\\bar{x}$, $\\dot m$, $\\sum_{i=1}^{n} x_i$")).toBe(
      "√(x² + 1), ³√8, x̄, ṁ, ∑ᵢ₌₁ⁿxᵢ",
    );
    expect(read("$$\n\\begin{pmatrix}1 & 2\\\\3 & 4\\end{pmatrix}\n$$")).toBe("(1 2; 3 4)");
  });

  it("keeps a formula that does not parse as its source, and returns text, not HTML", () => {
    expect(read("Use `<b>` & $\\frac{1}{$")).toBe("Use <b> & \\frac{1}{");
  });
});
