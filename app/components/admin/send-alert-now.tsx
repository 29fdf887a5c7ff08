import { Form, useLocation } from "react-router";
import { inputClass } from "~/components/forms/fields";
import { subscriberMessages as t } from "~/lib/admin/messages/subscribers";
import { secondaryButton } from "./styles";
import { HeadedSection } from "~/components/ui/headed-section";

// "Send now to subscribers" (issue 49), above the job alerts manager's list: staff choose one of
// the page's active, still open alerts and it goes at once to the subscribers of its tab who chose
// "as it happens"; the others get it in their digest, as every alert. A plain form post to the
// Subscribers section's action, which comes back here with a toast.

export interface SendableAlert {
  id: number;
  title: string;
  is_active: boolean;
  last_date: string | null;
}

export function SendAlertNow({ alerts, today }: { alerts: readonly SendableAlert[]; today: string }) {
  const location = useLocation();
  const open = alerts.filter((alert) => alert.is_active && (!alert.last_date || alert.last_date >= today));
  if (open.length === 0) return null;
  return (
    <HeadedSection
      heading={t.sendHeading}
      headingClassName="font-semibold text-slate-900"
      intro={t.sendHint}
      introClassName="mt-1 text-sm text-slate-600"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <Form method="post" action="/admin/subscribers" className="mt-3 flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="send-alert" />
        <input type="hidden" name="back" value={location.pathname + location.search} />
        <div className="min-w-0 flex-1 basis-64">
          <label htmlFor="send-alert-id" className="font-medium text-slate-900">
            {t.sendAlert}
          </label>
          <select id="send-alert-id" name="alert_id" required defaultValue="" className={inputClass}>
            <option value="" disabled>
              {t.chooseAlert}
            </option>
            {open.map((alert) => (
              <option key={alert.id} value={alert.id}>
                {alert.title}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={secondaryButton}>
          {t.sendNow}
        </button>
      </Form>
    </HeadedSection>
  );
}
