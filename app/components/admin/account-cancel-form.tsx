import { Form } from "react-router";

/**
 * Abandons a two-factor step (the code at sign-in, an enrolment half done): its own form posting
 * intent=cancel, drawn as a link so it does not compete with the step's main button.
 */
export function CancelForm({ label, className }: { label: string; className: string }) {
  return (
    <Form method="post" className={className}>
      <button type="submit" name="intent" value="cancel" className="text-sm font-medium text-brand-700 underline">
        {label}
      </button>
    </Form>
  );
}
