// The contact form's user-facing strings, shared by the form and its route action. The quoted
// ones are the spec's (§4, §8) and must stay verbatim. A module of their own, so that a page with
// one form does not load the others' strings (issue 6, first-load JS).

export const contactMessages = {
  heading: "Contact Us",
  intro:
    "Questions about the test series, the syllabus or a payment? Send us a message and we will reply by e-mail or phone.",
  submit: "Send Message",
  submitting: "Sending...",
  success: "Message sent successfully!",
  failure: "Failed to send message. Please try again.",
  privacy: "We store your details only to reply to your message.",
} as const;
