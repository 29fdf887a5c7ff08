import { useEffect, useRef, useState, type FormEvent, type PointerEvent } from "react";
import { CloseButton } from "~/components/layout/close-button";
import { closeOnBackdropClick, useModalDialog } from "~/components/layout/use-modal-dialog";
import { calculate, type AngleUnit } from "~/lib/exam/client-calculator";

// The exam's on-screen scientific calculator (issue 47), as a dialog. This module, with math.js,
// is a chunk of its own that the page imports only when the candidate first opens the calculator
// (exam-interface.tsx): the exam's own code stays small, and this module runs only in the browser.
// The expression is typed on the keys or the keyboard; Enter or = works it out; the answer stays in
// Ans for the next expression. Nothing here is sent anywhere.

const messages = {
  title: "Scientific calculator",
  close: "Close calculator",
  expression: "Expression",
  result: "Result",
  unit: "Angles in",
  deg: "Deg",
  rad: "Rad",
  keys: "Calculator keys",
  moveLeft: "Move left",
  moveRight: "Move right",
} as const;

// A key's name where its face is a symbol or an abbreviation; it begins with the face, so that what
// is seen is what voice control and screen readers take (WCAG 2.5.3).
type Key = { label: string; insert?: string; name?: string; action?: "back" | "clear" | "equals" };

// Tokens removed whole by backspace: a function name and its bracket.
const TOKENS = [
  "sin⁻¹(",
  "cos⁻¹(",
  "tan⁻¹(",
  "sinh(",
  "cosh(",
  "tanh(",
  "sin(",
  "cos(",
  "tan(",
  "log(",
  "ln(",
  "√(",
  "∛(",
  "abs(",
  " mod ",
  "Ans",
  "^(-1)",
];

const keys: Key[] = [
  { label: "sin", insert: "sin(" },
  { label: "cos", insert: "cos(" },
  { label: "tan", insert: "tan(" },
  { label: "(", insert: "(" },
  { label: ")", insert: ")" },
  { label: "sin⁻¹", insert: "sin⁻¹(", name: "sin⁻¹ (arc sine)" },
  { label: "cos⁻¹", insert: "cos⁻¹(", name: "cos⁻¹ (arc cosine)" },
  { label: "tan⁻¹", insert: "tan⁻¹(", name: "tan⁻¹ (arc tangent)" },
  { label: "π", insert: "π", name: "pi" },
  { label: "e", insert: "e", name: "Euler's number e" },
  { label: "log", insert: "log(", name: "log base 10" },
  { label: "ln", insert: "ln(", name: "ln (natural log)" },
  { label: "√", insert: "√(", name: "square root" },
  { label: "∛", insert: "∛(", name: "cube root" },
  { label: "xʸ", insert: "^", name: "xʸ (power)" },
  { label: "x²", insert: "^2", name: "x² (square)" },
  { label: "10ˣ", insert: "10^", name: "10ˣ (ten to the power)" },
  { label: "eˣ", insert: "e^", name: "eˣ (e to the power)" },
  { label: "n!", insert: "!", name: "n! (factorial)" },
  { label: "1/x", insert: "^(-1)", name: "1/x (reciprocal)" },
  { label: "7", insert: "7" },
  { label: "8", insert: "8" },
  { label: "9", insert: "9" },
  { label: "÷", insert: "÷", name: "divide" },
  { label: "⌫", action: "back", name: "Backspace" },
  { label: "4", insert: "4" },
  { label: "5", insert: "5" },
  { label: "6", insert: "6" },
  { label: "×", insert: "×", name: "multiply" },
  { label: "C", action: "clear", name: "Clear all" },
  { label: "1", insert: "1" },
  { label: "2", insert: "2" },
  { label: "3", insert: "3" },
  { label: "−", insert: "−", name: "minus" },
  { label: "Ans", insert: "Ans", name: "Ans (last answer)" },
  { label: "0", insert: "0" },
  { label: ".", insert: ".", name: "decimal point" },
  { label: "Exp", insert: "E", name: "Exp (times ten to the power)" },
  { label: "+", insert: "+", name: "plus" },
  { label: "=", action: "equals", name: "equals" },
];

/** Keys that carry on from the last answer when pressed right after =. */
const CONTINUES = /^[+−×÷^!]|^\^/;

/** The expression with its last key taken away (a function's name and bracket at once). */
export function backspace(expression: string): string {
  const token = TOKENS.find((t) => expression.endsWith(t));
  return expression.slice(0, -(token?.length ?? 1));
}

const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);

