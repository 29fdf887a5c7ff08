import { setImmediate as nextTurn } from "node:timers/promises";
import { data } from "react-router";
import type { z } from "zod";
import type { AdminActor } from "~/db/audited-write.server";
import type { DB } from "~/db/client.server";
import { importPaperYears, importRankPoints, type ImportOutcome } from "~/db/queries/gate-import.server";
import {
  deleteGatePaper,
  getPaperDeletionImpact,
  listGatePapers,
  listGatePapersForAdmin,
  type GatePaper,
  paperCodeTaken,
} from "~/db/queries/gate-papers.server";
import { listPracticeSubcategories } from "~/db/queries/gate-subjects.server";
import {
  gatePaperWrites,
  paperYearTaken,
  paperYearWrites,
  previousPaperWrites,
  rankPointWrites,
  subjectWrites,
} from "~/db/queries/gate-writes.server";
import { GatePaperSchema } from "~/lib/schemas/admin/gate-paper";
import { CHOOSE_PAPER } from "~/lib/schemas/admin/gate-fields";
import { GatePaperYearSchema } from "~/lib/schemas/admin/gate-paper-year";
import { GatePreviousPaperSchema } from "~/lib/schemas/admin/gate-previous-paper";
import { GateRankPointSchema } from "~/lib/schemas/admin/gate-rank-point";
import { GateSubjectSchema, type GateSubjectInput } from "~/lib/schemas/admin/gate-subject";
import { readFormData } from "~/lib/forms/read-form.server";
import type { FieldErrors } from "~/lib/forms/submission";
import { formValues } from "~/lib/schemas/fields";
import { CSV_ERRORS_SHOWN, CSV_MAX_BYTES, checkGateCsv, csvMessages, type GateCsvKind } from "./gate-csv";
import { listBack } from "~/core/list-query";
import {
  pagePaperYearsForAdmin,
  pagePreviousPapersForAdmin,
  pageRankPointsForAdmin,
  pageSubjectsForAdmin,
} from "~/db/queries/gate-lists.server";
import { gateLists } from "./admin-lists";
import { planGateImport, type ImportPlan } from "./gate-import-plan.server";
import { answerBulk, emptyList, readList } from "./list-actions.server";
import { gateKinds, type GateKind } from "./gate-managers";
import {
  answerCrud,
  attempt,
  done,
  loadPage,
  refusedImport,
  unreadable,
  withPostedForm,
  type CrudOptions,
} from "./manager-actions.server";
import { mediaChoices, withMediaFields, type MediaChoices, type MediaFieldSpec } from "./media-fields.server";
import {
  gateCsvMessages,
  gatePaperMessages,
  gatePreviousPaperMessages,
  gateRankPointMessages,
  gateSubjectMessages,
  gateYearMessages,
} from "./messages/gate-data";
import { adminSection } from "./sections";

// The loaders and actions of the GATE data manager's five pages (issue 24), on the managers' kit:
// a row must name a paper that exists (and, for paper-years and previous papers, a year that paper
// has no row for yet), and the paper-years and rank-points pages also take a CSV import. Callers
// run requireAdmin first and pass the admin it returns.

const c = gateCsvMessages;

/**
 * A checked file, not applied yet (issue 48): what the import will add, change and remove, the
 * text the confirmation posts again, and the digest it must still match.
 */
export interface ImportPreview extends ImportPlan {
  ok: true;
  intent: "import-preview";
  csv: string;
  /** Set when a confirmation found the saved data changed since the preview it confirmed. */
  stale: boolean;
}

/** The refusal of an import: the form's shape, plus every error of the file by line. */
export type { ImportFailure } from "./manager-actions.server";

/** A paper-year key already used by another row, as the form's field error. */
function uniquePaperYear(
  table: "gate_paper_years" | "gate_previous_papers",
  taken: string,
  values: Record<string, string>,
) {
  const id = values.intent === "update" ? Number(values.id) : null;
  return async (input: { paper_id: number; year: number }, db: DB): Promise<FieldErrors | null> =>
    (await paperYearTaken(db, table, input, id)) ? { year: taken } : null;
}

/** Refuses a paper id that names no paper (a stale select, a crafted post). */
async function paperExists(input: { paper_id: number }, db: DB): Promise<FieldErrors | null> {
  const papers = await listGatePapers(db);
  return papers.some((p) => p.id === input.paper_id) ? null : { paper_id: CHOOSE_PAPER };
}

/** The checks in turn; the first refusal wins. */
const checks =
  <I>(...all: ((input: I, db: DB) => Promise<FieldErrors | null>)[]) =>
  async (input: I, db: DB) => {
    for (const check of all) {
      const errors = await check(input, db);
      if (errors) return errors;
    }
    return null;
  };

function importRefused(errors: string[], pasted: string) {
  return refusedImport(c.failed(errors.length), errors, CSV_ERRORS_SHOWN, { intent: "import", csv: pasted });
}

