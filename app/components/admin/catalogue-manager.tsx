import type { ReactNode } from "react";
import { Link } from "react-router";
import { CheckboxField } from "~/components/forms/checkbox-field";
import { Field, inputClass, TextAreaField, TextField, useControl, type FieldProps } from "~/components/forms/fields";
import type { AdminCourse, AdminTestSeries } from "~/db/queries/catalog.server";
import { courseList, testSeriesList } from "~/lib/admin/admin-lists";
import { catalogueHref, type CatalogueTab } from "~/lib/admin/catalogue-tabs";
import type { ListData } from "~/lib/admin/list-actions.server";
import { listMessages } from "~/lib/admin/messages/lists";
import { catalogueMessages } from "~/lib/admin/messages/catalogue";
import { commonMessages } from "~/lib/admin/messages/common";
import { adminSection } from "~/lib/admin/sections";
import { discountPercent } from "~/lib/catalogue/price";
import { formatCount, formatDiscount, formatRupees, formatValidity } from "~/lib/format";
import { testSeriesHref } from "~/lib/test-series-link";
import { ConfirmDeletePanel, type DeleteRequest } from "./confirm-delete";
import { ChoiceOptions } from "./filter-fields";
import { MediaField, type MediaPickerData } from "./media-field";
import { TableManagerForm } from "./manager-form";
import { ManagerPage } from "./manager-page";
import { ListTable, viewHref, type Column } from "./list-controls";
import { useTableManager, type FormValues } from "./manager-state";
import { RowActions, StatusBadge, td } from "./manager-table";
import { textLink } from "./styles";

// The catalogue manager's page (issue 26): two tabs, Test series and Courses, each the managers'
// Add link, add/edit form, delete confirmation and table, with every link keeping its tab.

const m = catalogueMessages;
const section = adminSection("catalogue");
type BindField = (name: string) => { name: string; defaultValue?: string; error?: string };

