import { NAT_MAX_LENGTH } from "~/lib/questions/answers";

// The on-screen keypad of a numerical-answer question (issue 46), as the GATE exam gives one: the
// digits, the point, the sign, backspace and clear, each a 44 px target. It types into the
// answer's real <input inputmode="decimal">, which a keyboard or a phone's own keypad fills just as
// well. It is laid out from the first paint wherever scripts run (`scripting: enabled`), so it
// shifts nothing when the page's scripts start; without scripts it is not shown at all.

const messages = {
  label: "Keypad",
  backspace: "Backspace",
  clear: "Clear",
  minus: "Minus sign",
  point: "Decimal point",
} as const;

type Key = { label: string; name?: string; apply: (value: string) => string };

const digit = (d: string): Key => ({ label: d, apply: (value) => (value === "0" ? d : value + d) });

const keys: Key[] = [
  digit("7"),
  digit("8"),
  digit("9"),
  { label: "⌫", name: messages.backspace, apply: (value) => value.slice(0, -1) },
  digit("4"),
  digit("5"),
  digit("6"),
  { label: "−", name: messages.minus, apply: (value) => (value.startsWith("-") ? value.slice(1) : `-${value}`) },
  digit("1"),
  digit("2"),
  digit("3"),
  {
    label: ".",
    name: messages.point,
    apply: (value) => (value.includes(".") ? value : `${value === "" || value === "-" ? `${value}0` : value}.`),
  },
  digit("0"),
  { label: messages.clear, apply: () => "" },
];

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
          onClick={() => {
            const next = key.apply(value);
            if (next.length <= NAT_MAX_LENGTH) onChange(next);
          }}
        >
          {key.label}
        </button>
      ))}
    </fieldset>
  );
}
