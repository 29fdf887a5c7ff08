import { create, type FactoryFunctionMap } from "mathjs/number";
import * as factories from "./calculator-functions";

// The exam's on-screen scientific calculator (issue 47), worked out by math.js's expression parser
// rather than one of our own. Only the functions the calculator's keys need are built, from the
// plain-number bundle: about 42 KiB gzip against 110 for the whole `mathjs/number`, in a chunk that
// loads only when the calculator is first opened.
//
// The display shows what was keyed in the exam's notation (×, ÷, −, π, √, log for base 10, ln);
// `toMathjs` turns it into math.js's syntax, and sin, cos, tan and their inverses follow the
// Deg/Rad switch through functions of the evaluation's scope, which math.js consults first.

// math.js's types call each bundle's dependencies possibly undefined; in the number bundle all are there.
const math = create(factories as Record<keyof typeof factories, FactoryFunctionMap>);

export type AngleUnit = "deg" | "rad";

export const calculatorMessages = {
  syntax: "Syntax error",
  math: "Math error",
} as const;

/** The display's notation in math.js's syntax. */
export function toMathjs(expression: string): string {
  return (
    expression
      .replace(/×/g, "*")
      .replace(/÷/g, "/")
      .replace(/[−–]/g, "-")
      .replace(/π/g, "pi")
      .replace(/√\(/g, "sqrt(")
      .replace(/∛\(/g, "cbrt(")
      .replace(/(sin|cos|tan)⁻¹\(/g, "a$1(")
      // log is base 10 on the exam's calculator, ln the natural one.
      .replace(/\blog\(/g, "log10(")
      .replace(/\bln\(/g, "log(")
      // The Exp key: 1.5E3 is 1.5 × 10³.
      .replace(/(\d|\.)E([+-]?\d)/g, "$1e$2")
  );
}

const RADIANS_PER_DEGREE = Math.PI / 180;

/** Rounds off what binary floating point leaves (sin(180°) is 1.2e-16, not 0). */
const tidy = (value: number) => (Math.abs(value) < 1e-13 ? 0 : value);

/** The trigonometric functions for the Deg/Rad switch; the scope's functions come before math.js's own. */
function angleScope(unit: AngleUnit): Map<string, unknown> {
  const into = unit === "deg" ? (x: number) => x * RADIANS_PER_DEGREE : (x: number) => x;
  const out = unit === "deg" ? (x: number) => x / RADIANS_PER_DEGREE : (x: number) => x;
  return new Map<string, unknown>([
    ["sin", (x: number) => tidy(Math.sin(into(x)))],
    ["cos", (x: number) => tidy(Math.cos(into(x)))],
    [
      "tan",
      (x: number) => {
        const cos = tidy(Math.cos(into(x)));
        return cos === 0 ? Number.NaN : tidy(Math.tan(into(x)));
      },
    ],
    ["asin", (x: number) => out(Math.asin(x))],
    ["acos", (x: number) => out(Math.acos(x))],
    ["atan", (x: number) => out(Math.atan(x))],
  ]);
}

export type CalculatorResult = { ok: true; value: number; text: string } | { ok: false; message: string };

/** A number as the calculator shows it: up to 12 significant digits, exponent form when very large or small. */
export function formatNumber(value: number): string {
  if (value === 0) return "0";
  const size = Math.abs(value);
  if (size >= 1e12 || size < 1e-9)
    return value
      .toExponential(9)
      .replace(/\.?0+e/, "e")
      .replace("e+", "e");
  return String(Number(value.toPrecision(12)));
}

/** Works out what was keyed in; `ans` is the last result (the Ans key). */
export function calculate(expression: string, unit: AngleUnit, ans = 0): CalculatorResult {
  const source = toMathjs(expression).trim();
  // Only arithmetic: no assignments, no several expressions, no matrices or strings.
  if (source === "" || /[=;[\]{}"'`?:]/.test(source)) return { ok: false, message: calculatorMessages.syntax };
  // = closes the brackets left open, as the exam's calculator does: "√(2" is √2, "sin(30" sin 30.
  const open = (source.match(/\(/g)?.length ?? 0) - (source.match(/\)/g)?.length ?? 0);
  let value: unknown;
  try {
    const scope = angleScope(unit);
    scope.set("Ans", ans);
    value = math.evaluate(open > 0 ? source + ")".repeat(open) : source, scope);
  } catch {
    return { ok: false, message: calculatorMessages.syntax };
  }
  if (typeof value !== "number" || !Number.isFinite(value)) return { ok: false, message: calculatorMessages.math };
  return { ok: true, value, text: formatNumber(value) };
}
