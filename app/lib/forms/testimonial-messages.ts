// The testimonial form's user-facing strings, shared by the form and its route action. The quoted
// ones are the spec's (§4, §8) and must stay verbatim. A module of their own, so that a page with
// one form does not load the others' strings (issue 6, first-load JS).

export const testimonialMessages = {
  heading: "Share Your Experience",
  intro:
    "How did our test series or guidance help you? Your testimonial appears on the home page once it is published.",
  add: "Add",
  addLabel: "Add your testimonial",
  submit: "Submit Testimonial",
  submitting: "Submitting...",
  success: "Thank you! Your testimonial has been added.",
  /** While new testimonials wait for approval (issue 25). */
  pending: "Thank you! Your testimonial will appear on the home page after review.",
  failure: "Failed to submit testimonial. Please try again.",
  privacy: "Your name, initials, rating and comment are published on this site.",
  rating: "Rating",
} as const;
