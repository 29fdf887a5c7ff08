import { Link, useLoaderData, type MetaFunction } from "react-router";
import type { Route } from "./+types/tests";
import { ConfirmDeletePanel, useDeleteDialog } from "~/components/admin/confirm-delete";
import { ManagerPage } from "~/components/admin/manager-page";
import { failureOf, postedValues, useManager } from "~/components/admin/manager-state";
import { PracticeTestForm } from "~/components/admin/practice-test-editor";
import {
  PublishButton,
  TestStatusBadge,
  TestTable,
  testDeleteRequest,
  ViewOnSite,
} from "~/components/admin/practice-test-list";
import { BankPicker, TestQuestionList } from "~/components/admin/practice-test-questions";
import { viewHref } from "~/components/admin/list-controls";
import { Notice } from "~/components/admin/notice";
import { smallSecondary } from "~/components/admin/styles";
import { answerTestsForm, loadTestsManager } from "~/lib/admin/practice-test-actions.server";
import { practiceTestMessages as m } from "~/lib/admin/messages/practice-tests";
import { adminSection } from "~/lib/admin/sections";
import { requireAdmin } from "~/lib/auth/guard.server";
import { practiceTestDefaults } from "~/lib/schemas/admin/practice-test";
import { dbContext } from "~/lib/request-context";

// The timed tests' manager (issue 47): the list of tests; the editor of one (its fields, its
// questions in the paper's order, and the picker that adds published questions of the bank);
// publish with the composition check, which freezes the questions' versions. Loader and action
// begin with the guard; the work is ~/lib/admin/practice-test-actions.server.ts.

const section = adminSection("tests");
const home = section.path;

export const meta: MetaFunction = () => [{ title: `${section.title} · Admin` }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  await requireAdmin(db, request);
  return loadTestsManager(db, request);
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const admin = await requireAdmin(db, request);
  return answerTestsForm(db, request, admin);
}

export default function TestsManager() {
  const { tests, editing, confirming, adding, loadError } = useLoaderData<typeof loader>();
  const manager = useManager();
  const dialog = useDeleteDialog();
  const saveFailure = failureOf(manager, ["create", "update"]);
  // A refused save reopens the form it came from: a new test's, or the edited test's.
  const refusedId = saveFailure?.values.intent === "update" ? Number(saveFailure.values.id) : null;
  const updating = saveFailure ? refusedId !== null : editing !== null;
  const open = adding || editing !== null || saveFailure !== undefined;
  const values = saveFailure
    ? postedValues(saveFailure.values, ["is_sample"])
    : (editing?.values ?? { ...practiceTestDefaults });
  const otherFailure = manager.failure && manager.inline && !saveFailure ? manager.failure.formError : undefined;
  // What the publish check found is a paragraph to act on: with scripts it stays in the page as
  // well as in the 4-second toast (without them, the refusal is in the page already).
  const publishProblems =
    !manager.inline && manager.failure?.formError?.startsWith(m.publishRefused) ? manager.failure.formError : undefined;

  return (
    <ManagerPage
      section={section}
      addLabel={m.add}
      formOpen={open}
      loadError={loadError}
      manager={manager}
      dialog={dialog}
    >
      {otherFailure ? <Notice tone="error">{otherFailure}</Notice> : null}
      {publishProblems ? <Notice tone="error">{publishProblems}</Notice> : null}
      {open ? (
        <div className="space-y-6">
          {editing ? (
            <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
              <TestStatusBadge status={editing.status} />
              <span className="break-all">{m.address(editing.slug)}</span>
              {editing.status === "published" ? <ViewOnSite slug={editing.slug} /> : null}
              <span>{m.attemptsLine(editing.started, editing.submitted)}</span>
              <PublishButton manager={manager} id={editing.id} status={editing.status} title={editing.title} />
              <Link to={`${home}/${editing.id}/stats`} className={smallSecondary}>
                {m.stats}
              </Link>
            </div>
          ) : null}
          <PracticeTestForm
            manager={manager}
            editing={updating ? { id: refusedId ?? editing!.id } : undefined}
            values={values}
            failure={saveFailure}
            cancelTo={viewHref(home, tests.view)}
          />
          {editing ? (
            <>
              <TestQuestionList editor={editing} manager={manager} />
              <BankPicker editor={editing} manager={manager} home={home} />
            </>
          ) : (
            <p className="text-slate-700">{m.saveFirst}</p>
          )}
        </div>
      ) : null}
      {confirming ? (
        <ConfirmDeletePanel
          manager={manager}
          request={testDeleteRequest(confirming.id, confirming.title)}
          cancelTo={viewHref(home, tests.view)}
        />
      ) : null}
      <TestTable list={tests} loadError={loadError} home={home} manager={manager} onDelete={dialog.open} />
    </ManagerPage>
  );
}
