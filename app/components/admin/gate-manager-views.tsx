import { Field, inputClass, TextAreaField, TextField, useControl, type FieldProps } from "~/components/forms/fields";
import { labelled, SelectField } from "~/components/forms/select-field";
import type { loadGateManager } from "~/lib/admin/gate-manager.server";
import type { ListData } from "~/lib/admin/list-actions.server";
import { gateCsvMessages, gateMessagesOf } from "~/lib/admin/messages/gate-data";
import { adminSection } from "~/lib/admin/sections";
import { gatePaperDefaults } from "~/lib/schemas/admin/gate-paper";
import { gatePaperYearDefaults } from "~/lib/schemas/admin/gate-paper-year";
import { gatePreviousPaperDefaults } from "~/lib/schemas/admin/gate-previous-paper";
import { gateRankPointDefaults, rankPointKinds } from "~/lib/schemas/admin/gate-rank-point";
import { gateSubjectDefaults } from "~/lib/schemas/admin/gate-subject";
import { GateCsvPanel } from "./gate-csv-panel";
import { FigureCell, FigureFieldset } from "./gate-figure";
import { gateLists } from "~/lib/admin/admin-lists";
import { GateTableManager, type BindField } from "./gate-table-manager";
import type { FilterControl, Listing } from "./list-controls";
import { MediaField } from "./media-field";
import { td } from "./manager-table";
import { OpenLink } from "./open-link";

// The GATE data manager's five pages (issue 24): for each kind of data, its form's fields (with
// what each figure is and where to read it) and its table's cells, on GateTableManager.

export type GateManagerData = Awaited<ReturnType<typeof loadGateManager>>;
type Paper = { id: number; code: string; name: string };

const csv = gateCsvMessages;

/** The paper select and the year, which every row but a paper's starts with. */
function PaperAndYear({ field, papers, year = true }: { field: BindField; papers: Paper[]; year?: boolean }) {
  const m = gateMessagesOf["gate-years"];
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField
        {...field("paper_id")}
        label={m.paper}
        placeholder={m.choosePaper}
        options={papers.map((p) => ({ value: String(p.id), label: `${p.code} ${p.name}` }))}
      />
      {year ? <TextField {...field("year")} type="number" inputMode="numeric" label={m.year} /> : null}
    </div>
  );
}

/** The first cells of a row of one paper's year: the paper, and the year that heads the row. */
function PaperYearCells({ row }: { row: { paper_code: string; year: number } }) {
  return (
    <>
      <td className={`${td} font-semibold`}>{row.paper_code}</td>
      <th scope="row" className={td}>
        {row.year}
      </th>
    </>
  );
}

function PapersPage({ data }: { data: Extract<GateManagerData, { kind: "gate-papers" }> }) {
  const m = gateMessagesOf[data.kind];
  type Row = Exclude<typeof data.papers, never[]>[number];
  return (
    <GateTableManager<Row>
      page={data}
      rows={data.papers}
      defaults={gatePaperDefaults}
      columns={[m.order, m.code, m.name]}
      name={(paper) => `${paper.code} ${paper.name}`}
      deleteNote={(paper) => (paper.impact ? m.cascadeNotice(paper.impact) : undefined)}
      renderFields={(field) => (
        <>
          <TextField {...field("code")} label={m.code} hint={m.codeHint} maxLength={4} />
          <TextField {...field("name")} label={m.name} />
          <TextField {...field("display_order")} type="number" inputMode="numeric" label={m.order} hint={m.orderHint} />
        </>
      )}
      renderCells={(paper) => (
        <>
          <td className={td}>{paper.display_order}</td>
          <th scope="row" className={`${td} font-semibold`}>
            {paper.code}
          </th>
          <td className={td}>{paper.name}</td>
        </>
      )}
    />
  );
}

const marksInput = { type: "number", inputMode: "decimal", optional: true } as const;
const countInput = { type: "number", inputMode: "numeric", min: 0 } as const;

