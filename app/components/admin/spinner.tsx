import { authMessages } from "~/lib/auth/messages";

/** 'Loading...' with a spinner, announced politely (spec §2: all admin screens while fetching). */
export function Spinner({ label = authMessages.shell.loading }: { label?: string }) {
  return (
    <output className="flex items-center gap-3 py-6 text-slate-700">
      <span
        aria-hidden="true"
        className="inline-block size-6 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700"
      />
      <span>{label}</span>
    </output>
  );
}