export default function CalculatorDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [expression, setExpression] = useState("");
  const [unit, setUnit] = useState<AngleUnit>("deg");
  const [shown, setShown] = useState<{ text: string; error: boolean } | null>(null);
  const [ans, setAns] = useState(0);
  const [fresh, setFresh] = useState(false);

  // On a wide screen the calculator stands beside the question, as the exam's own window does: the
  // question, its options and the answer box stay usable while it is open (a result is typed
  // into the box without closing it). A phone has no room beside: there it is a modal sheet.
  const [wide] = useState(() => window.matchMedia("(min-width: 640px)").matches);
  useModalDialog(dialogRef, open && !wide, () => inputRef.current?.focus());
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!wide || !dialog) return;
    if (!open) return dialog.close();
    if (!dialog.open) dialog.show();
    inputRef.current?.focus();
  }, [wide, open]);

  // Beside the page it can be moved, as the exam's window can: dragged by its title bar, or sent to
  // the other side with one press (a way that needs no dragging, WCAG 2.5.7).
  const [side, setSide] = useState<"left" | "right">("right");
  const [shift, setShift] = useState({ x: 0, y: 0 });
  const drag = useRef<{ pointer: number; x: number; y: number; box: DOMRect; from: typeof shift } | null>(null);

  function startDrag(event: PointerEvent<HTMLDivElement>) {
    const dialog = dialogRef.current;
    if (!wide || !dialog || event.button !== 0 || (event.target as Element).closest("button")) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    const box = dialog.getBoundingClientRect();
    drag.current = { pointer: event.pointerId, x: event.clientX, y: event.clientY, box, from: shift };
  }

  function moveDrag(event: PointerEvent<HTMLDivElement>) {
    const start = drag.current;
    if (!start || start.pointer !== event.pointerId) return;
    // Kept whole on screen.
    const dx = clamp(event.clientX - start.x, -start.box.left, window.innerWidth - start.box.right);
    const dy = clamp(event.clientY - start.y, -start.box.top, window.innerHeight - start.box.bottom);
    setShift({ x: start.from.x + dx, y: start.from.y + dy });
  }

  function switchSide() {
    setSide((current) => (current === "right" ? "left" : "right"));
    setShift({ x: 0, y: 0 });
  }

  function evaluate() {
    const result = calculate(expression, unit, ans);
    if (result.ok) {
      setAns(result.value);
      setShown({ text: result.text, error: false });
      setFresh(true);
    } else setShown({ text: result.message, error: true });
  }

  function press(key: Key) {
    if (key.action === "equals") return evaluate();
    if (key.action === "clear") {
      setExpression("");
      setShown(null);
      setFresh(false);
      return;
    }
    if (key.action === "back") {
      setExpression((current) => backspace(current));
      setFresh(false);
      return;
    }
    const insert = key.insert ?? "";
    // After =, an operator carries on from the answer; anything else starts afresh.
    setExpression((current) => (fresh ? (CONTINUES.test(insert) ? `Ans${insert}` : insert) : current + insert));
    setFresh(false);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    evaluate();
  }

  return (
    // oxlint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialogRef}
      aria-labelledby="calculator-title"
      onClose={onClose}
      onClick={closeOnBackdropClick}
      // A dialog shown beside the page does not close on Escape by itself.
      onKeyDown={(event) => {
        if (event.key === "Escape" && wide) event.currentTarget.close();
      }}
      style={wide ? { translate: `${shift.x}px ${shift.y}px` } : undefined}
      className={`fixed inset-x-0 bottom-0 top-auto m-0 w-full max-w-none rounded-t-2xl border-0 bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/30 sm:inset-x-auto sm:bottom-4 sm:z-40 sm:w-[22rem] sm:rounded-2xl sm:border sm:border-slate-300 ${side === "right" ? "sm:right-4" : "sm:left-4"}`}
    >
      <div className="p-3">
        <div
          onPointerDown={startDrag}
          onPointerMove={moveDrag}
          onPointerUp={() => (drag.current = null)}
          onPointerCancel={() => (drag.current = null)}
          className="flex items-center justify-between gap-2 sm:cursor-move sm:touch-none sm:select-none"
        >
          <h2 id="calculator-title" className="font-bold text-slate-900">
            {messages.title}
          </h2>
          <button
            type="button"
            onClick={switchSide}
            className="ml-auto hidden min-h-11 shrink-0 rounded-lg px-2 text-sm font-medium text-brand-700 hover:bg-slate-100 sm:inline-flex sm:items-center"
          >
            {side === "right" ? messages.moveLeft : messages.moveRight}
          </button>
          <CloseButton
            label={messages.close}
            onClick={() => dialogRef.current?.close()}
            className="inline-flex size-11 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100"
          />
        </div>
        <form onSubmit={onSubmit}>
          <label htmlFor="calculator-expression" className="sr-only">
            {messages.expression}
          </label>
          <input
            ref={inputRef}
            id="calculator-expression"
            value={expression}
            onChange={(event) => {
              setExpression(event.currentTarget.value);
              setFresh(false);
            }}
            autoComplete="off"
            spellCheck={false}
            inputMode="none"
            className="block h-11 w-full rounded-lg border border-slate-400 bg-slate-50 px-2 text-right font-mono text-lg"
          />
          <output
            htmlFor="calculator-expression"
            aria-live="polite"
            aria-label={messages.result}
            className={`mt-1 block min-h-7 text-right font-mono text-xl font-bold ${shown?.error ? "text-red-700" : "text-slate-900"}`}
          >
            {shown ? (shown.error ? shown.text : `= ${shown.text}`) : ""}
          </output>
        </form>
        <fieldset className="mt-1 flex items-center gap-3 text-sm">
          <legend className="sr-only">{messages.unit}</legend>
          <span aria-hidden="true" className="text-slate-700">
            {messages.unit}
          </span>
          {(["deg", "rad"] as const).map((value) => (
            <label key={value} className="inline-flex min-h-11 items-center gap-1.5">
              <input
                type="radio"
                name="angle-unit"
                value={value}
                checked={unit === value}
                onChange={() => setUnit(value)}
                className="size-4 accent-brand-700"
              />
              {messages[value]}
            </label>
          ))}
        </fieldset>
        <fieldset className="mt-1 grid grid-cols-5 gap-1">
          <legend className="sr-only">{messages.keys}</legend>
          {keys.map((key) => (
            <button
              key={key.label}
              type="button"
              aria-label={key.name}
              onClick={() => press(key)}
              className={`min-h-11 rounded-md border text-base font-semibold ${
                key.action === "equals"
                  ? "border-brand-700 bg-brand-700 text-white hover:bg-brand-800"
                  : /^[0-9.]$/.test(key.label)
                    ? "border-slate-300 bg-white text-slate-900 hover:bg-slate-100"
                    : "border-slate-300 bg-slate-100 text-slate-900 hover:bg-slate-200"
              }`}
            >
              {key.label}
            </button>
          ))}
        </fieldset>
      </div>
    </dialog>
  );
}