function YearsPage({ data }: { data: Extract<GateManagerData, { kind: "gate-years" }> }) {
  const m = gateMessagesOf[data.kind];
  type Row = (typeof data.years.rows)[number];
  const figures = [
    {
      figure: "qualifying",
      label: m.qualifyingLegend,
      values: (r: Row) => [r.qualifying_general, r.qualifying_obc_ews, r.qualifying_sc_st_pwd],
    },
    { figure: "top_mean", label: m.topMean, values: (r: Row) => [r.top_mean_marks] },
    { figure: "candidates", label: m.candidates, values: (r: Row) => [r.candidates_appeared] },
  ] as const;
  return (
    <GateTableManager
      page={data}
      listing={paperListing(data, data.years, { paper: m.paper, year: m.year })}
      defaults={gatePaperYearDefaults}
      columns={[
        { label: m.paper, sort: "paper" },
        { label: m.year, sort: "year" },
        m.institute,
        m.qualifyingColumn,
        m.topMeanColumn,
        m.candidatesColumn,
      ]}
      name={(row) => `${row.paper_code} ${row.year}`}
      renderBefore={(manager) => (
        <GateCsvPanel
          kind="paper-years"
          manager={manager}
          rule={csv.yearsRule}
          cancelTo={adminSection("gate-years").path}
        />
      )}
      renderFields={(field, values) => (
        <>
          <PaperAndYear field={field} papers={data.papers} />
          <TextField {...field("institute")} label={m.institute} hint={m.instituteHint} optional />
          <FigureFieldset
            figure="qualifying"
            legend={m.qualifyingLegend}
            help={m.qualifyingHelp}
            field={field}
            values={values}
          >
            <TextField {...field("qualifying_general")} {...marksInput} label={m.general} />
            <TextField {...field("qualifying_obc_ews")} {...marksInput} label={m.obcEws} />
            <TextField {...field("qualifying_sc_st_pwd")} {...marksInput} label={m.scStPwd} />
          </FigureFieldset>
          <FigureFieldset figure="top_mean" legend={m.topMeanLegend} help={m.topMeanHelp} field={field} values={values}>
            <TextField {...field("top_mean_marks")} {...marksInput} label={m.topMean} />
          </FigureFieldset>
          <FigureFieldset
            figure="candidates"
            legend={m.candidatesLegend}
            help={m.candidatesHelp}
            field={field}
            values={values}
          >
            <TextField
              {...field("candidates_appeared")}
              type="number"
              inputMode="numeric"
              optional
              label={m.candidates}
            />
          </FigureFieldset>
        </>
      )}
      renderCells={(row) => (
        <>
          <PaperYearCells row={row} />
          <td className={td}>{row.institute ?? m.noFigure}</td>
          {figures.map(({ figure, label, values }) => (
            <td key={figure} className={td}>
              <FigureCell
                values={values(row)}
                verified={row[`is_${figure}_verified`]}
                sourceUrl={row[`${figure}_source_url`]}
                context={`${row.paper_code} ${row.year} ${label}`}
              />
            </td>
          ))}
        </>
      )}
    />
  );
}

/**
 * The list's paper filter (?paper=CH, issue 48): the rows of one paper, or of every paper. Named
 * "Show" (as the rank points' filter was), apart from the form's own Paper.
 */
function paperControl(papers: Paper[]): FilterControl {
  const m = gateMessagesOf["gate-rank-points"];
  return {
    name: "paper",
    label: m.filter,
    any: m.allPapers,
    options: papers.map((p) => ({ value: p.code, label: `${p.code} ${p.name}` })),
  };
}

/** A page's list (issue 48): one page of its rows, sorted by `sorts`, filtered by paper. */
function paperListing<Row>(
  page: { kind: keyof typeof gateLists; papers: Paper[] },
  data: ListData<Row>,
  sorts: Record<string, string>,
): Omit<Listing<Row>, "what"> {
  return { list: gateLists[page.kind], data, sorts, controls: [paperControl(page.papers)] };
}

function RankPointsPage({ data }: { data: Extract<GateManagerData, { kind: "gate-rank-points" }> }) {
  const m = gateMessagesOf[data.kind];
  return (
    <GateTableManager
      page={data}
      listing={paperListing(data, data.points, {
        paper: m.paper,
        year: m.year,
        marks: m.marksColumn,
        air: m.airColumn,
      })}
      defaults={gateRankPointDefaults}
      columns={[
        { label: m.paper, sort: "paper" },
        { label: m.year, sort: "year" },
        { label: m.marksColumn, sort: "marks" },
        { label: m.airColumn, sort: "air" },
        m.kindColumn,
        m.sourceColumn,
      ]}
      name={m.name}
      renderBefore={(manager) => (
        <>
          <GateCsvPanel
            kind="rank-points"
            manager={manager}
            rule={csv.pointsRule}
            cancelTo={adminSection("gate-rank-points").path}
          />
        </>
      )}
      renderFields={(field) => (
        <>
          <PaperAndYear field={field} papers={data.papers} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField {...field("marks")} type="number" inputMode="decimal" label={m.marks} hint={m.marksHint} />
            <TextField {...field("air")} type="number" inputMode="numeric" min={1} label={m.air} />
          </div>
          <SelectField
            {...field("kind")}
            label={m.kind}
            placeholder={m.chooseKind}
            options={labelled(rankPointKinds, m.kinds)}
          />
          <TextField {...field("source_label")} label={m.sourceLabel} hint={m.sourceLabelHint} />
          <TextField {...field("source_url")} type="url" label={m.sourceUrl} optional />
        </>
      )}
      renderCells={(point) => (
        <>
          <td className={`${td} font-semibold`}>{point.paper_code}</td>
          <td className={td}>{point.year}</td>
          <th scope="row" className={td}>
            {point.marks}
          </th>
          <td className={td}>{point.air}</td>
          <td className={td}>{point.kind}</td>
          <td className={`${td} min-w-56 break-words`}>
            <p>{point.source_label}</p>
            <OpenLink link={point.source_url} context={point.source_label} label={m.sourceUrl} />
          </td>
        </>
      )}
    />
  );
}