/** Test series | Courses, as links: the current one marked for screen readers too. */
function Tabs({ tab }: { tab: CatalogueTab }) {
  const tabs = [
    ["test-series", m.seriesSection.tab],
    ["courses", m.courseSection.tab],
  ] as const;
  return (
    <nav aria-label={m.tabs}>
      <ul className="flex gap-2 border-b border-slate-200">
        {tabs.map(([id, label]) => (
          <li key={id}>
            <Link
              to={catalogueHref(id)}
              aria-current={id === tab ? "page" : undefined}
              className={`inline-flex min-h-11 items-center border-b-2 px-4 font-semibold ${
                id === tab
                  ? "border-brand-700 text-brand-800"
                  : "border-transparent text-slate-600 hover:text-slate-900"
              }`}
            >
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A whole number typed on a phone's number pad. */
function NumberField(props: FieldProps) {
  return <TextField {...props} inputMode="numeric" maxLength={9} />;
}

/** The price pair and what the discount comes to. */
function PriceFields({ field, optional }: { field: BindField; optional?: boolean }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <NumberField {...field("price")} label={m.price} hint={m.priceHint} optional={optional} />
      <NumberField {...field("original_price")} label={m.originalPrice} optional={optional} />
      <NumberField {...field("tests")} label={m.tests} optional={optional} />
      <NumberField {...field("students")} label={m.students} optional={optional} />
    </div>
  );
}

/** The purchase URL: optional, and what happens without one. */
function PurchaseUrlField({ field }: { field: BindField }) {
  return <TextField {...field("purchase_url")} type="url" label={m.purchaseUrl} hint={m.purchaseUrlHint} optional />;
}

/**
 * The fields both forms end with: image (from the media library, or uploaded in place; decorative
 * on the cards, whose titles say what each is: issue 45), description, display order, Active.
 */
function CommonFields({ field, values, media }: { field: BindField; values: FormValues; media?: MediaPickerData }) {
  return (
    <>
      <MediaField
        {...field("image")}
        kind="image"
        media={media}
        label={m.image}
        hint={m.imageHint}
        aspect="aspect-video"
        decorative
        titleFrom="title"
      />
      <TextAreaField {...field("description")} label={m.description} rows={5} maxLength={4000} />
      <NumberField {...field("display_order")} label={m.displayOrder} hint={m.displayOrderHint} />
      <CheckboxField name="is_active" label={m.active} defaultChecked={values.is_active === true} />
    </>
  );
}

/** A choice that may be left at its first option ("none"). */
function OptionalSelect({
  options,
  none,
  ...field
}: FieldProps & { none: string; options: { value: string; label: string }[] }) {
  const control = useControl(field);
  return (
    <Field id={control.id} field={field}>
      <select {...control} className={inputClass}>
        <ChoiceOptions none={none} options={options} />
      </select>
    </Field>
  );
}

/** "₹1,499 (₹3,010, 50% off)". */
function PriceText({ price, original }: { price: number; original: number }) {
  const discount = discountPercent(price, original);
  return (
    <>
      <span className="font-semibold">{formatRupees(price)}</span>
      {discount > 0 ? (
        <span className="block text-xs text-slate-600">
          <s>{formatRupees(original)}</s> {formatDiscount(discount)}
        </span>
      ) : null}
    </>
  );
}

/** Where Buy Now goes: the purchase page's host, or WhatsApp. */
function BuyCell({ url }: { url: string | null }) {
  return (
    <td className={`${td} break-words`}>
      {url ? (
        <a href={url} target="_blank" rel="noopener" className={textLink}>
          {new URL(url).host}
        </a>
      ) : (
        <span className="text-slate-600">{m.noPurchaseUrl}</span>
      )}
    </td>
  );
}

/** One tab's form, delete confirmation and table, with the add link in the page's header. */
function CatalogueTable<Row extends { id: number; title: string; is_active: boolean }>({
  tab,
  list,
  defaults,
  texts,
  loadError,
  columns,
  renderFields,
  renderCells,
  deleteNote,
}: {
  tab: CatalogueTab;
  /** One page of the tab's list as its address says (issue 48). */
  list: ListData<Row>;
  defaults: object;
  texts: (typeof m)["seriesSection"] | (typeof m)["courseSection"];
  loadError: string | null;
  columns: Column[];
  renderFields: (field: BindField, values: FormValues) => ReactNode;
  renderCells: (row: Row) => ReactNode;
  deleteNote?: (row: Row) => string | undefined;
}) {
  const rows = list.rows;
  const state = useTableManager([...rows, ...list.others], defaults);
  const { manager, dialog, confirming } = state;
  const home = section.path;
  const view = list.view;
  const back = viewHref(home, view);
  const deleteRequest = (row: Row): DeleteRequest => ({
    fields: { intent: "delete", id: String(row.id), table: tab },
    title: commonMessages.deleteTitle(texts.what),
    prompt: texts.confirmDelete,
    note: deleteNote?.(row),
    name: row.title,
    restorable: true,
  });
  return (
    <ManagerPage
      section={section}
      addLabel={texts.add}
      addHref={viewHref(home, view, { new: 1 })}
      formOpen={state.open}
      loadError={loadError}
      manager={manager}
      dialog={dialog}
    >
      <Tabs tab={tab} />
      <p className="max-w-3xl text-sm text-slate-700">{texts.intro}</p>
      {state.open ? (
        <TableManagerForm state={state} home={back} addTitle={texts.addTitle} editTitle={texts.editTitle} multipart>
          <input type="hidden" name="table" value={tab} />
          {renderFields(state.field, state.values)}
        </TableManagerForm>
      ) : null}
      {confirming ? <ConfirmDeletePanel manager={manager} request={deleteRequest(confirming)} cancelTo={back} /> : null}
      <ListTable
        home={home}
        manager={manager}
        listing={{
          list: tab === "courses" ? courseList : testSeriesList,
          data: list,
          what: texts.table.toLowerCase(),
          sorts: { order: m.order, title: m.title, price: m.price, updated: listMessages.updated },
          controls:
            tab === "courses"
              ? [
                  {
                    name: "free",
                    label: listMessages.freeOrPaid,
                    options: [
                      { value: "1", label: m.courseSection.free },
                      { value: "0", label: m.courseSection.paid },
                    ],
                  },
                ]
              : [],
        }}
        label={texts.table}
        columns={columns}
        trailing={[commonMessages.status, commonMessages.actions]}
        empty={texts.empty}
        loadError={loadError}
        name={(row) => row.title}
        renderRow={(row) => (
          <>
            {renderCells(row)}
            <td className={td}>
              <StatusBadge active={row.is_active} />
            </td>
            <td className={td}>
              <RowActions
                name={row.title}
                editHref={viewHref(home, view, { edit: row.id })}
                deleteHref={viewHref(home, view, { delete: row.id })}
                onDelete={(trigger) => dialog.open(trigger, deleteRequest(row))}
              />
            </td>
          </>
        )}
      />
    </ManagerPage>
  );
}

export function TestSeriesTab({
  list,
  courses,
  defaults,
  loadError,
  media,
}: {
  list: ListData<AdminTestSeries>;
  courses: AdminCourse[];
  defaults: object;
  loadError: string | null;
  media?: MediaPickerData;
}) {
  const t = m.seriesSection;
  return (
    <CatalogueTable
      tab="test-series"
      list={list}
      defaults={defaults}
      texts={t}
      loadError={loadError}
      columns={[
        { label: m.title, sort: "title" },
        { label: m.price, sort: "price" },
        `${m.tests} · ${m.students}`,
        m.purchaseUrl,
      ]}
      deleteNote={(row) => {
        // Issue 42: refused while courses are sold as it; the prompt says so before the click.
        const sold = courses.filter((course) => course.test_series_id === row.id).map((course) => course.title);
        return sold.length > 0 ? t.soldAs(sold) : undefined;
      }}
      renderFields={(field, values) => (
        <>
          <TextField {...field("title")} label={m.title} maxLength={100} />
          <PriceFields field={field} />
          <NumberField {...field("validity_months")} label={t.validity} hint={t.validityHint} />
          <TextAreaField {...field("features")} label={t.features} rows={4} optional maxLength={4000} />
          <PurchaseUrlField field={field} />
          <CommonFields field={field} values={values} media={media} />
        </>
      )}
      renderCells={(row) => (
        <>
          <th scope="row" className={`${td} font-medium break-words`}>
            {row.is_active ? (
              <a href={testSeriesHref(row.title)} target="_blank" rel="noopener" className={textLink}>
                {row.title}
              </a>
            ) : (
              row.title
            )}
            <span className="block text-xs font-normal text-slate-600">
              {m.order} {row.display_order}
            </span>
          </th>
          <td className={td}>
            <PriceText price={row.price} original={row.original_price} />
          </td>
          <td className={td}>
            {formatCount(row.tests)} · {formatCount(row.students)}
            <span className="block text-xs text-slate-600">{formatValidity(row.validity_months)}</span>
          </td>
          <BuyCell url={row.purchase_url} />
        </>
      )}
    />
  );
}

export function CoursesTab({
  list,
  testSeries,
  defaults,
  loadError,
  media,
}: {
  list: ListData<AdminCourse>;
  testSeries: AdminTestSeries[];
  defaults: object;
  loadError: string | null;
  media?: MediaPickerData;
}) {
  const t = m.courseSection;
  const seriesOptions = testSeries.map((series) => ({ value: String(series.id), label: series.title }));
  return (
    <CatalogueTable
      tab="courses"
      list={list}
      defaults={defaults}
      texts={t}
      loadError={loadError}
      columns={[{ label: m.title, sort: "title" }, t.linkedSeries, { label: m.price, sort: "price" }, m.purchaseUrl]}
      renderFields={(field, values) => (
        <>
          <TextField {...field("title")} label={m.title} maxLength={150} />
          <CheckboxField
            name="is_free"
            label={t.isFree}
            defaultChecked={values.is_free === true || values.is_free === "on"}
          />
          <OptionalSelect
            {...field("test_series_id")}
            label={t.linkedSeries}
            hint={t.linkedHint}
            none={m.noLink}
            options={seriesOptions}
          />
          <fieldset className="space-y-4 rounded-lg border border-slate-200 p-4">
            <legend className="px-1 font-semibold text-slate-900">{t.ownFigures}</legend>
            <PriceFields field={field} optional />
            <PurchaseUrlField field={field} />
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField {...field("duration")} label={t.duration} maxLength={60} />
            <TextField {...field("expiry")} label={t.expiry} hint={t.expiryHint} maxLength={60} />
            <NumberField {...field("videos")} label={t.videos} />
          </div>
          <TextAreaField {...field("learn_points")} label={t.learnPoints} rows={4} optional maxLength={4000} />
          <CommonFields field={field} values={values} media={media} />
        </>
      )}
      renderCells={(row) => (
        <>
          <th scope="row" className={`${td} font-medium break-words`}>
            {row.title}
            <span className="block text-xs font-normal text-slate-600">
              {row.is_free ? t.free : t.paid} · {m.order} {row.display_order}
            </span>
          </th>
          <td className={`${td} break-words`}>{row.series_title ?? "—"}</td>
          {row.series_title !== null ? (
            <td className={`${td} text-slate-600`} colSpan={2}>
              {m.figuresLinked}
            </td>
          ) : (
            <>
              <td className={td}>
                {row.price === null ? (
                  <span className="text-slate-600">{row.is_free ? "—" : t.noPrice}</span>
                ) : (
                  <PriceText price={row.price} original={row.original_price ?? row.price} />
                )}
              </td>
              <BuyCell url={row.purchase_url} />
            </>
          )}
        </>
      )}
    />
  );
}
