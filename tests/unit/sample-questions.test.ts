import { describe, expect, it } from "vitest";
import { sampleQuestions, type SampleQuestion } from "~/db/seed/sample-questions";
import { renderMarkdown } from "~/lib/content/markdown.server";
import { isCorrect } from "~/lib/questions/answers";
import { QUESTION_SLUG_MAX, questionSlugBase } from "~/lib/questions/sample-seed.server";
import { findSubject, findTopic, GENERAL_APTITUDE } from "~/lib/questions/syllabus-topics";

// The demo's original sample questions (issue 46, item 4). Each NAT answer is recomputed here from
// the numbers the question states, with the formula written in this file; so is each MCQ or MSQ
// whose options are numbers. The rest (grammar, vocabulary, logic, statements of theory) are
// checked by a second reading in review and are listed below as such, so that a new sample must be
// put in one group or the other.

// --- The question's own numbers ----------------------------------------------------------------

/**
 * The first number of a fragment as the question writes it: "150 kPa" → 150,
 * "1.5 \times 10^{-5}" → 1.5e-5, "mean 2" → 2. The fragment must appear in the question's text, so
 * a number changed there and not here fails the test.
 */
function valueOf(written: string): number {
  const match = /(-?\d+(?:\.\d+)?)(?:\s*\\times\s*10\^\{(-?\d+)\})?/.exec(written);
  if (!match) throw new Error(`No number in "${written}"`);
  return Number(match[1]) * 10 ** Number(match[2] ?? 0);
}

