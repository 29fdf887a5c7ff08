import type { ReactNode } from "react";
import { Link } from "react-router";
import { primaryButton } from "~/components/forms/fields";
import type { AdminSection } from "~/lib/admin/sections";
import { ConfirmDeleteDialog, type useDeleteDialog } from "./confirm-delete";
import type { Manager } from "./manager-state";
import { Notice, useToast } from "./notice";
import { SectionHeader } from "./section-header";

/** The load-failure message: a toast once live, in the page without JavaScript. */
export function LoadFailure({ message }: { message: string | null }) {
  const inline = useToast(message, message ?? undefined, "error");
  return message && inline ? <Notice tone="error">{message}</Notice> : null;
}

/**
 * The frame of a manager page: the section header with its Add link (hidden while a form is
 * open; none for a manager whose rows visitors create, such as testimonials), the load failure,
 * the page's own content, and the delete dialog.
 */
export function ManagerPage({
  section,
  addLabel,
  addHref = `${section.path}?new=1`,
  formOpen,
  loadError,
  manager,
  dialog,
  children,
}: {
  section: AdminSection;
  addLabel?: string;
  addHref?: string;
  formOpen: boolean;
  loadError: string | null;
  manager: Manager;
  dialog: ReturnType<typeof useDeleteDialog>;
  children: ReactNode;
}) {
  return (
    <div className="space-y-6">
      <SectionHeader section={section}>
        {formOpen || !addLabel ? null : (
          <Link to={addHref} className={primaryButton}>
            {addLabel}
          </Link>
        )}
      </SectionHeader>
      <LoadFailure message={loadError} />
      {children}
      <ConfirmDeleteDialog
        manager={manager}
        request={dialog.request}
        onClose={dialog.close}
        returnFocusTo={dialog.trigger}
      />
    </div>
  );
}
