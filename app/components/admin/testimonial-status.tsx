import type { TestimonialStatus } from "~/db/schema";
import { testimonialModerationMessages } from "~/lib/admin/messages/testimonials";
import type { Manager } from "./manager-state";
import { smallSecondary } from "./styles";

// A testimonial's status in words, never colour alone, and the Approve and Hide buttons of its
// row (issue 25): each a real form, so moderation works without JavaScript.

const m = testimonialModerationMessages;

const tones: Record<TestimonialStatus, string> = {
  approved: "bg-emerald-100 text-emerald-800",
  pending: "bg-amber-100 text-amber-900",
  hidden: "bg-slate-200 text-slate-700",
};

export function TestimonialStatusBadge({ status }: { status: TestimonialStatus }) {
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${tones[status]}`}>
      {m.status[status]}
    </span>
  );
}

/** Approve (unless approved) and Hide (unless hidden), for the testimonial `name`. */
export function TestimonialStatusButtons({
  manager,
  id,
  name,
  status,
}: {
  manager: Manager;
  id: number;
  name: string;
  status: TestimonialStatus;
}) {
  const { fetcher } = manager;
  const buttons = [
    ...(status === "approved" ? [] : [{ intent: "approve", label: m.approve }]),
    ...(status === "hidden" ? [] : [{ intent: "hide", label: m.hide }]),
  ];
  return (
    <>
      {buttons.map(({ intent, label }) => (
        <fetcher.Form key={intent} method="post">
          <input type="hidden" name="intent" value={intent} />
          <input type="hidden" name="id" value={id} />
          <button type="submit" disabled={manager.busyIntent === intent} className={smallSecondary}>
            {label}
            <span className="sr-only"> {name}</span>
          </button>
        </fetcher.Form>
      ))}
    </>
  );
}
