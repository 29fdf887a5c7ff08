import { useEffect, useEffectEvent, useId, useRef, useState, type FocusEvent, type FormEvent } from "react";
import { useFetcher } from "react-router";
import type { z } from "zod";
import { useHydrated } from "~/components/layout/use-hydrated";
import type { FieldErrors, FormFailure, FormResult } from "~/lib/forms/submission";
import { firstInvalidField, mergeFieldError } from "./feedback";
import { loadFormToasts, useFormToastsFailed } from "./form-toasts";

// One hook behind the three visitor forms. Without JavaScript the form is a plain POST to its
// route and `serverResult` (the route's action data) carries the errors and kept values back.
// Once hydrated it submits through a fetcher (no reload), checks the same Zod schema first for
// quick feedback, and hands each new server answer to `onResult` (toasts, closing dialogs).
// The schema (and Zod) and the toasts are loaded when the visitor first reaches the form, not with
// the page.

type Check = (form: HTMLFormElement) => FieldErrors;

export type FormStatus =
  { kind: "idle" } | { kind: "success"; message: string } | { kind: "failure"; result: FormFailure };

function statusOf(result: FormResult | undefined): FormStatus {
  if (!result) return { kind: "idle" };
  return result.ok ? { kind: "success", message: result.message } : { kind: "failure", result };
}

/** Focus the field (or the first radio of a group) named `name`. */
function focusField(form: HTMLFormElement | null, name: string | undefined) {
  if (!form || !name) return;
  const item = form.elements.namedItem(name);
  const element = item instanceof RadioNodeList ? item[0] : item;
  if (element instanceof HTMLElement) element.focus();
}

/** Empties the text a visitor typed; radios go back to their default choice. */
function clearForm(form: HTMLFormElement) {
  form.reset();
  for (const element of Array.from(form.elements)) {
    if (element instanceof HTMLTextAreaElement) element.value = "";
    else if (element instanceof HTMLInputElement && !["hidden", "radio", "checkbox"].includes(element.type))
      element.value = "";
  }
}

export function useVisitorForm(options: {
  /** The route whose action handles the form, e.g. "/contact". */
  action: string;
  /** The form's Zod schema, imported on demand: () => import("~/lib/schemas/x").then((m) => m.XSchema) */
  loadSchema: () => Promise<z.ZodType>;
  /** Field names in form order: focus goes to the first invalid one. */
  fields: readonly string[];
  /** The action's answer to a no-JavaScript POST of this page, if any. */
  serverResult?: FormResult;
  onResult?: (result: FormResult) => void;
}) {
  const { action, fields, serverResult } = options;
  const fetcher = useFetcher<FormResult>();
  const hydrated = useHydrated();
  const toastsFailed = useFormToastsFailed();
  const prefix = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>(() =>
    serverResult && !serverResult.ok ? serverResult.fieldErrors : {},
  );
  const [status, setStatus] = useState<FormStatus>(() => statusOf(serverResult));
  const handled = useRef<FormResult | undefined>(undefined);
  const checker = useRef<Promise<Check>>(undefined);
  // Between the submit and the fetcher starting, while the schema may still be loading.
  const [checking, setChecking] = useState(false);
  // Values to show again after a failed no-JavaScript POST.
  const kept = serverResult && !serverResult.ok ? serverResult.values : {};
  const firstError = firstInvalidField(fields, errors);

  const onResult = useEffectEvent((result: FormResult) => {
    setStatus(statusOf(result));
    if (result.ok) {
      setErrors({});
      if (formRef.current) clearForm(formRef.current);
    } else {
      setErrors(result.fieldErrors);
      focusField(formRef.current, firstInvalidField(fields, result.fieldErrors));
    }
    options.onResult?.(result);
  });

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    onResult(fetcher.data);
  }, [fetcher.state, fetcher.data]);

  function loadCheck(): Promise<Check> {
    checker.current ??= Promise.all([import("./validate"), options.loadSchema()]).then(
      ([{ checkForm }, schema]) =>
        (form: HTMLFormElement) =>
          checkForm(schema, form),
    );
    // A failed download is retried next time; meanwhile the server still validates.
    checker.current.catch(() => (checker.current = undefined));
    return checker.current;
  }

  function recheck(form: HTMLFormElement, name: string) {
    loadCheck().then(
      (check) => setErrors((current) => mergeFieldError(current, name, check(form))),
      () => undefined,
    );
  }

  const formProps = {
    ref: formRef,
    method: "post" as const,
    action,
    // Once hydrated the schema's messages replace the browser's own bubbles.
    noValidate: hydrated,
    onFocus() {
      void loadCheck().catch(() => undefined);
      void loadFormToasts().catch(() => undefined);
    },
    onSubmit(event: FormEvent<HTMLFormElement>) {
      event.preventDefault();
      if (checking || fetcher.state !== "idle") return;
      const form = event.currentTarget;
      void loadFormToasts().catch(() => undefined);
      setChecking(true);
      const send = () => {
        setStatus({ kind: "idle" });
        void fetcher.submit(form, { method: "post", action });
      };
      loadCheck()
        .then((check) => {
          const found = check(form);
          setErrors(found);
          const first = firstInvalidField(fields, found);
          if (first) focusField(form, first);
          else send();
        }, send)
        .finally(() => setChecking(false));
    },
    // Leaving a field that was filled in, or that shows an error, re-checks that field only.
    onBlur(event: FocusEvent<HTMLFormElement>) {
      const target = event.target as Partial<HTMLInputElement>;
      const name = target.name;
      if (!name || !fields.includes(name) || (!target.value && !errors[name])) return;
      recheck(event.currentTarget, name);
    },
    // While a field shows an error, typing clears it as soon as the value is acceptable.
    onChange(event: FormEvent<HTMLFormElement>) {
      const name = (event.target as Partial<HTMLInputElement>).name;
      if (name && errors[name]) recheck(event.currentTarget, name);
    },
  };

  /** The kit field's props for `name`: its id, its error and the value kept after a failed POST. */
  function field(name: string) {
    return {
      id: `${prefix}-${name}`,
      name,
      defaultValue: kept[name],
      error: errors[name],
      // Without JavaScript the page comes back from a failed POST: the browser focuses this field.
      autoFocus: !hydrated && name === firstError ? true : undefined,
    };
  }

  /**
   * What the form's own banner shows: every outcome of a no-JavaScript POST, but a success
   * answered through the fetcher only where asked (`successInline`) or when the toast that
   * announces it could not be downloaded.
   */
  function bannerStatus(successInline = false): FormStatus {
    return status.kind === "success" && fetcher.data && !successInline && !toastsFailed ? { kind: "idle" } : status;
  }

  return {
    fetcher,
    formProps,
    bannerStatus,
    field,
    status,
    pending: checking || fetcher.state !== "idle",
  };
}

export type VisitorForm = ReturnType<typeof useVisitorForm>;
