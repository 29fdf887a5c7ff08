// Job alerts by e-mail (issue 49): the words of the subscription form, its pages and the
// preferences, shared by the forms, their route actions and the e-mails. Safe on the client.

/**
 * The four job-alert tabs one can subscribe to: /job-alerts' tabs (jobAlertTabs in
 * components/content/job-alert-categories.ts, which lib may not import; a unit test keeps the two
 * the same), by the job_categories slugs of the first migration.
 */
export const subscriptionTabs = [
  { slug: "jobs", label: "Jobs" },
  { slug: "vacancy", label: "Vacancy" },
  { slug: "results", label: "Results" },
  { slug: "admit-cards", label: "Admit Cards" },
] as const;
export type SubscriptionTabSlug = (typeof subscriptionTabs)[number]["slug"];

export type SubscriptionFrequency = "instant" | "daily" | "weekly";
export const FREQUENCIES: readonly SubscriptionFrequency[] = ["instant", "daily", "weekly"];

/** The pages a subscription form is on, recorded with the consent ("from where"). */
export const SUBSCRIBE_SOURCES = ["/job-alerts", "/", "/subscribe"] as const;
export type SubscribeSource = (typeof SUBSCRIBE_SOURCES)[number];

export const subscribeMessages = {
  heading: "Get job alerts by e-mail",
  intro:
    "PSU recruitment through GATE, vacancies, results and admit cards, a reminder before each last date, and new free tests. Free; leave in one click.",
  email: "Email",
  what: "What to receive",
  tabs: "Job alerts",
  reminders: "Deadline reminders before each last date",
  tests: "New free tests and scheduled mocks",
  how: "How often",
  frequencies: {
    instant: "As it happens",
    daily: "Daily digest",
    weekly: "Weekly digest",
  } satisfies Record<SubscriptionFrequency, string>,
  frequencyHint: "Digests go out in the morning, Indian time (IST).",
  submit: "Subscribe",
  submitting: "Subscribing...",
  /** The words of the consent, shown under every form and recorded with each subscription. */
  consent:
    "We e-mail you only what you chose, from a confirmation link on, until you unsubscribe (one click in every e-mail). We keep your address, your choices and this consent for that alone.",
  success: (email: string) =>
    `Check your inbox: we have sent a message to ${email}. Open the link in it to confirm your subscription; nothing else is sent until you do.`,
  failure: "Could not subscribe you right now. Please try again.",
  chooseSomething: "Choose at least one job-alert tab, or new free tests",
  remindersNeedTab: "Deadline reminders are for the job-alert tabs you choose: choose at least one tab",
  chooseFrequency: "Choose how often",
  footerLink: "Job alerts by e-mail",
  moreChoices: "All the choices",
} as const;

export const confirmMessages = {
  title: "Confirm your subscription",
  confirmed: "Your subscription is confirmed",
  confirmedText:
    "You will get the job alerts you chose. Every e-mail has a link to change your choices and a one-click unsubscribe.",
  already: "Your subscription was already confirmed",
  expired: "This confirmation link has expired",
  expiredText:
    "Confirmation links work for 48 hours, and only the latest one sent to an address does. Subscribe again and use the link in the new e-mail.",
  invalid: "This link is not valid",
  invalidText:
    "It may have been copied incompletely, replaced by a newer one, or the subscription was removed. Subscribe again from the form below.",
  preferences: "Change what you receive",
  subscribeAgain: "Subscribe again",
} as const;

export const manageMessages = {
  title: "Your job alert e-mails",
  intro: (email: string) => `What ${email} receives, and how often.`,
  save: "Save choices",
  saving: "Saving...",
  saved: "Your choices are saved.",
  failure: "Could not save your choices right now. Please try again.",
  pending: "This address has not confirmed its subscription yet: nothing is sent until it does.",
  unsubscribeHeading: "Stop all e-mails",
  unsubscribeText: "Unsubscribe removes your address and choices from our list; nothing more is sent to it.",
  unsubscribe: "Unsubscribe",
  unsubscribeTitle: "Unsubscribe from job alert e-mails",
  unsubscribeConfirm: (email: string) => `Stop every job alert e-mail to ${email}?`,
  unsubscribed: "You are unsubscribed",
  unsubscribedText: "Your address and choices are removed from our list. Nothing more will be sent to it.",
  subscribeAgain: "Subscribe again",
  invalid: confirmMessages.invalid,
  invalidText:
    "This link may have been copied incompletely, or the subscription was already removed: then nothing more is sent to that address.",
} as const;

/** The pages' addresses: a token in the path (the page cache keeps the path, never a parameter it does not read). */
export const subscriptionPaths = {
  subscribe: "/subscribe",
  confirm: (token: string) => `/subscribe/confirm/${token}`,
  manage: (token: string) => `/subscribe/manage/${token}`,
  unsubscribe: (token: string) => `/subscribe/unsubscribe/${token}`,
  /** RFC 8058: mail clients POST "List-Unsubscribe=One-Click" here, without cookies or a page. */
  oneClick: (token: string) => `/subscribe/unsubscribe/${token}/one-click`,
} as const;

/** Whether a path is a one-click unsubscribe address, which takes POSTs from mail clients. */
export const isOneClickUnsubscribePath = (pathname: string) =>
  /^\/subscribe\/unsubscribe\/[0-9a-f]{64}\/one-click$/.test(pathname);
