// The Mail Delivery section's words (/admin/outbox). Safe to import on the client.

/** Mail Delivery (issue 7 "Mail outage"). */
export const outboxMessages = {
  table: "E-mails not delivered",
  summary: (counts: { pending: number; sent: number; dead: number }) =>
    `Waiting to be sent: ${counts.pending} · Delivered: ${counts.sent} · Dead: ${counts.dead}`,
  columns: {
    recipient: "Recipient",
    subject: "Subject",
    status: "Status",
    attempts: "Attempts",
    lastError: "Last error",
    created: "Created",
    nextAttempt: "Next attempt",
    actions: "Actions",
  },
  status: { pending: "Retrying", dead: "Dead", sent: "Sent" } as Record<string, string>,
  empty: "Every e-mail has been delivered or is on its way.",
  noError: "—",
  noNextAttempt: "Not scheduled",
  retry: "Retry",
  retried: "E-mail queued to be sent again",
  notDead: "This e-mail is not dead: it is already being sent, or was delivered.",
  notFound: "That e-mail no longer exists.",
  retryFailed: "Failed to queue the e-mail again",
  invalid: "Choose an e-mail to retry.",
  loadFailed: "Failed to load data",
} as const;