/** Whether the text has the fragment, not as the tail of a longer number ("5 kPa" in "25 kPa"). */
function says(text: string, fragment: string): boolean {
  const escaped = fragment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![\\d.])${escaped}`).test(text);
}

type Values<K extends string> = Record<K, number>;

interface Check {
  /** Each fragment as written in the question's text; the formula gets its number. */
  given: Record<string, string>;
  /** Other words the question must say for the formula to apply. */
  says?: string[];
}

interface NatCheck extends Check {
  answer: (v: Record<string, number>) => number;
  /** Answers of typical mistakes, which the accepted range must refuse. */
  wrong?: (v: Record<string, number>) => number[];
}

interface ChoiceCheck extends Check {
  /** Whether each option, as written, is true for these numbers. */
  truth: (v: Record<string, number>, options: readonly string[]) => boolean[];
}

function natCheck<K extends string>(
  given: Record<K, string>,
  answer: (v: Values<K>) => number,
  more: { says?: string[]; wrong?: (v: Values<K>) => number[] } = {},
): NatCheck {
  return {
    given,
    says: more.says,
    answer: answer as NatCheck["answer"],
    wrong: more.wrong as NatCheck["wrong"],
  };
}

function choiceCheck<K extends string>(
  given: Record<K, string>,
  truth: (v: Values<K>, options: readonly string[]) => boolean[],
  more: { says?: string[] } = {},
): ChoiceCheck {
  return { given, says: more.says, truth: truth as ChoiceCheck["truth"] };
}

const pairs = (n: number) => (n * (n - 1)) / 2;
const near = (a: number, b: number, relative: number) => Math.abs(a - b) <= relative * Math.abs(b);

function trapezoidal(f: (x: number) => number, a: number, b: number, n: number): number {
  const h = (b - a) / n;
  let sum = (f(a) + f(b)) / 2;
  for (let i = 1; i < n; i++) sum += f(a + i * h);
  return h * sum;
}

function simpson(f: (x: number) => number, a: number, b: number, n: number): number {
  const h = (b - a) / n;
  let sum = f(a) + f(b);
  for (let i = 1; i < n; i++) sum += (i % 2 ? 4 : 2) * f(a + i * h);
  return (h / 3) * sum;
}

/** Counter-current log-mean temperature difference. */
const lmtd = (d1: number, d2: number) => (d1 === d2 ? d1 : (d1 - d2) / Math.log(d1 / d2));

const R_GAS = "R = 8.314";

const natChecks: Record<string, NatCheck> = {
  // P(same colour) = [C(r,2) + C(b,2)] / C(r+b,2)
  "ga-same-colour": natCheck({ r: "5 red", b: "3 blue" }, ({ r, b }) => (pairs(r) + pairs(b)) / pairs(r + b), {
    // With replacement: (r² + b²)/(r + b)².
    wrong: ({ r, b }) => [(r * r + b * b) / (r + b) ** 2],
  }),
  // I ≈ h/2 [f0 + 2(f1 + … + f(n−1)) + fn] for f = 1/(1 + x²) on [0, 1]
  "em-trapezoidal": natCheck({ n: "4 equal intervals" }, ({ n }) => trapezoidal((x) => 1 / (1 + x * x), 0, 1, n), {
    says: ["\\int_0^1 \\frac{dx}{1 + x^2}"],
    // The exact π/4 and Simpson's rule are not what is asked.
    wrong: ({ n }) => [Math.PI / 4, simpson((x) => 1 / (1 + x * x), 0, 1, n)],
  }),
  // m = PV/(RT) · M, P in Pa, M in kg/mol
  "pct-ideal-gas-mass": natCheck(
    { T: "300 K", P: "150 kPa", V: "2 m³", M: "28 g/mol", R: R_GAS },
    ({ T, P, V, M, R }) => ((P * 1000 * V) / (R * T)) * (M / 1000),
  ),
  // Salt: F·xF = P·xP; water W = F − P; evaporator salt: xF(F − B) = xE(F − B − W)
  "pct-evaporator-bypass": natCheck(
    { F: "1000 kg/h", xF: "10 wt%", xE: "50 wt%", xP: "40 wt%" },
    ({ F, xF, xE, xP }) => {
      const product = (F * xF) / xP;
      const water = F - product;
      const toEvaporator = (xE * water) / (xE - xF);
      return F - toEvaporator;
    },
    // No bypass at all; or the 50 % and 10 % streams mixed by the lever rule on the fresh feed.
    { wrong: ({ F, xF, xE, xP }) => [0, (F * (xE - xP)) / (xE - xF)] },
  ),
  // Hagen–Poiseuille ΔP = 32 μ V L / D², valid only for laminar flow
  "fm-laminar-pressure-drop": natCheck(
    { rho: "900 kg/m³", mu: "0.09 Pa·s", D: "30 mm", L: "20 m length", V: "0.6 m/s" },
    ({ rho, mu, D, L, V }) => {
      const d = D / 1000;
      const reynolds = (rho * V * d) / mu;
      if (reynolds >= 2100) throw new Error(`Re = ${reynolds}: not laminar, the formula does not apply`);
      return (32 * mu * V * L) / (d * d) / 1000;
    },
    // Diameter in mm left unconverted, or 16 in place of 32 (radius/diameter slip).
    { wrong: ({ mu, D, L, V }) => [(32 * mu * V * L) / (D * D) / 1000, (16 * mu * V * L) / (D / 1000) ** 2 / 1000] },
  ),
  // A = Q / (U · ΔT_lm), counter-current
  "ht-lmtd-area": natCheck(
    { Thi: "150 °C", Tho: "90 °C", Tci: "30 °C", Tco: "70 °C", Q: "100 kW", U: "500 W/(m²·K)" },
    ({ Thi, Tho, Tci, Tco, Q, U }) => (Q * 1000) / (U * lmtd(Thi - Tco, Tho - Tci)),
    {
      says: ["counter-current"],
      // The arithmetic mean difference; the co-current log mean.
      wrong: ({ Thi, Tho, Tci, Tco, Q, U }) => [
        (Q * 1000) / (U * (Thi - Tco + (Tho - Tci)) * 0.5),
        (Q * 1000) / (U * lmtd(Thi - Tci, Tho - Tco)),
      ],
    },
  ),
  // Diffusion through stagnant B: N_A = D P / (R T z) · ln[(P − pA2)/(P − pA1)]
  "mt-stagnant-film": natCheck(
    { z: "2 mm", T: "300 K", P: "101.325 kPa", pA1: "20 kPa", pA2: "5 kPa", D: "1.5 \\times 10^{-5}", R: R_GAS },
    ({ z, T, P, pA1, pA2, D, R }) => ((D * P * 1000) / (R * T * (z / 1000))) * Math.log((P - pA2) / (P - pA1)) * 1000,
    {
      says: ["stagnant (non-diffusing)"],
      // Equimolar counter-diffusion: N_A = D (pA1 − pA2) / (R T z).
      wrong: ({ z, T, pA1, pA2, D, R }) => [((D * (pA1 - pA2) * 1000) / (R * T * (z / 1000))) * 1000],
    },
  ),
  // Saturated-liquid feed: pinch at x = xF, y* = αx/(1 + (α − 1)x); Rmin = (xD − y*)/(y* − xF)
  "mt-minimum-reflux": natCheck(
    { alpha: "2.5", xF: "50 mol%", xD: "95 mol%" },
    ({ alpha, xF, xD }) => {
      const x = xF / 100;
      const top = xD / 100;
      const y = (alpha * x) / (1 + (alpha - 1) * x);
      return (top - y) / (y - x);
    },
    {
      says: ["saturated liquid", "constant relative volatility"],
      // The slope Rmin/(Rmin + 1) given as the answer.
      wrong: ({ alpha, xF, xD }) => {
        const x = xF / 100;
        const y = (alpha * x) / (1 + (alpha - 1) * x);
        return [(xD / 100 - y) / (xD / 100 - x)];
      },
    },
  ),
  // t½ = ln 2 / k
  "cre-half-life": natCheck({ k: "0.05 min⁻¹" }, ({ k }) => Math.LN2 / k, {
    says: ["first order"],
    wrong: ({ k }) => [1 / k, 0.5 / k],
  }),
  // V_CSTR / V_PFR = [X/(1 − X)] / ln[1/(1 − X)] for first order
  "cre-cstr-pfr-ratio": natCheck(
    { k: "0.2 min⁻¹", X: "80% conversion" },
    ({ k, X }) => {
      const x = X / 100;
      return x / (k * (1 - x)) / (-Math.log(1 - x) / k);
    },
    { says: ["first-order"], wrong: ({ X }) => [-Math.log(1 - X / 100) / (X / 100 / (1 - X / 100))] },
  ),
};

const choiceChecks: Record<string, ChoiceCheck> = {
  // Mass fraction of an a : b mix of the two solutions
  "ga-mixing-ratio": choiceCheck({ lo: "20%", hi: "50%", target: "30%" }, ({ lo, hi, target }, options) =>
    options.map((option) => {
      const [a, b] = option.split(":").map(Number) as [number, number];
      return near((lo * a + hi * b) / (a + b), target, 1e-9);
    }),
  ),
  // F = C − P + 2 with C = 2 components, P = 3 phases
  "pct-phase-rule": choiceCheck({}, (_v, options) => options.map((option) => Number(option) === 2 - 3 + 2), {
    says: ["Two partially miscible liquids", "two liquid phases", "common vapour", "do not react"],
  }),
  // Re = ρVD/μ; laminar below 2100, turbulent above 4000
  "fm-reynolds": choiceCheck(
    { rho: "1000 kg/m³", mu: "1 mPa·s", V: "0.5 m/s", D: "50 mm" },
    ({ rho, mu, V, D }, options) => {
      const reynolds = (rho * V * (D / 1000)) / (mu / 1000);
      const regime = reynolds < 2100 ? "laminar" : reynolds > 4000 ? "turbulent" : "transitional";
      return options.map((option) => {
        const [number, words] = option.split(",") as [string, string];
        return near(Number(number.replace(/\s/g, "")), reynolds, 0.01) && words.trim() === regime;
      });
    },
  ),
  // ΔP = (ρ_m − ρ_w) g h, in kPa
  "fm-manometer": choiceCheck(
    { rhoM: "13600 kg/m³", rhoW: "1000 kg/m³", h: "100 mm", g: "9.81" },
    ({ rhoM, rhoW, h, g }, options) => {
      const kPa = ((rhoM - rhoW) * g * (h / 1000)) / 1000;
      return options.map((option) => near(valueOf(option), kPa, 0.005));
    },
  ),
  // Series resistances: q = ΔT/(L1/k1 + L2/k2); interface T = Ti − q L1/k1; the option within 1 °C
  "ht-composite-wall": choiceCheck(
    { L1: "200 mm", k1: "1.0 W/(m·K)", L2: "50 mm", k2: "0.1 W/(m·K)", Ti: "800 °C", To: "50 °C" },
    ({ L1, k1, L2, k2, Ti, To }, options) => {
      const r1 = L1 / 1000 / k1;
      const q = (Ti - To) / (r1 + L2 / 1000 / k2);
      const atInterface = Ti - q * r1;
      return options.map((option) => Math.abs(valueOf(option) - atInterface) < 1);
    },
  ),
  // Poisson(λ): Var = λ, P(0) = e^−λ, SD = √λ, P(1) = λe^−λ; each option's claim as written
  "em-poisson": choiceCheck({ lam: "mean 2" }, ({ lam }, options) => {
    expect(options[1]).toContain("e^{-2}");
    expect(options[3]).toContain("e^{-2}");
    return [
      near(lam, 2, 1e-12),
      near(Math.exp(-lam), Math.exp(-2), 1e-12),
      near(Math.sqrt(lam), 2, 1e-12),
      near(lam * Math.exp(-lam), Math.exp(-2), 1e-12),
    ];
  }),
  // The pulse response of a well-mixed tank, integrated numerically, against each claim
  "cre-cstr-rtd": choiceCheck({}, (_v, options) => {
    expect(options[3]).toContain("13.5%");
    const tau = 3;
    // dC/dt = −C/τ after a unit pulse: C(0) = 1/τ; E(t) = C(t). Integrate by RK4 to 20τ.
    const dt = tau / 2000;
    let c = 1 / tau;
    let area = 0;
    let first = 0;
    let second = 0;
    let tail2 = 0;
    let atTau = 0;
    let formulaError = 0;
    const steps = 40_000;
    for (let i = 0; i < steps; i++) {
      const t = i * dt;
      formulaError = Math.max(formulaError, Math.abs(c - Math.exp(-t / tau) / tau));
      // Trapezoids of E, tE, t²E, and of E beyond 2τ.
      const k1 = -c / tau;
      const k2 = -(c + (dt / 2) * k1) / tau;
      const k3 = -(c + (dt / 2) * k2) / tau;
      const k4 = -(c + dt * k3) / tau;
      const next = c + (dt / 6) * (k1 + 2 * k2 + 2 * k3 + k4);
      const slice = ((c + next) / 2) * dt;
      const mid = t + dt / 2;
      area += slice;
      first += mid * slice;
      second += mid * mid * slice;
      if (mid > 2 * tau) tail2 += slice;
      if (mid < tau) atTau += slice;
      c = next;
    }
    const mean = first / area;
    const variance = second / area - mean * mean;
    return [
      formulaError < 1e-9 && near(area, 1, 1e-4) && near(mean, tau, 1e-3),
      near(variance, tau * tau, 1e-3),
      Math.abs(atTau - 0.5) < 0.01,
      Math.abs(tail2 - 0.135) < 0.001,
    ];
  }),
};

/** MCQ and MSQ keys that are words, not numbers: checked by a second reading in review. */
const readInReview = new Set([
  "ga-neither-nor",
  "ga-meticulous",
  "ga-plant-p-logic",
  "pct-isothermal-expansion",
  "mt-kl-theories",
]);

const byRef = new Map(sampleQuestions.map((q) => [q.ref, q]));
const nats = sampleQuestions.filter((q) => q.type === "nat");
const choices = sampleQuestions.filter((q) => q.type !== "nat");

function givenValues(question: SampleQuestion, check: Check): Record<string, number> {
  for (const fragment of [...Object.values(check.given), ...(check.says ?? [])])
    expect(says(question.text, fragment), `${question.ref} says "${fragment}"`).toBe(true);
  return Object.fromEntries(Object.entries(check.given).map(([name, written]) => [name, valueOf(written)]));
}

const decimalWords = ["no", "one", "two", "three", "four"];

describe("the sample questions' keys", () => {
  it("has a formula for every NAT question and a check or a review for every MCQ and MSQ", () => {
    expect(Object.keys(natChecks).sort()).toEqual(nats.map((q) => q.ref).sort());
    expect([...Object.keys(choiceChecks), ...readInReview].sort()).toEqual(choices.map((q) => q.ref).sort());
    expect(new Set(sampleQuestions.map((q) => q.ref)).size).toBe(sampleQuestions.length);
  });

  describe.each(nats.map((q) => [q.ref, q] as const))("NAT %s", (ref, question) => {
    const check = natChecks[ref]!;
    const { min, max, decimals } = question.nat!;
    // Computed in each test, so that a number missing from the text fails that test only.
    const recompute = () => {
      const values = givenValues(question, check);
      return { values, answer: check.answer(values) };
    };

    it("accepts the answer recomputed from its numbers, and its round-off", () => {
      const { answer } = recompute();
      expect(answer).toBeGreaterThanOrEqual(min);
      expect(answer).toBeLessThanOrEqual(max);
      const typed = answer.toFixed(decimals);
      expect(isCorrect({ type: "nat", min, max, decimals }, { type: "nat", value: typed })).toBe(true);
    });

    it("has a tight range: each end within 1 % or one unit of the last decimal", () => {
      const { answer } = recompute();
      const tolerance = Math.max(0.01 * Math.abs(answer), 10 ** -decimals) + 1e-12;
      expect(min).toBeGreaterThanOrEqual(answer - tolerance);
      expect(max).toBeLessThanOrEqual(answer + tolerance);
      // The range's ends can be typed with the stated decimals.
      expect(Number(min.toFixed(decimals))).toBe(min);
      expect(Number(max.toFixed(decimals))).toBe(max);
    });

    it("refuses the answers of typical mistakes", () => {
      const { values } = recompute();
      for (const wrong of check.wrong?.(values) ?? []) expect(wrong < min || wrong > max, `${wrong}`).toBe(true);
    });

    it("tells the aspirant how many decimals to enter", () => {
      const places = `rounded off to ${decimalWords[decimals]} decimal place${decimals === 1 ? "" : "s"}`;
      expect(question.text).toContain(places);
      expect(question.options).toEqual([]);
      expect(question.correct).toEqual([]);
    });
  });

  describe.each(choices.map((q) => [q.ref, q] as const))("%s", (ref, question) => {
    it("has four different options and a key of the right shape", () => {
      expect(question.options).toHaveLength(4);
      expect(new Set(question.options).size).toBe(4);
      expect(question.nat).toBeNull();
      expect([...question.correct].sort()).toEqual([...new Set(question.correct)].sort());
      for (const index of question.correct) expect([0, 1, 2, 3]).toContain(index);
      if (question.type === "mcq") expect(question.correct).toHaveLength(1);
      else expect(question.correct.length).toBeGreaterThanOrEqual(1);
    });

    const check = choiceChecks[ref];
    if (check)
      it("has as its key exactly the options the numbers make true", () => {
        const truth = check.truth(givenValues(question, check), question.options);
        const correct = truth.flatMap((isTrue, index) => (isTrue ? [index] : []));
        expect(correct).toEqual([...question.correct].sort());
      });
  });
});

describe("the sample questions' content", () => {
  it.each(sampleQuestions.map((q) => [q.ref, q] as const))("%s renders, its math as MathML", (_ref, question) => {
    const parts: [string, string, boolean][] = [
      ["text", question.text, false],
      ["solution", question.solution, false],
      ...question.options.map((option, i): [string, string, boolean] => [`option ${i + 1}`, option, true]),
    ];
    for (const [what, source, inline] of parts) {
      const result = renderMarkdown(source, { inline });
      expect(result, what).toEqual({ ok: true, html: expect.any(String) });
      if (!result.ok) continue;
      // No formula left as text: every $ became MathML (none of the samples has a dollar sign).
      expect(result.html, what).not.toContain("$");
      if (source.includes("$")) expect(result.html, what).toContain("<math");
      if (inline) expect(result.html, what).not.toMatch(/<p[\s>]/);
    }
  });

  it("puts every question on a syllabus line", () => {
    for (const question of sampleQuestions) {
      expect(findSubject(question.subject), question.ref).toBeDefined();
      expect(findTopic(question.subject, question.topic), `${question.ref}: ${question.topic}`).toBeDefined();
    }
  });

  it("covers GA, at least four CH subjects, all three types and both marks", () => {
    expect(sampleQuestions.length).toBeGreaterThanOrEqual(18);
    expect(sampleQuestions.length).toBeLessThanOrEqual(25);
    expect(sampleQuestions.filter((q) => q.subject === GENERAL_APTITUDE).length).toBeGreaterThanOrEqual(3);
    const subjects = new Set(sampleQuestions.map((q) => q.subject).filter((s) => s !== GENERAL_APTITUDE));
    expect(subjects.size).toBeGreaterThanOrEqual(4);
    for (const type of ["mcq", "msq", "nat"] as const)
      expect(sampleQuestions.filter((q) => q.type === type).length, type).toBeGreaterThanOrEqual(4);
    expect(new Set(sampleQuestions.map((q) => q.marks))).toEqual(new Set([1, 2]));
    expect(sampleQuestions.filter((q) => q.type === "msq").some((q) => q.correct.length > 2)).toBe(true);
  });

  it("claims no GATE paper, year or source", () => {
    for (const question of sampleQuestions) {
      const words = [question.text, question.solution, ...question.options].join("\n");
      expect(words, question.ref).not.toMatch(/\bGATE\b|\b(19|20)\d\d\b|previous[- ]year|source:/i);
    }
  });

  it("gets short, readable and distinct slugs from the first words of the text", () => {
    const slugs = sampleQuestions.map((q) => questionSlugBase(q.text));
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) {
      expect(slug.length).toBeLessThanOrEqual(QUESTION_SLUG_MAX);
      expect(slug.length).toBeGreaterThan(20);
      expect(slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      // Prose, not LaTeX commands.
      expect(slug).not.toMatch(/\b(?:frac|text|times|int)\b/);
    }
    expect(byRef.get("cre-half-life") && questionSlugBase(byRef.get("cre-half-life")!.text)).toBe(
      "a-liquid-phase-reaction-a-products-is-first-order-in-a-with",
    );
  });
});

describe("questionSlugBase", () => {
  it("cuts a long text at a word boundary within the limit", () => {
    expect(questionSlugBase("Word ".repeat(30))).toBe(`${"word-".repeat(11)}word`);
    expect(questionSlugBase("Find $\\frac{a}{b}$ now")).toBe("find-frac-a-b-now");
    expect(questionSlugBase("x".repeat(80))).toBe("x".repeat(60));
  });
});
