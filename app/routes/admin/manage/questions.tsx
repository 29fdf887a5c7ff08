import { useLoaderData, type MetaFunction } from "react-router";
import type { Route } from "./+types/questions";
import { ConfirmDeletePanel, useDeleteDialog } from "~/components/admin/confirm-delete";
import { ManagerPage } from "~/components/admin/manager-page";
import { failureOf, postedValues, useManager } from "~/components/admin/manager-state";
import { QuestionEditor } from "~/components/admin/question-editor";
import { QuestionFilesPanel } from "~/components/admin/question-files-panel";
import { QuestionFilters, QuestionTable, QuestionTabs } from "~/components/admin/question-list";
import { BulkBar, BulkConfirmPanel, BulkProvider, useBulk, useFocusSavedRow } from "~/components/admin/list-controls";
import { questionList } from "~/lib/admin/admin-lists";
import { ReportsQueue, ReportStatusLinks } from "~/components/admin/question-reports";
import { Pagination } from "~/components/content/pagination";
import { pageHref } from "~/core/pagination";
import {
  answerQuestionsForm,
  loadQuestionsManager,
  type ImportFailure,
  type ImportPreview,
  type PreviewAnswer,
} from "~/lib/admin/question-actions.server";
import { commonMessages } from "~/lib/admin/messages/common";
import { questionBankMessages } from "~/lib/admin/messages/questions";
import { adminSection } from "~/lib/admin/sections";
import { requireAdmin } from "~/lib/auth/guard.server";
import { CORRECT_FIELDS, questionDefaults, questionFilterParams } from "~/lib/schemas/admin/question";
import { dbContext } from "~/lib/request-context";

// The question bank's manager (issue 46): questions (filtered list, editor with the server's
// preview, publish, delete), visitors' reports, and import and export, as tabs of one page whose
// state is its address. Loader and action begin with the guard; the work is
// ~/lib/admin/question-actions.server.ts.

const section = adminSection("questions");
const m = questionBankMessages;
const home = section.path;

export const meta: MetaFunction = () => [{ title: `${section.title} · Admin` }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  await requireAdmin(db, request);
  return loadQuestionsManager(db, request);
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const admin = await requireAdmin(db, request);
  return answerQuestionsForm(db, request, admin);
}

type Answer = PreviewAnswer | ImportPreview | ImportFailure | undefined;

export default function QuestionsManager() {
  const page = useLoaderData<typeof loader>();
  const { tab, filter, questions, reports, editing, confirming, newReports, loadError, reportStatus, adding } = page;
  const manager = useManager();
  const dialog = useDeleteDialog();
  const bulk = useBulk(tab === "questions");
  useFocusSavedRow();
  const answer = manager.answer as Answer;
  const preview = answer?.ok && answer.intent === "preview" ? answer : undefined;
  const saveFailure = failureOf(manager, ["create", "update"]);
  const importFailure = failureOf(manager, ["import-preview", "import-confirm"]) as ImportFailure | undefined;
  const importPreview = answer?.ok && answer.intent === "import-preview" ? answer : null;

  const params = questionFilterParams(filter);
  const listQuery = new URLSearchParams({ ...params, ...(questions.page > 1 ? { page: String(questions.page) } : {}) });
  const listSearch = listQuery.toString();
  const cancelTo = listSearch ? `${home}?${listSearch}` : home;

  const started = saveFailure?.values ?? preview?.values;
  const open = adding || editing !== null || started !== undefined;
  const values = started
    ? postedValues(started, [...CORRECT_FIELDS, "is_sample"])
    : (editing?.values ?? { ...questionDefaults });
  const updating = started ? started.id !== undefined : editing !== null;
  const errors = saveFailure?.fieldErrors ?? preview?.preview.errors ?? {};
  const filtered = Object.keys(params).length > 0;

  return (
    <ManagerPage
      section={section}
      addLabel={m.add}
      formOpen={open}
      loadError={loadError}
      manager={manager}
      dialog={dialog}
    >
      <QuestionTabs tab={tab} home={home} newReports={newReports} />
      {manager.failure?.formError && manager.inline && !saveFailure && !importFailure ? (
        <p
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
        >
          {manager.failure.formError}
        </p>
      ) : null}
      {open ? (
        <QuestionEditor
          key={editing?.id ?? "new"}
          manager={manager}
          edited={updating && editing ? editing : undefined}
          values={values}
          errors={errors}
          failure={saveFailure}
          preview={preview?.preview ?? null}
          cancelTo={cancelTo}
        />
      ) : null}
      {confirming ? (
        <ConfirmDeletePanel
          manager={manager}
          request={{
            fields: { intent: "delete", id: String(confirming.id) },
            title: commonMessages.deleteTitle(m.what),
            prompt: m.confirmDelete,
            name: confirming.title,
          }}
          cancelTo={cancelTo}
        />
      ) : null}
      {tab === "questions" ? (
        <BulkProvider selection={bulk}>
          <BulkConfirmPanel
            manager={manager}
            list={questionList}
            step={page.bulk}
            error={page.bulkError}
            name={(row) => row.title}
            cancelTo={cancelTo}
          />
          <QuestionFilters filter={filter} home={home} exportQuery={new URLSearchParams(params).toString()} />
          <BulkBar
            selection={bulk}
            home={home}
            list={questionList}
            view={{
              params,
              q: filter.q,
              sort: filter.sort,
              dir: "desc",
              page: questions.page,
              filters: params,
              filtered,
            }}
            manager={manager}
            what="questions"
            nameOf={(id) => questions.items.find((row) => String(row.id) === id)?.title}
          />
          <QuestionTable
            rows={questions.items}
            empty={loadError ?? (filtered ? m.noMatch : m.empty)}
            home={home}
            search={listSearch}
            manager={manager}
            onDelete={dialog.open}
          />
          <Pagination
            label={m.pagination}
            page={questions.page}
            hasNext={questions.hasNext}
            href={(n) => pageHref(home, params, n)}
          />
        </BulkProvider>
      ) : null}
      {tab === "reports" ? (
        <>
          <ReportStatusLinks home={home} status={reportStatus} />
          <ReportsQueue
            reports={reports.items}
            status={reportStatus}
            home={home}
            manager={manager}
            empty={loadError ?? m.noReports[reportStatus]!}
          />
          <Pagination
            label={m.reportPagination}
            page={reports.page}
            hasNext={reports.hasNext}
            href={(n) =>
              pageHref(home, { tab: "reports", ...(reportStatus === "resolved" ? { reports: "resolved" } : {}) }, n)
            }
          />
        </>
      ) : null}
      {tab === "files" ? (
        <QuestionFilesPanel
          manager={manager}
          failure={importFailure}
          preview={importPreview}
          cancelTo={`${home}?tab=files`}
        />
      ) : null}
    </ManagerPage>
  );
}
