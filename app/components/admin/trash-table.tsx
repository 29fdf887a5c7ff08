import { auditLabels, trashableTables } from "~/db/audited-tables";
import type { TrashEntry } from "~/db/queries/trash.server";
import { historyMessages } from "~/lib/admin/messages/history";
import { activityMessages } from "~/lib/admin/messages/activity";
import { commonMessages } from "~/lib/admin/messages/common";
import { IstTime } from "./ist-time";
import type { Manager } from "./manager-state";
import { EmptyRow, HeaderRow, TableRegion, td } from "./manager-table";
import { Notice } from "./notice";
import { smallSecondary } from "./styles";

// The trash's list (issue 48): each deleted item, who deleted it and when, when it goes for good,
// and Restore, a one-button form (a refusal says why: a title now taken, a parent deleted).

const t = historyMessages.trash;

export function TrashTable({
  items,
  manager,
  loadError,
}: {
  items: (TrashEntry & { section: string })[];
  manager: Manager;
  loadError: string | null;
}) {
  const { fetcher } = manager;
  const busyId = manager.busyIntent === "restore" ? String(fetcher.formData?.get("id") ?? "") : null;
  return (
    <>
      <p className="text-slate-700">{t.note}</p>
      <p className="text-sm text-slate-600">{t.kinds(trashableTables.map((table) => auditLabels[table]))}</p>
      {manager.failure && manager.inline ? <Notice tone="error">{manager.failure.formError}</Notice> : null}
      <TableRegion label={commonMessages.tableRegion(t.table)} actions>
        <HeaderRow columns={[t.item, t.section, t.deletedBy, t.deletedAt, t.purgedOn, commonMessages.actions]} />
        <tbody>
          {items.length === 0 ? <EmptyRow colSpan={6} text={loadError ?? t.empty} /> : null}
          {items.map((item) => (
            <tr key={item.id}>
              <td className={`${td} break-words`}>{item.title}</td>
              <td className={td}>{item.section}</td>
              <td className={`${td} break-all`}>{item.deletedBy ?? activityMessages.unknownActor}</td>
              <td className={`${td} whitespace-nowrap`}>
                <IstTime iso={item.deletedAt} />
              </td>
              <td className={`${td} whitespace-nowrap`}>
                <IstTime iso={item.purgeAt} />
              </td>
              <td className={td}>
                <fetcher.Form method="post">
                  <input type="hidden" name="intent" value="restore" />
                  <input type="hidden" name="id" value={item.id} />
                  <button
                    type="submit"
                    disabled={busyId === String(item.id)}
                    aria-label={t.restoreLabel(`${item.section} ${item.title}`)}
                    className={smallSecondary}
                  >
                    {busyId === String(item.id) ? t.restoring : t.restore}
                  </button>
                </fetcher.Form>
              </td>
            </tr>
          ))}
        </tbody>
      </TableRegion>
    </>
  );
}