function PreviousPapersPage({ data }: { data: Extract<GateManagerData, { kind: "gate-previous-papers" }> }) {
  const m = gateMessagesOf[data.kind];
  const link = (url: string | null, context: string) => (
    <td className={td}>
      {url ? (
        <OpenLink link={url} context={context} label={m.open} />
      ) : (
        <span className="text-slate-600">{m.notYetAdded}</span>
      )}
    </td>
  );
  return (
    <GateTableManager
      page={data}
      listing={paperListing(data, data.rows, { paper: m.paper, year: m.year })}
      defaults={gatePreviousPaperDefaults}
      columns={[{ label: m.paper, sort: "paper" }, { label: m.year, sort: "year" }, m.questionPaper, m.answerKey]}
      name={(row) => `${row.paper_code} ${row.year}`}
      multipart
      renderFields={(field) => (
        <>
          <PaperAndYear field={field} papers={data.papers} />
          {/* Issue 45: the official PDFs, uploaded in place or picked from the media library. */}
          <MediaField
            {...field("question_paper_url")}
            kind="document"
            media={data.media}
            label={m.questionPaper}
            hint={m.questionPaperHint}
            optional
          />
          <MediaField
            {...field("answer_key_url")}
            kind="document"
            media={data.media}
            label={m.answerKey}
            hint={m.answerKeyHint}
            optional
          />
          <TextField {...field("source_url")} type="url" label={m.sourceUrl} hint={m.sourceHint} optional />
        </>
      )}
      renderCells={(row) => (
        <>
          <PaperYearCells row={row} />
          {link(row.question_paper_url, `${row.paper_code} ${row.year} ${m.questionPaper}`)}
          {link(row.answer_key_url, `${row.paper_code} ${row.year} ${m.answerKey}`)}
        </>
      )}
    />
  );
}

/** The free tests to practise in, by category; unlike the kit's select, "none" is a valid choice. */
function PracticeSelect({
  subcategories,
  ...field
}: Omit<FieldProps, "label"> & { subcategories: { id: number; name: string; category_name: string }[] }) {
  const m = gateMessagesOf["gate-subjects"];
  const props = { ...field, label: m.practice, hint: m.practiceHint, optional: true };
  const control = useControl(props);
  const byCategory = Map.groupBy(subcategories, (s) => s.category_name);
  return (
    <Field id={control.id} field={props}>
      <select {...control} className={inputClass}>
        <option value="">{m.noPractice}</option>
        {[...byCategory].map(([category, choices]) => (
          <optgroup key={category} label={category}>
            {choices.map((s) => (
              <option key={s.id} value={String(s.id)}>
                {s.name}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </Field>
  );
}

function SubjectsPage({ data }: { data: Extract<GateManagerData, { kind: "gate-subjects" }> }) {
  const m = gateMessagesOf[data.kind];
  return (
    <GateTableManager
      page={data}
      listing={paperListing(data, data.subjects, { paper: m.paper, name: m.name, questions: m.questionCount })}
      defaults={gateSubjectDefaults}
      columns={[
        { label: m.paper, sort: "paper" },
        m.order,
        { label: m.name, sort: "name" },
        { label: m.questionCount, sort: "questions" },
        m.practiceColumn,
      ]}
      name={(subject) => `${subject.paper_code} ${subject.name}`}
      renderFields={(field) => (
        <>
          <PaperAndYear field={field} papers={data.papers} year={false} />
          <TextField {...field("name")} label={m.name} />
          <TextAreaField {...field("topics")} label={m.topics} hint={m.topicsHint} rows={5} optional />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              {...field("question_count")}
              {...countInput}
              label={m.questionCount}
              hint={m.questionCountHint}
              optional
            />
            <TextField {...field("display_order")} {...countInput} label={m.order} />
          </div>
          <PracticeSelect {...field("free_test_subcategory_id")} subcategories={data.subcategories} />
          <TextField {...field("practice_url")} type="url" label={m.practiceUrl} hint={m.practiceUrlHint} optional />
        </>
      )}
      renderCells={(subject) => (
        <>
          <td className={`${td} font-semibold`}>{subject.paper_code}</td>
          <td className={td}>{subject.display_order}</td>
          <th scope="row" className={`${td} break-words`}>
            {subject.name}
          </th>
          <td className={td}>{m.questions(subject.question_count)}</td>
          <td className={`${td} break-words`}>
            {subject.subcategory_name ??
              (subject.practice_url ? (
                <OpenLink link={subject.practice_url} context={subject.name} label={m.practiceUrl} />
              ) : (
                <span className="text-slate-600">{m.nowhere}</span>
              ))}
          </td>
        </>
      )}
    />
  );
}

/** The page of this kind of GATE data. */
export function GateManagerPage({ data }: { data: GateManagerData }) {
  switch (data.kind) {
    case "gate-papers":
      return <PapersPage data={data} />;
    case "gate-years":
      return <YearsPage data={data} />;
    case "gate-rank-points":
      return <RankPointsPage data={data} />;
    case "gate-previous-papers":
      return <PreviousPapersPage data={data} />;
    case "gate-subjects":
      return <SubjectsPage data={data} />;
  }
}
