import { formatCount } from "~/lib/format";

// The admin's words for what issue 48 items 6 and 7 add: the figures group of Site Settings, the
// FAQ manager and the terms page editor, one object per screen.

export const siteContentMessages = {
  /** The "Figures on the home page" group of Site Settings. */
  figures: {
    legend: "Figures on the home page",
    save: "Save Figures",
    saved: "Figures updated successfully",
    intro:
      'Visitors read these in "Why Choose Our Test Series?" on the home page, and the practice tests figure also in the welcome popup. Claim only what you can show: say as of when and where each figure comes from, or empty a figure to hide it.',
    labels: {
      students: "Students enrolled",
      success_rate: "Success rate",
      practice_tests: "Practice tests",
    },
    hints: {
      students: "As visitors read it, e.g. 5000+. Empty: not shown.",
      success_rate: "As visitors read it, e.g. 95%. Empty: not shown.",
      practice_tests: "As visitors read it, e.g. 150+. Used when the figure is typed. Empty: not shown.",
    },
    asOf: "As of",
    asOfHint: "The day the figure was true, in India (IST). Optional.",
    source: "Source",
    sourceHint: "Where it comes from, e.g. enrolments on the learning app. Shown beside the figure. Optional.",
    from: "Where the practice tests figure comes from",
    fromOptions: {
      typed: "The figure typed here",
      tests: (count: number) => `Count the published timed tests on this site (now ${formatCount(count)})`,
      questions: (count: number) => `Count the published questions in the question bank (now ${formatCount(count)})`,
    },
    fromHint: "A counted figure follows the site by itself; with nothing published yet it is not shown.",
  },
  /** Hints beside the contact fields while they hold the demo's placeholders. */
  demo: {
    phone: "This is the demo's placeholder number: visitors see it marked (demo number) until you enter your own.",
    whatsapp: "This is the demo's placeholder number: the WhatsApp button says (demo number) until you enter your own.",
    email: "This is the demo's placeholder address: visitors see it marked (demo e-mail) until you enter your own.",
  },
  /** The FAQ manager (a TableManager). */
  faqs: {
    created: "FAQ question created successfully",
    updated: "FAQ question updated successfully",
    deleted: "FAQ question deleted successfully",
    saveFailed: "Failed to save FAQ question",
    deleteFailed: "Failed to delete FAQ question",
    loadFailed: "Failed to load FAQ questions",
    orderUpdated: "Order updated successfully",
    orderFailed: "Failed to update order",
    confirmDelete: "Are you sure you want to delete this FAQ question?",
    add: "Add Question",
    addTitle: "Add FAQ question",
    editTitle: "Edit FAQ question",
    active: "Active (shown on the FAQ page)",
    table: "FAQ questions",
    empty: "No questions yet: the FAQ page says so until you add one.",
    what: "FAQ question",
    order: "Order",
    question: "Question",
    answer: "Answer",
    answerHint: "Plain text. Leave a blank line between paragraphs.",
    moveUp: (position: number) => `Move question ${position} up`,
    moveDown: (position: number) => `Move question ${position} down`,
    anchor: (slug: string) => `Link: /faqs#${slug}`,
  },
  /** The terms page editor. */
  terms: {
    heading: "Page content",
    body: "Content (Markdown)",
    bodyHint:
      "Write it as you would an e-mail: a blank line between paragraphs, ## for a heading, - for a list item, [words](https://…) for a link. Visitors read it at /terms; it is linked from the footer and beside every Buy button.",
    placeholderNote:
      "Visitors now see the placeholder text below, which says that the business has not written this page yet. Replace it with your own terms: how to pay, refunds and cancellations.",
    save: "Save Page",
    saving: "Saving...",
    saved: "Terms page updated successfully",
    saveFailed: "Failed to save terms page",
    loadFailed: "Failed to load terms page",
    view: "View the page",
    lastSaved: "Shown to visitors now:",
  },
} as const;
