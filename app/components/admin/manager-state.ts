import { useState } from "react";
import { useActionData, useFetcher, useLocation, type FetcherWithComponents } from "react-router";
import { bindFields } from "~/components/forms/bind-fields";
import type { FormFailure } from "~/lib/forms/submission";
import { useDeleteDialog } from "./confirm-delete";
import { useKeptFailure } from "./kept-failure";
import { useToast } from "./notice";

// The state every manager works from (issue 5 "Common behaviour"). Forms are real
// <form method="post"> elements with an `intent` field, so each manager works without
// JavaScript; once hydrated they post through one fetcher (no reload) and a refusal becomes a
// toast. Add, edit and the no-JavaScript delete confirmation are URL states (?new=1, ?edit=12,
// ?delete=12), so each is a plain link.

export type ManagerFetcher = FetcherWithComponents<FormFailure | undefined>;

/**
 * The manager's fetcher and the last refusal, from the fetcher (with JavaScript) or from the
 * page's own POST (without), or else the form kept when the session had ended (issue 48), which
 * fills its form in again the same way. A refusal is toasted once the page is live; `inline` says
 * when it must show in the page instead. `answer` is the page's own last answer, a refusal or
 * not (an import's preview): the fetcher's while it is where it was given, else the plain post's.
 */
export function useManager() {
  const fetcher = useFetcher<FormFailure>() as ManagerFetcher;
  const posted = useActionData() as FormFailure | undefined;
  const kept = useKeptFailure();
  const answer = useAnswerHere(fetcher.data) ?? posted;
  const failure = answer ?? kept;
  const inline = useToast(failure, failure?.formError, "error");
  const busyIntent = fetcher.state === "idle" ? null : String(fetcher.formData?.get("intent") ?? "");
  return { fetcher, failure: failure?.ok === false ? failure : undefined, inline, busyIntent, answer };
}

export type Manager = ReturnType<typeof useManager>;

/**
 * The fetcher's answer while the page is still where it was given. A fetcher keeps its last
 * answer when the next submission redirects, since a redirect carries none, so a refusal would
 * outlive the successful retry and hold its form open. The layout's spinner usually unmounts the
 * page during the redirect and drops it, but not when React folds that render into the next one
 * (a slow phone). The redirect always makes a new location, so a refusal is kept only on the
 * location it arrived on.
 */
function useAnswerHere<T>(data: T | undefined) {
  const { key } = useLocation();
  const [arrived, setArrived] = useState({ data, at: key });
  // React's pattern for state derived from the previous render (no effect, no extra paint).
  if (arrived.data !== data) setArrived({ data, at: key });
  return arrived.data === data && arrived.at !== key ? undefined : data;
}

/** The refusal of this form (its posted intent, and its level on the free-tests page), if any. */
export function failureOf(manager: Manager, intents: string[], level?: string) {
  const failure = manager.failure;
  if (!failure || !intents.includes(failure.values.intent ?? "")) return undefined;
  if (level !== undefined && failure.values.level !== level) return undefined;
  return failure;
}

/** Form values as the fields want them: strings, and booleans for checkboxes. */
export type FormValues = Record<string, string | boolean>;

/** A row (or a defaults object) as form values; null becomes "", nested lists are left out. */
export function toFormValues(row: object): FormValues {
  const values: FormValues = {};
  for (const [key, value] of Object.entries(row)) {
    if (typeof value === "boolean") values[key] = value;
    else if (value === null || value === undefined) values[key] = "";
    else if (typeof value !== "object") values[key] = String(value);
  }
  return values;
}

/**
 * What a refused POST had in it, to fill the form again: the typed text, and each checkbox as
 * posted (an unchecked box posts nothing).
 */
export function postedValues(values: Record<string, string>, checkboxes: string[]): FormValues {
  const form: FormValues = { ...values };
  for (const name of checkboxes) form[name] = values[name] !== undefined;
  return form;
}

/** The state of a manager page, from its URL: ?new=1, ?edit=12, ?delete=12. */
export function readManagerUrl(url: URL) {
  const id = (name: string) => {
    const value = Number(url.searchParams.get(name));
    return Number.isInteger(value) && value > 0 ? value : null;
  };
  return { adding: url.searchParams.has("new"), editId: id("edit"), deleteId: id("delete") };
}

/** The URL state of the page being rendered. */
export function useManagerUrl() {
  const location = useLocation();
  return readManagerUrl(new URL(`http://local${location.pathname}${location.search}`));
}

/**
 * The state of a manager of one table: which row is edited (?edit=12) or confirmed for delete
 * (?delete=12), whether the form is open, and the values it starts from (the refused POST's, the
 * row's, or the defaults), bound to its fields by `field(name)`.
 */
export function useTableManager<Row extends { id: number }>(rows: Row[], defaults: object) {
  const { adding, editId, deleteId } = useManagerUrl();
  const manager = useManager();
  const dialog = useDeleteDialog();
  const editing = editId === null ? undefined : rows.find((row) => row.id === editId);
  const failure = failureOf(manager, ["create", "update"]);
  const values = failure ? postedValues(failure.values, ["is_active"]) : toFormValues(editing ?? defaults);
  return {
    manager,
    dialog,
    editing,
    failure,
    open: adding || editing !== undefined || failure !== undefined,
    values,
    field: bindFields(values, failure?.fieldErrors),
    confirming: deleteId === null ? undefined : rows.find((row) => row.id === deleteId),
  };
}

export type TableManagerState<Row extends { id: number }> = ReturnType<typeof useTableManager<Row>>;
