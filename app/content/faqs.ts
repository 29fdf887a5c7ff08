// The five FAQs (spec §2: "FAQ has five questions, with one open at a time"): the FAQ page's
// default content. Since issue 48 staff keep the questions in the FAQ manager (the faqs table,
// which migration 0022 seeded with these five, word for word; tests/integration/faqs-admin.test.ts
// holds them equal). The page and its FAQPage structured data (JSON-LD) say the same thing.

export interface Faq {
  /** Fragment id, so a question can be linked to directly. */
  id: string;
  question: string;
  answer: string;
}

export const faqs: Faq[] = [
  {
    id: "what-is-the-test-series",
    question: "What does the GATE Chemical Engineering (CH) test series include?",
    answer:
      "Full-length mock tests in the real GATE interface, topic-wise tests for every subject, mixed subject-wise tests and previous-year papers. Every test comes with detailed solutions and performance analytics, so you can see your rank among other students and which topics need more work. The Test Series page lists the current series with their number of tests and price.",
  },
  {
    id: "iocl-preparation",
    question: "Do you have a test series for IOCL and other PSU exams?",
    answer:
      "Yes. The IOCL test series has full-length tests modelled on the IOCL written test for chemical engineers, with technical and aptitude questions; the Test Series page shows the current one. Many PSUs such as IOCL, ONGC, GAIL, BPCL and HPCL shortlist through GATE scores, so the GATE CH test series prepares you for them as well. Watch the Job Alerts page for the latest PSU notifications.",
  },
  {
    id: "how-to-buy",
    question: "How do I buy a test series?",
    answer:
      "Open Test Series, choose a series and press Buy Now. You will be taken to the series' purchase page on our learning platform, where you complete the payment. The tests are unlocked in your account on the platform once the payment is confirmed. A series whose online checkout is not open yet shows Buy on WhatsApp instead: message us and we will help you buy it.",
  },
  {
    id: "validity",
    question: "How long can I use a test series after buying it?",
    answer:
      "Each test series is valid for the period shown on its page (for example 1 year), counted from the date of purchase. You can attempt the tests at your own pace during that time and review the solutions and analysis as often as you like.",
  },
  {
    id: "login",
    question: "Where do I log in to take my tests?",
    answer:
      "Tests are taken on our learning platform. Press the Login button at the top of any page; it opens the platform's login page for our institute. Sign in with the same details you used when buying, and your purchased test series appear there. The platform runs in the browser, so a phone is enough.",
  },
];

/** FAQPage structured data for search engines (schema.org), from the same questions and answers. */
export function faqJsonLd(items: readonly Pick<Faq, "question" | "answer">[]) {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: items.map((faq) => ({
      "@type": "Question",
      name: faq.question,
      acceptedAnswer: { "@type": "Answer", text: faq.answer },
    })),
  };
}