const importers: Record<GateCsvKind, (db: DB, actor: AdminActor, rows: never[]) => Promise<ImportOutcome>> = {
  "paper-years": importPaperYears,
  "rank-points": importRankPoints,
};

/**
 * The action of a page that takes a CSV import of `kind` as well as its one-row forms: the file
 * (or pasted text) is checked whole and applied whole; any other intent goes to answerCrud.
 */
async function handleGateCsvPage<S extends z.ZodType>(
  db: DB,
  request: Request,
  admin: AdminActor,
  kind: GateCsvKind,
  crud: (values: Record<string, string>) => CrudOptions<S>,
) {
  // Room for the file and the form around it.
  const form = await readFormData(request, CSV_MAX_BYTES + 16 * 1024);
  if (!form.ok) {
    return form.reason === "too-large" ? importRefused([csvMessages.tooLarge], "") : unreadable();
  }
  const values = formValues(form.data);
  if (values.intent !== "import" && values.intent !== "import-confirm")
    return answerRows(db, request, values, admin, crud);

  const file = form.data.get("file");
  const pasted = values.csv ?? "";
  let text = pasted;
  // The confirmation carries the checked text itself; only the first step takes a file.
  if (values.intent === "import" && file instanceof File && file.size > 0) {
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
    } catch {
      return importRefused([c.unreadable], pasted);
    }
  }
  if (text.trim() === "") return importRefused([c.nothing], pasted);

  const papers = await listGatePapers(db);
  const checked = await checkGateCsv(kind, text, papers);
  if (!checked.ok) return importRefused(checked.errors, pasted);
  // Issue 48: the first step shows what the import will add, change and remove; the second
  // applies it, only if that is still what it would do.
  // A turn of the event loop before the plan and before the import: on SQLite each runs without
  // one (the reads and the transaction are synchronous), and back to back with the check's last
  // rows they held other requests for 65–126 ms of CPU on 5,000 rows; apart, 32–64 ms.
  await nextTurn();
  const plan = await planGateImport(db, kind, checked.rows, papers);
  const preview = (stale: boolean) =>
    data<ImportPreview>({ ok: true, intent: "import-preview", ...plan, csv: text, stale });
  if (values.intent === "import" || values.digest !== plan.digest) return preview(values.intent !== "import");
  const rows = checked.rows.map(({ row: _row, ...row }) => row);
  await nextTurn();
  const result = await attempt(`import ${kind}`, () => importers[kind](db, admin, rows as never[]));
  if (!result.ok) return importRefused([c.saveFailed], pasted);
  return done(crud(values).home, c.imported(result.value));
}

/** The chosen free tests must exist. */
async function subcategoryExists(input: GateSubjectInput, db: DB) {
  if (input.free_test_subcategory_id === null) return null;
  const known = await listPracticeSubcategories(db);
  return known.some((s) => s.id === input.free_test_subcategory_id)
    ? null
    : { free_test_subcategory_id: gateSubjectMessages.chooseSubcategory };
}

/** Each paper with what deleting it would take along (papers are few). */
async function papersWithImpact(db: DB) {
  const papers = await listGatePapersForAdmin(db);
  return Promise.all(papers.map(async (paper) => ({ ...paper, impact: await getPaperDeletionImpact(db, paper.id) })));
}

/** The rank points of the paper the page filters by (?paper=CH), or of every paper: a page of them (issue 48). */
async function rankPointsPage(db: DB, request: Request) {
  const url = new URL(request.url);
  const code = (url.searchParams.get("paper") ?? "").toUpperCase();
  const list = gateLists["gate-rank-points"];
  const page = await loadPage(
    db,
    "gate rank points",
    gateRankPointMessages,
    { points: () => readList(db, list, url, pageRankPointsForAdmin), papers: listGatePapers },
    { points: emptyList<RankPointRow>(list, url), papers: [] },
  );
  return { ...page, filter: page.papers.some((p) => p.code === code) ? code : "" };
}

type RankPointRow = Awaited<ReturnType<typeof pageRankPointsForAdmin>>["items"][number];

/** A page's own reads with the paper list its forms' select offers, and which page it is. */
async function withPapers<K extends GateKind, T extends Record<string, unknown>>(
  db: DB,
  kind: K,
  messages: { loadFailed: string },
  reads: { [N in keyof T]: (db: DB) => Promise<T[N]> },
  empty: { [N in keyof T]: T[N] },
) {
  const page = await loadPage<T & { papers: GatePaper[] }, T & { papers: GatePaper[] }>(
    db,
    kind,
    messages,
    { ...reads, papers: listGatePapers } as {
      [N in keyof (T & { papers: GatePaper[] })]: (db: DB) => Promise<(T & { papers: GatePaper[] })[N]>;
    },
    { ...empty, papers: [] },
  );
  return { kind, ...page };
}

