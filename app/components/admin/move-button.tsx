import type { Manager } from "./manager-state";
import { smallSecondary } from "./styles";

/**
 * One arrow of a list's order (spec §4 "Banner order"): a form of its own, so it works without
 * JavaScript; disabled at the ends and while any of the manager's forms is on its way.
 */
export function MoveButton({
  manager,
  id,
  direction,
  label,
  disabled,
}: {
  manager: Manager;
  id: number;
  direction: "up" | "down";
  /** What the arrow does, e.g. 'Move banner 2 up'. */
  label: string;
  disabled: boolean;
}) {
  const { fetcher } = manager;
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="direction" value={direction} />
      <button
        type="submit"
        disabled={disabled || manager.busyIntent !== null}
        aria-label={label}
        title={label}
        className={`${smallSecondary} w-10 px-0`}
      >
        <span aria-hidden="true">{direction === "up" ? "↑" : "↓"}</span>
      </button>
    </fetcher.Form>
  );
}
