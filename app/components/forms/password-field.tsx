import { useState } from "react";
import { useHydrated } from "~/components/layout/use-hydrated";
import { authMessages } from "~/lib/auth/messages";
import { Field, inputClass, useControl, type FieldProps } from "./fields";

const m = authMessages.login;

/**
 * A password field of the sign-in screens: never filled in again after a refusal; once the page
 * is live, a button shows or hides what was typed.
 */
export function PasswordField({
  autoComplete,
  ...field
}: Omit<FieldProps, "defaultValue" | "optional" | "autoFocus"> & {
  autoComplete: "current-password" | "new-password";
}) {
  const control = useControl(field);
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(false);
  return (
    <Field id={control.id} field={field}>
      <div className="relative">
        <input
          {...control}
          type={visible ? "text" : "password"}
          required
          autoComplete={autoComplete}
          autoCapitalize="none"
          spellCheck={false}
          className={`${inputClass} ${hydrated ? "pr-20" : ""}`}
        />
        {hydrated ? (
          <button
            type="button"
            onClick={() => setVisible((v) => !v)}
            aria-controls={control.id}
            aria-pressed={visible}
            className="absolute inset-y-0 right-0 my-1 mr-1 rounded-md px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50"
          >
            <span aria-hidden="true">{visible ? m.hide : m.show}</span>
            <span className="sr-only">{visible ? m.hidePassword : m.showPassword}</span>
          </button>
        ) : null}
      </div>
    </Field>
  );
}
