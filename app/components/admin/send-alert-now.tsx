import { Form, Link, useLocation } from "react-router";
import { inputClass } from "~/components/forms/fields";
import { subscriberMessages as t } from "~/lib/admin/messages/subscribers";
import { dangerButton, secondaryButton } from "./styles";
import { HeadedSection } from "~/components/ui/headed-section";
import { IstTime } from "./ist-time";

// "Send now to subscribers" (issue 49), above the job alerts manager's list: staff choose one of
// the page's active, still open alerts and it goes at once to the subscribers of its tab who chose
// "as it happens"; the others get it in their digest, as every alert. E-mails cannot be called
// back, so choosing asks first (a GET to ?send=12, with or without JavaScript): the alert and how
// many it goes to; Send posts to the Subscribers section's action, which comes back with a toast.

const CONFIRM_ID = "confirm-send";

/** The confirmation's facts, from broadcastPreview. */
export interface SendPreview {
  id: number;
  title: string;
  tab: string;
  recipients: number;
  sent: { requested_at: string; requested_by: string | null } | null;
}

export interface SendableAlert {
  id: number;
  title: string;
  is_active: boolean;
  last_date: string | null;
}

export function SendAlertNow({
  alerts,
  today,
  sending,
  categories,
}: {
  alerts: readonly SendableAlert[];
  today: string;
  sending: SendPreview | null;
  categories: readonly { slug: string; name: string }[];
}) {
  const location = useLocation();
  const open = alerts.filter((alert) => alert.is_active && (!alert.last_date || alert.last_date >= today));
  // The list's view (its search, filters, sort and page) goes through the step and back.
  const view = new URLSearchParams(location.search);
  view.delete("send");
  const back = view.size ? `${location.pathname}?${view}` : location.pathname;
  if (sending) {
    const tab = categories.find((category) => category.slug === sending.tab)?.name ?? sending.tab;
    return <ConfirmSend preview={sending} tab={tab} back={back} />;
  }
  if (open.length === 0) return null;
  return (
    <HeadedSection
      heading={t.sendHeading}
      headingClassName="font-semibold text-slate-900"
      intro={t.sendHint}
      introClassName="mt-1 text-sm text-slate-600"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      {/* The step opens in view: the address's fragment is its box. */}
      <Form method="get" action={`${location.pathname}#${CONFIRM_ID}`} className="mt-3 flex flex-wrap items-end gap-3">
        {[...view].map(([name, value]) => (
          <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
        ))}
        <div className="min-w-0 flex-1 basis-64">
          <label htmlFor="send-alert-id" className="font-medium text-slate-900">
            {t.sendAlert}
          </label>
          <select id="send-alert-id" name="send" required defaultValue="" className={inputClass}>
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

/** The step before sending: which alert, to how many, and that it goes once. */
function ConfirmSend({ preview, tab, back }: { preview: SendPreview; tab: string; back: string }) {
  return (
    <HeadedSection
      id={CONFIRM_ID}
      heading={t.confirmHeading(preview.title)}
      headingClassName="font-semibold break-words text-slate-900"
      className="rounded-xl border border-amber-300 bg-amber-50 p-4"
    >
      {preview.sent ? (
        <p className="mt-2 text-slate-800">
          {t.alreadySentOn(preview.sent.requested_by)} <IstTime iso={preview.sent.requested_at} />.
        </p>
      ) : (
        <p className="mt-2 text-slate-800">{t.confirmSend(preview.recipients, tab)}</p>
      )}
      <Form method="post" action="/admin/subscribers" className="mt-4 flex flex-wrap gap-3">
        <input type="hidden" name="intent" value="send-alert" />
        <input type="hidden" name="alert_id" value={preview.id} />
        <input type="hidden" name="back" value={back} />
        {preview.sent || preview.recipients === 0 ? null : (
          <button type="submit" className={dangerButton}>
            {t.sendTo(preview.recipients)}
          </button>
        )}
        <Link to={back} className={secondaryButton}>
          {preview.sent || preview.recipients === 0 ? t.back : t.cancel}
        </Link>
      </Form>
    </HeadedSection>
  );
}
