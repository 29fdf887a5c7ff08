import type { ReactNode } from "react";
import { Link } from "react-router";
import { commonMessages } from "~/lib/admin/messages/common";
import type { Manager } from "./manager-state";
import { secondaryButton } from "./styles";

// The form that ends a confirmation shown as a step of its own, the path without JavaScript
// (a delete, a bulk action, an undo, an import's preview): what was confirmed as hidden fields,
// the button that does it, and Cancel back to where the step was opened from.

/** A confirmation step's form: `fields` posted as hidden fields, its button (`children`), then Cancel. */
export function ConfirmStepForm({
  manager,
  fields,
  multipart,
  cancelTo,
  children,
}: {
  manager: Manager;
  fields: Record<string, string>;
  /** Posted as multipart (an import's text, sent again). */
  multipart?: boolean;
  cancelTo: string;
  /** The button that does it; none when it cannot be done. */
  children: ReactNode;
}) {
  const { fetcher } = manager;
  return (
    <fetcher.Form
      method="post"
      encType={multipart ? "multipart/form-data" : undefined}
      className="mt-5 flex flex-wrap gap-3"
    >
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
      <Link to={cancelTo} className={secondaryButton}>
        {commonMessages.cancel}
      </Link>
    </fetcher.Form>
  );
}
