import { z } from "zod";
import { subscriberMessages as t } from "~/lib/admin/messages/subscribers";
import { withoutControls } from "../fields";
import { IdSchema, requiredId } from "./common";

// The Subscribers section's forms (issue 49): remove a subscriber, and the job alerts manager's
// "send now to subscribers".

export const RemoveSubscriberSchema = z.object({ intent: z.literal("remove"), id: IdSchema });

export const SendAlertSchema = z.object({
  intent: z.literal("send-alert"),
  alert_id: requiredId(t.chooseAlert),
  /** Where the form was, to go back to (the job alerts manager with its list's view). */
  back: z
    .string()
    .optional()
    .transform((v) => (v && /^\/admin(?:[/?#]|$)/.test(v) && !v.startsWith("//") ? v : "/admin")),
});

/** The list's address: ?q=, ?status=, ?page=, and ?remove=<id> for the confirmation step. */
export const SubscriberListSchema = z.object({
  q: z
    .string()
    .optional()
    .transform((v) => (v ? withoutControls(v).trim().slice(0, 100) : "") || null),
  status: z
    .enum(["confirmed", "pending", "failed"])
    .optional()
    .catch(undefined)
    .transform((v) => v ?? null),
  page: z.coerce.number().int().min(1).max(10_000).optional().catch(undefined),
  remove: z.coerce.number().int().positive().optional().catch(undefined),
});
