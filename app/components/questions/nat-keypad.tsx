import { NAT_MAX_LENGTH } from "~/lib/questions/answers";

// The on-screen keypad of a numerical-answer question (issue 46), as the GATE exam gives one: the
// digits, the point, the sign, backspace and clear, each a 44 px target. It types into the
// answer's real <input inputmode="decimal">, at its caret when the box has the focus, else at its
// end; a keyboard or a phone's own keypad fills the box just as well. It is laid out from the
// first paint wherever scripts run (`scripting: enabled`), so it shifts nothing when the page's
// scripts start; without scripts it is not shown at all.

const messages = {
  label: "Keypad",
  backspace: "Backspace",
  clear: "Clear",
  minus: "Minus sign",
  point: "Decimal point",
} as const;

/** What a key makes of the box: its text and the caret's place after it. */
type Typed = { value: string; caret: number };
type Key = { label: string; name?: string; apply: (value: string, start: number, end: number) => Typed };

/** Puts `text` in place of the selection (or at the caret). */
const insert = (value: string, start: number, end: number, text: string): Typed => ({
  value: value.slice(0, start) + text + value.slice(end),
  caret: start + text.length,
});

const digit = (d: string): Key => ({
  label: d,
  apply: (value, start, end) => (value === "0" && start === 1 ? { value: d, caret: 1 } : insert(value, start, end, d)),
});

const keys: Key[] = [
  digit("7"),
  digit("8"),
  digit("9"),
  {
    label: "⌫",
    name: messages.backspace,
    apply: (value, start, end) =>
      start !== end
        ? insert(value, start, end, "")
        : start === 0
          ? { value, caret: 0 }
          : insert(value, start - 1, end, ""),
  },
  digit("4"),
  digit("5"),
  digit("6"),
  {
    label: "−",
    name: messages.minus,
    apply: (value, start) =>
      value.startsWith("-")
        ? { value: value.slice(1), caret: Math.max(0, start - 1) }
        : { value: `-${value}`, caret: start + 1 },
  },
  digit("1"),
  digit("2"),
  digit("3"),
  {
    label: ".",
    name: messages.point,
    apply: (value, start, end) => {
      if ((value.slice(0, start) + value.slice(end)).includes(".")) return { value, caret: start };
      const before = value.slice(0, start);
      return insert(value, start, end, before === "" || before === "-" ? "0." : ".");
    },
  },
  digit("0"),
  { label: messages.clear, apply: () => ({ value: "", caret: 0 }) },
];

/**
 * Keeps out of the box what no number holds (letters from a laptop's keyboard, a pasted "₹"): the
 * exam's box takes digits, a point and a sign; the server still checks what it gets.
 */
export function keepNumberCharacters(event: { data: string | null; preventDefault: () => void }) {
  if (event.data && /[^\d.+\-\s]/.test(event.data)) event.preventDefault();
}

const keyClass =
  "min-h-11 rounded-lg border border-slate-300 bg-white text-lg font-semibold text-slate-900 hover:bg-slate-100 active:bg-slate-200 disabled:opacity-50";

export function NatKeypad({
  value,
  onChange,
  disabled,
  controls,
}: {
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  /** The id of the input it types into. */
  controls: string;
}) {
  return (
    <fieldset className="mt-3 hidden max-w-xs grid-cols-4 gap-2 [@media(scripting:enabled)]:grid">
      <legend className="sr-only">{messages.label}</legend>
      {keys.map((key) => (
        <button
          key={key.label}
          type="button"
          aria-label={key.name}
          aria-controls={controls}
          disabled={disabled}
          className={key.label === messages.clear ? `${keyClass} col-span-3 text-base` : keyClass}
          // The box keeps the focus, and with it the caret, where a key types.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            const box = document.getElementById(controls) as HTMLInputElement | null;
            const focused = box !== null && document.activeElement === box;
            const start = focused ? (box.selectionStart ?? value.length) : value.length;
            const end = focused ? (box.selectionEnd ?? start) : value.length;
            const next = key.apply(value, start, end);
            if (next.value.length > NAT_MAX_LENGTH) return;
            onChange(next.value);
            if (focused) requestAnimationFrame(() => box.setSelectionRange(next.caret, next.caret));
          }}
        >
          {key.label}
        </button>
      ))}
    </fieldset>
  );
}
