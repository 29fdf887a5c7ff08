import type { Route } from "./+types/gate-export";
import { listPaperYears } from "~/db/queries/gate-papers.server";
import { listAllRankPoints } from "~/db/queries/gate-rank-points.server";
import { csvDownload } from "~/lib/admin/downloads.server";
import { gateCsv, type GateCsvKind } from "~/lib/admin/gate-csv";
import { requireAdmin } from "~/lib/auth/guard.server";
import { dbContext } from "~/lib/request-context";

// The GATE data manager's CSV downloads (issue 24): /admin/gate-export/paper-years.csv and
// rank-points.csv, every row, in the columns the import reads, so that a file exported, edited in a
// spreadsheet and imported again round-trips. Labels a spreadsheet would run as formulas get a '
// (toCsv), which the import takes off again (parseCsv), so the round trip stores nothing new
// (issue 42). Admin-only, like the panel; never cached.

const files: Record<string, GateCsvKind> = { "paper-years.csv": "paper-years", "rank-points.csv": "rank-points" };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  await requireAdmin(db, request);
  const kind = files[params.file ?? ""];
  if (!kind) throw new Response("Not Found", { status: 404 });
  const rows = kind === "paper-years" ? await listPaperYears(db) : await listAllRankPoints(db);
  return csvDownload(gateCsv(kind, rows), `gate-${params.file}`);
}
