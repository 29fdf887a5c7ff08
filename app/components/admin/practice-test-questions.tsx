import { Form } from "react-router";
import { Pagination } from "~/components/content/pagination";
import { pageHref } from "~/core/pagination";
import type { BankRow, TestEditor, TestQuestionRow } from "~/lib/admin/practice-test-actions.server";
import { practiceTestMessages as m } from "~/lib/admin/messages/practice-tests";
import { BANK_SEARCH_MAX, type BankSearch } from "~/lib/schemas/admin/practice-test";
import { FilterActions, filterGrid, QuestionSearchFields, wideOnPhone } from "./filter-fields";
import type { Manager } from "./manager-state";
import { Notice } from "./notice";
import { Panel } from "./panel";
import { smallDanger, smallSecondary } from "./styles";

// A test's questions in the editor (issue 47): the paper in order, General Aptitude then the
// subject, each question with its type, marks and the version the test uses (frozen once
// published), moved up or down within its section or removed; and beneath it the picker, which
// searches the published bank by subject, topic, type or words (a GET form: the search has its own
// address, without JavaScript too) and adds a question to its section. Cards rather than a table,
// so a 375 px screen reads them without scrolling sideways. Every button is a form of its own.

const sectionOrder = ["ga", "subject"] as const;

function versionText(q: TestQuestionRow) {
  return q.frozenVersion === null
    ? m.versionCurrent(q.currentVersion)
    : m.versionFrozen(q.frozenVersion, q.currentVersion);
}

/** One button of the list: a form posting the test, the position and what to do. */
function ListButton({
  manager,
  testId,
  fields,
  label,
  children,
  danger = false,
  disabled = false,
}: {
  manager: Manager;
  testId: number;
  fields: Record<string, string>;
  /** What the button does, for screen readers and the tooltip. */
  label: string;
  children: React.ReactNode;
  danger?: boolean;
  disabled?: boolean;
}) {
  const { fetcher } = manager;
  return (
    // The redirect back keeps the page where it was: a mock is built by many of these.
    <fetcher.Form method="post" preventScrollReset>
      <input type="hidden" name="id" value={testId} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button
        type="submit"
        disabled={disabled || manager.busyIntent !== null}
        aria-label={label}
        title={label}
        className={danger ? smallDanger : `${smallSecondary} min-w-10`}
      >
        {children}
      </button>
    </fetcher.Form>
  );
}

function QuestionCard({
  q,
  manager,
  testId,
  editable,
  first,
  last,
}: {
  q: TestQuestionRow;
  manager: Manager;
  testId: number;
  editable: boolean;
  first: boolean;
  last: boolean;
}) {
  const position = String(q.position);
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3" data-testid="test-question">
      <div className="min-w-0 flex-1 basis-64">
        <p className="font-medium break-words text-slate-900">
          <span className="mr-2 font-semibold text-slate-700">Q{q.position}.</span>
          {q.title}
        </p>
        <p className="mt-1 text-sm text-slate-600">
          {q.subject} · {q.topic}
        </p>
        <p className="mt-1 text-sm text-slate-700">
          {m.types[q.type] ?? q.type} · {m.marks(q.marks)} · {versionText(q)}
          {q.published ? null : <span className="ml-1 font-semibold text-red-800"> · {m.questionDraft}</span>}
        </p>
      </div>
      {editable ? (
        <div className="flex flex-wrap gap-2">
          <ListButton
            manager={manager}
            testId={testId}
            fields={{ intent: "move-question", position, direction: "up" }}
            label={m.moveUp(q.position)}
            disabled={first}
          >
            <span aria-hidden="true">↑</span>
          </ListButton>
          <ListButton
            manager={manager}
            testId={testId}
            fields={{ intent: "move-question", position, direction: "down" }}
            label={m.moveDown(q.position)}
            disabled={last}
          >
            <span aria-hidden="true">↓</span>
          </ListButton>
          <ListButton
            manager={manager}
            testId={testId}
            fields={{ intent: "remove-question", position }}
            label={`${m.remove} Q${q.position}`}
            danger
          >
            {m.remove}
          </ListButton>
        </div>
      ) : null}
    </li>
  );
}

/** The marks of some questions. */
const total = (list: TestQuestionRow[]) => list.reduce((sum, q) => sum + q.marks, 0);

