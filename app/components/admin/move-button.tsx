import type { Manager } from "./manager-state";
import { td } from "./manager-table";
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

/**
 * The Order column's cell (banners, FAQs): the row's place, and its arrows while the list shows
 * the whole order (`position` known: the plain list, not a filtered one). Up is disabled for the
 * first row, down for the last of the list (`last`).
 */
export function OrderCell({
  manager,
  id,
  position,
  place,
  last,
  texts,
}: {
  manager: Manager;
  id: number;
  /** The row's place in the whole order, or null when the list is filtered. */
  position: number | null;
  /** The place shown: the position, or the row's own display order. */
  place: number;
  last: boolean;
  texts: { moveUp: (place: number) => string; moveDown: (place: number) => string };
}) {
  return (
    <td className={td}>
      <div className="flex items-center gap-2">
        <span className="w-6 text-center font-semibold tabular-nums">{place}</span>
        {position === null ? null : (
          <>
            <MoveButton
              manager={manager}
              id={id}
              direction="up"
              label={texts.moveUp(place)}
              disabled={position === 1}
            />
            <MoveButton manager={manager} id={id} direction="down" label={texts.moveDown(place)} disabled={last} />
          </>
        )}
      </div>
    </td>
  );
}
