// The terms, refunds and how to pay page (issue 48 item 7): what it is called, and what it says
// before staff write it. The placeholder is honest: it says the business has not written its terms
// yet and invents none; the way to pay it describes is how the site works (Buy Now to the
// learning platform, or Buy on WhatsApp).

export const termsPage = {
  slug: "terms",
  title: "Terms, Refunds and How to Pay",
  /** The small link beside every Buy button. */
  linkText: "Terms, refunds and how to pay",
  description: "How to pay for a test series or course, our refund and cancellation terms, and the terms of use.",
} as const;

export const defaultTermsMarkdown = `**This page is a placeholder (demo).** The business running this site has not written its terms yet. Until it does, nothing on this page is a promise: do not assume any refund policy or payment method from it, and ask us before you pay.

## How to pay

Buy Now takes you to the product's page on our learning platform, where you pay. A product without an online checkout shows Buy on WhatsApp instead: message us and we tell you how to pay. Questions first? Use the [contact page](/contact).

## Refunds and cancellations

The business will write here whether a purchase can be refunded or cancelled, within how many days, and how to ask for it.

## Terms of use

The business will write here the terms on which its test series and courses are sold and used: who may use an account, for how long, and what happens when a test series is changed or withdrawn.
`;