/** The test's paper by section, with its totals. */
export function TestQuestionList({ editor, manager }: { editor: TestEditor; manager: Manager }) {
  const { questions } = editor;
  const ga = questions.filter((q) => q.section === "ga");
  const subject = questions.filter((q) => q.section === "subject");
  return (
    <Panel heading={m.questionsHeading}>
      <p className="mt-1 text-sm text-slate-600">{m.questionsHint}</p>
      <p className="mt-2 font-medium text-slate-800" data-testid="test-summary">
        {m.summary({
          count: questions.length,
          marks: total(questions),
          ga: ga.length,
          gaMarks: total(ga),
          subject: subject.length,
          subjectMarks: total(subject),
        })}
      </p>
      {editor.editable ? null : (
        <div className="mt-3">
          <Notice tone="info">{editor.started > 0 ? m.frozen : m.unpublishFirst}</Notice>
        </div>
      )}
      {sectionOrder.map((section) => {
        const list = section === "ga" ? ga : subject;
        return (
          <div key={section} className="mt-4">
            <h3 className="font-semibold text-slate-900">{m.sections[section]}</h3>
            {list.length === 0 ? (
              <p className="mt-1 text-sm text-slate-600">{m.noQuestions}</p>
            ) : (
              <ol aria-label={m.sections[section]} className="divide-y divide-slate-200">
                {list.map((q, index) => (
                  <QuestionCard
                    key={q.position}
                    q={q}
                    manager={manager}
                    testId={editor.id}
                    editable={editor.editable}
                    first={index === 0}
                    last={index === list.length - 1}
                  />
                ))}
              </ol>
            )}
          </div>
        );
      })}
    </Panel>
  );
}

/** The picker's search: a GET form on the editor's own address. */
function BankSearchForm({ home, testId, filter }: { home: string; testId: number; filter: BankSearch }) {
  const searched = Boolean(filter.q || filter.subject || filter.topic || filter.type);
  return (
    <Form method="get" action={home} className={filterGrid}>
      <input type="hidden" name="edit" value={testId} />
      <QuestionSearchFields idPrefix="bank-search-" texts={m} maxLength={BANK_SEARCH_MAX} filter={filter} />
      <div className={wideOnPhone}>
        <FilterActions
          apply={m.searchButton}
          clear={m.clearSearch}
          clearTo={`${home}?edit=${testId}`}
          filtered={searched}
        />
      </div>
    </Form>
  );
}

function BankCard({ row, manager, testId }: { row: BankRow; manager: Manager; testId: number }) {
  const { fetcher } = manager;
  const busy = fetcher.state !== "idle" && fetcher.formData?.get("question_id") === String(row.id);
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3" data-testid="bank-question">
      <div className="min-w-0 flex-1 basis-64">
        <p className="font-medium break-words text-slate-900">{row.title}</p>
        <p className="mt-1 text-sm text-slate-600">
          {row.subject} · {row.topic}
        </p>
        <p className="mt-1 text-sm text-slate-700">
          {m.types[row.type] ?? row.type} · {m.marks(row.marks)}
        </p>
      </div>
      {row.inTest !== null ? (
        <p className="text-sm font-medium text-emerald-800">{m.inTest(row.inTest)}</p>
      ) : (
        <fetcher.Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="add-question" />
          <input type="hidden" name="id" value={testId} />
          <input type="hidden" name="question_id" value={row.id} />
          <button type="submit" disabled={busy || manager.busyIntent !== null} className={smallSecondary}>
            {m.addTo[row.section]}
            <span className="sr-only">: {row.title}</span>
          </button>
        </fetcher.Form>
      )}
    </li>
  );
}

/** The picker: the search, the published questions it finds, and their Add buttons. */
export function BankPicker({ editor, manager, home }: { editor: TestEditor; manager: Manager; home: string }) {
  const bank = editor.bank;
  if (!bank) return null;
  const params: Record<string, string> = { edit: String(editor.id) };
  for (const [name, value] of Object.entries(editor.filter)) if (value) params[name] = value;
  return (
    <Panel heading={m.pickerHeading}>
      <p className="mt-1 mb-4 text-sm text-slate-600">{m.pickerHint}</p>
      <BankSearchForm home={home} testId={editor.id} filter={editor.filter} />
      {bank.items.length === 0 ? (
        <p className="mt-4 text-slate-700">{m.noBankMatch}</p>
      ) : (
        <ul aria-label={m.pickerTable} className="mt-4 divide-y divide-slate-200">
          {bank.items.map((row) => (
            <BankCard key={row.id} row={row} manager={manager} testId={editor.id} />
          ))}
        </ul>
      )}
      <Pagination
        label={m.pickerPages}
        page={bank.page}
        hasNext={bank.hasNext}
        href={(n) => pageHref(home, params, n)}
      />
    </Panel>
  );
}
