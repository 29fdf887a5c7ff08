import { describe, expect, it } from "vitest";
import { backspace } from "~/components/exam/calculator-dialog";
import { calculate, formatNumber, toMathjs } from "~/lib/exam/client-calculator";

// The exam's on-screen calculator (issue 47): what its keys put in the display, as math.js reads
// it, worked out in degrees or radians, shown as the exam's calculator shows numbers.

const value = (expression: string, unit: "deg" | "rad" = "deg", ans = 0) => {
  const result = calculate(expression, unit, ans);
  return result.ok ? result.text : result.message;
};

describe("the calculator", () => {
  it("reads the display's notation as math.js's", () => {
    expect(toMathjs("2×π÷√(4)−1")).toBe("2*pi/sqrt(4)-1");
    expect(toMathjs("log(100)+ln(e)")).toBe("log10(100)+log(e)");
    expect(toMathjs("sin⁻¹(0.5)+∛(8)")).toBe("asin(0.5)+cbrt(8)");
    expect(toMathjs("1.5E-3")).toBe("1.5e-3");
  });

  it("works out the exam's functions, trigonometry in degrees or radians", () => {
    expect(value("sin(30)")).toBe("0.5");
    expect(value("cos(60)+tan(45)")).toBe("1.5");
    expect(value("sin(180)")).toBe("0");
    expect(value("sin(π÷2)", "rad")).toBe("1");
    expect(value("sin⁻¹(1)")).toBe("90");
    expect(value("log(1000)")).toBe("3");
    expect(value("ln(e^2)")).toBe("2");
    expect(value("√(2)")).toBe("1.41421356237");
    expect(value("2^10")).toBe("1024");
    expect(value("5!")).toBe("120");
    expect(value("1.5E3÷3")).toBe("500");
    expect(value("10 mod 4")).toBe("2");
    expect(value("−3×(2+4)")).toBe("-18");
    expect(value("0.1+0.2")).toBe("0.3");
    expect(value("Ans×2", "deg", 21)).toBe("42");
  });

  it("closes the brackets a function key left open when = is pressed", () => {
    expect(value("√(2")).toBe("1.41421356237");
    expect(value("sin(30", "deg")).toBe("0.5");
    expect(value("ln(2÷0.05")).toBe(value("ln(2÷0.05)"));
    expect(value("(1+2)×(3")).toBe("9");
    // A bracket closed that was never opened is still an error.
    expect(value("2)")).toBe("Syntax error");
  });

  it("says Syntax error or Math error rather than a wrong number", () => {
    expect(value("1+")).toBe("Syntax error");
    expect(value("")).toBe("Syntax error");
    expect(value("a=2")).toBe("Syntax error");
    expect(value("x")).toBe("Syntax error");
    expect(value("1/0")).toBe("Math error");
    expect(value("√(−1)")).toBe("Math error");
    expect(value("tan(90)")).toBe("Math error");
  });

  it("shows up to 12 significant digits, and the exponent form for very large or small numbers", () => {
    expect(formatNumber(Math.PI)).toBe("3.14159265359");
    expect(formatNumber(1e15)).toBe("1e15");
    expect(formatNumber(1.23456e-12)).toBe("1.23456e-12");
    expect(formatNumber(-0.000123)).toBe("-0.000123");
  });

  it("takes a function key back whole with backspace", () => {
    expect(backspace("2+sin⁻¹(")).toBe("2+");
    expect(backspace("12")).toBe("1");
    expect(backspace("Ans")).toBe("");
    expect(backspace("")).toBe("");
  });
});