/** What a GATE data page shows, by its kind. */
export async function loadGateManager(db: DB, kind: GateKind, request: Request) {
  const url = new URL(request.url);
  switch (kind) {
    case "gate-papers":
      return { kind, ...(await loadPage(db, kind, gatePaperMessages, { papers: papersWithImpact }, { papers: [] })) };
    case "gate-years":
      return withPapers(
        db,
        kind,
        gateYearMessages,
        { years: () => readList(db, gateLists[kind], url, pagePaperYearsForAdmin) },
        { years: emptyList<Awaited<ReturnType<typeof pagePaperYearsForAdmin>>["items"][number]>(gateLists[kind], url) },
      );
    case "gate-rank-points":
      return { kind, ...(await rankPointsPage(db, request)) };
    case "gate-previous-papers":
      return withPapers(
        db,
        kind,
        gatePreviousPaperMessages,
        {
          rows: () => readList(db, gateLists[kind], url, pagePreviousPapersForAdmin),
          media: (): Promise<MediaChoices | undefined> => mediaChoices(db, ["document"]),
        },
        {
          rows: emptyList<Awaited<ReturnType<typeof pagePreviousPapersForAdmin>>["items"][number]>(
            gateLists[kind],
            url,
          ),
          media: undefined,
        },
      );
    case "gate-subjects":
      return withPapers(
        db,
        kind,
        gateSubjectMessages,
        {
          subjects: () => readList(db, gateLists[kind], url, pageSubjectsForAdmin),
          subcategories: listPracticeSubcategories,
        },
        {
          subjects: emptyList<Awaited<ReturnType<typeof pageSubjectsForAdmin>>["items"][number]>(gateLists[kind], url),
          subcategories: [],
        },
      );
  }
}

/** The options of a page's one-row forms, given what was posted (an update's id). */
function crudOf(kind: GateKind, values: Record<string, string>) {
  const id = values.intent === "update" ? Number(values.id) : null;
  const codeFree = async (input: { code: string }, db: DB) =>
    (await paperCodeTaken(db, input.code, id)) ? { code: gatePaperMessages.codeTaken } : null;
  const byKind = {
    "gate-papers": [GatePaperSchema, gatePaperMessages, codeFree, { ...gatePaperWrites, remove: deleteGatePaper }],
    "gate-years": [
      GatePaperYearSchema,
      gateYearMessages,
      checks(paperExists, uniquePaperYear("gate_paper_years", gateYearMessages.taken, values)),
      paperYearWrites,
    ],
    "gate-rank-points": [GateRankPointSchema, gateRankPointMessages, paperExists, rankPointWrites],
    "gate-previous-papers": [
      GatePreviousPaperSchema,
      gatePreviousPaperMessages,
      checks(paperExists, uniquePaperYear("gate_previous_papers", gatePreviousPaperMessages.taken, values)),
      previousPaperWrites,
    ],
    "gate-subjects": [GateSubjectSchema, gateSubjectMessages, checks(paperExists, subcategoryExists), subjectWrites],
  } as const;
  const [schema, messages, check, writes] = byKind[kind];
  return {
    schema,
    messages,
    check,
    writes,
    home: adminSection(kind).path,
    what: kind,
  } as unknown as CrudOptions<z.ZodType>;
}

/** The official PDFs of a previous-year paper (issue 45): uploaded in place or picked from the library. */
const previousPaperFiles: MediaFieldSpec[] = [
  { name: "question_paper_url", kind: "document", label: "Question paper URL" },
  { name: "answer_key_url", kind: "document", label: "Answer key URL" },
];

/** The answer to a POST to a GATE data page: a one-row create, update or delete, or a CSV import. */
/**
 * A one-row write, back to the list as it was viewed, or a bulk delete (issue 48), each row by
 * the page's own delete.
 */
function answerRows<S extends z.ZodType>(
  db: DB,
  request: Request,
  values: Record<string, string>,
  admin: AdminActor,
  crud: (values: Record<string, string>) => CrudOptions<S>,
) {
  const options = crud(values);
  const kind = gateKinds.find((k) => adminSection(k).path === options.home);
  const list = kind && kind !== "gate-papers" ? gateLists[kind] : undefined;
  if (values.intent === "bulk" && list) {
    return answerBulk(db, request, values, {
      admin,
      list,
      home: options.home,
      writes: { delete: (_db, actor, id) => options.writes.remove(db, actor, id) },
    });
  }
  return answerCrud(db, values, admin, { ...options, home: listBack(options.home, request.url) });
}

export function answerGateManager(db: DB, kind: GateKind, request: Request, admin: AdminActor) {
  const crud = (values: Record<string, string>) => crudOf(kind, values);
  if (kind === "gate-years") return handleGateCsvPage(db, request, admin, "paper-years", crud);
  if (kind === "gate-rank-points") return handleGateCsvPage(db, request, admin, "rank-points", crud);
  if (kind === "gate-previous-papers") {
    return withMediaFields(
      db,
      request,
      admin,
      previousPaperFiles,
      (values) => answerRows(db, request, values, admin, crud),
      () => GatePreviousPaperSchema,
    );
  }
  return withPostedForm(request, (values) => answerRows(db, request, values, admin, crud));
}
