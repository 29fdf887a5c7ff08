import { formatIstDate, formatIstTime, isCalendarDate } from "~/core/ist";
import type { AuditEntity } from "~/db/queries/audit-log.server";
import { historyMessages } from "./messages/history";
import { FIGURE_IDS, figureKeys, PRACTICE_TESTS_FROM_KEY } from "~/lib/site/site-figures";
import { siteContentMessages } from "./messages/site-content";
import { siteSettingsMessages } from "./messages/site-settings";

// What a change did to a row, field by field (issue 48): the activity log shows an update as each
// changed field's value before and after, and a create or a delete as the row's fields. The row
// comes from audit_log.row_before / row_after (JSON, as the database returned it). Safe to import
// on the client.

const h = historyMessages.activity;

/** Bookkeeping columns no one edits: never listed. */
const BOOKKEEPING = new Set(["id", "created_at", "updated_at"]);

/** Columns made from others (a name's initials, a rendering), left out per entity. */
const derived: Partial<Record<AuditEntity, readonly string[]>> = {
  testimonials: ["avatar"],
  contact_messages: ["status_changed_at", "status_changed_by"],
  session_bookings: ["status_changed_at", "status_changed_by"],
};

/** What staff call a column in the forms. A column not named here reads as its words. */
const labels: Record<string, string> = {
  title: "Title",
  name: "Name",
  description: "Description",
  is_active: "Active",
  pdf_link: "PDF link",
  material_link: "Material link",
  cover_url: "Cover picture",
  view_link: "View link",
  posted_date: "Posted",
  category_id: "Category",
  last_date: "Last date",
  selection_mode: "Selection",
  gate_year: "GATE year",
  posts: "Posts",
  notification_url: "Notification link",
  job_location: "Place of work",
  image_url: "Picture",
  image: "Picture",
  link_url: "Link",
  alt_text: "Words on the banner",
  display_order: "Order",
  test_link: "Test link",
  practice_test_id: "Timed test",
  subcategory_id: "Subcategory",
  slug: "Address",
  test_count: "Number of tests",
  price: "Price",
  original_price: "Original price",
  students: "Students",
  tests: "Tests",
  validity_months: "Validity (months)",
  purchase_url: "Purchase link",
  features: "Features",
  is_free: "Free",
  learn_points: "What you learn",
  test_series_id: "Sold as test series",
  rating: "Rating",
  comment: "Comment",
  status: "Status",
  note: "Note",
  buyer_name: "Buyer",
  paper_id: "Paper",
  air: "AIR",
  source_label: "Source",
  source_url: "Source link",
  code: "Code",
};

/** Per section, where a column means something more particular. */
const entityLabels: Partial<Record<AuditEntity, Record<string, string>>> = {
  test_categories: { name: "Category name" },
  test_subcategories: { name: "Subcategory name", category_id: "Category" },
  welcome_popup: { title: "Heading", subtitle: "Subheading" },
  testimonials: { name: "Name shown" },
  // A settings save records each setting by its key: the labels of the Site Settings form.
  site_settings: siteSettingLabels(),
};

/** Each setting's label in the Site Settings forms, the home page's figures included. */
function siteSettingLabels(): Record<string, string> {
  const figures = siteContentMessages.figures;
  const named: Record<string, string> = {
    ...siteSettingsMessages.labels,
    ...siteSettingsMessages.session.labels,
    search_synonyms: siteSettingsMessages.searchSynonyms.label,
    [PRACTICE_TESTS_FROM_KEY]: figures.from,
  };
  for (const id of FIGURE_IDS) {
    const keys = figureKeys(id);
    const label = figures.labels[id];
    Object.assign(named, {
      [keys.value]: label,
      [keys.asOf]: `${label}: ${figures.asOf}`,
      [keys.source]: `${label}: ${figures.source}`,
    });
  }
  return named;
}

/** An ISO timestamp as the database and JSON write it. */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** "qualifying_general" → "Qualifying general". */
const words = (column: string) => {
  const text = column.replace(/_/g, " ").trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/** The label of a column of a section's rows. */
export function fieldLabel(entity: string, column: string): string {
  return entityLabels[entity as AuditEntity]?.[column] ?? labels[column] ?? words(column);
}

/**
 * A stored value as staff read it: Yes/No, "(empty)", a day or a time in India, a JSON list as its
 * lines joined. Settings are stored as text, their switches as "true" and "false".
 */
export function showValue(value: unknown, entity?: string): string {
  if (value === null || value === undefined || value === "") return h.empty_value;
  if (typeof value === "boolean") return value ? h.yes : h.no;
  if (entity === "site_settings" && (value === "true" || value === "false")) return value === "true" ? h.yes : h.no;
  if (typeof value === "string" && isCalendarDate(value)) return formatIstDate(value);
  if (typeof value === "string" && TIMESTAMP.test(value)) return formatIstTime(value);
  if (typeof value === "string" && value.startsWith("[")) {
    try {
      const list: unknown = JSON.parse(value);
      if (Array.isArray(list) && list.every((item) => typeof item === "string")) {
        return list.length ? list.join("; ") : h.empty_value;
      }
    } catch {
      // Not a list: shown as it is.
    }
  }
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

const shown = (entity: string, column: string) =>
  !BOOKKEEPING.has(column) && !(derived[entity as AuditEntity] ?? []).includes(column);

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export interface FieldChange {
  column: string;
  label: string;
  before: string;
  after: string;
}

/** The fields an update changed, in the row's column order, each before and after. */
export function diffRows(entity: string, before: Record<string, unknown>, after: Record<string, unknown>) {
  const columns = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return columns
    .filter((column) => shown(entity, column) && !same(before[column], after[column]))
    .map<FieldChange>((column) => ({
      column,
      label: fieldLabel(entity, column),
      before: showValue(before[column], entity),
      after: showValue(after[column], entity),
    }));
}

export interface FieldValue {
  column: string;
  label: string;
  value: string;
}

/** A created or deleted row's fields (empty ones left out). */
export function rowFields(entity: string, row: Record<string, unknown>): FieldValue[] {
  return Object.keys(row)
    .filter((column) => shown(entity, column) && row[column] !== null && row[column] !== "")
    .map((column) => ({ column, label: fieldLabel(entity, column), value: showValue(row[column], entity) }));
}

/** How many characters of a value the list shows; the rest is behind "Show all". */
export const SHORT_VALUE = 80;

/** A value cut for the list: its start, and whether there is more. */
export function shorten(value: string, max = SHORT_VALUE): { short: string; cut: boolean } {
  const chars = [...value];
  if (chars.length <= max) return { short: value, cut: false };
  return {
    short: `${chars
      .slice(0, max - 1)
      .join("")
      .trimEnd()}…`,
    cut: true,
  };
}
