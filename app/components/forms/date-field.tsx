import { istDate } from "~/core/ist";
import { DATE_RANGE } from "~/lib/schemas/fields";
import { TextField, type FieldProps } from "./fields";

// A calendar day in India (issue 48 item 5): the browser's date picker, which posts YYYY-MM-DD
// whatever the browser's language shows, so staff never type the format. The server checks the
// same rule (calendarDate in ~/lib/schemas/fields.ts): a real date within DATE_RANGE and, for a
// day that has passed (`notFuture`), not after today in India, which is also the picker's last day.

export function DateField({ notFuture = false, ...field }: Omit<FieldProps, "autoFocus"> & { notFuture?: boolean }) {
  return <TextField {...field} type="date" min={DATE_RANGE.first} max={notFuture ? istDate() : DATE_RANGE.last} />;
}
