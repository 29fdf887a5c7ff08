// The visitor forms' user-facing strings, shared by the forms and their route actions. The
// quoted ones are the spec's (§4, §8) and must stay verbatim.

export const contactMessages = {
  heading: "Contact Us",
  intro: "Questions about the test series, the syllabus or a payment? Send us a message and we will reply by e-mail or phone.",
  submit: "Send Message",
  submitting: "Sending...",
  success: "Message sent successfully!",
  failure: "Failed to send message. Please try again.",
  privacy: "We store your details only to reply to your message.",
} as const;

export const bookingMessages = {
  heading: "Book 1:1 Session",
  intro: "Tell us a little about yourself and your question. We will call or message you to fix a time for the paid 1:1 session.",
  submit: "Book Session",
  submitting: "Booking...",
  success: "Session booked successfully! We will get back to you soon.",
  failure: "Failed to book session. Please try again.",
  privacy: "We store your details only to arrange your session and answer your query.",
  sessionType: "Session type",
  /** The success toast stays 5 s (spec §8); the dialog closes after 3 s (spec §4). */
  successToastMs: 5000,
  closeAfterMs: 3000,
} as const;

export const testimonialMessages = {
  heading: "Share Your Experience",
  intro: "How did our test series or guidance help you? Your testimonial appears on the home page.",
  add: "Add",
  addLabel: "Add your testimonial",
  submit: "Submit Testimonial",
  submitting: "Submitting...",
  success: "Thank you! Your testimonial has been added.",
  failure: "Failed to submit testimonial. Please try again.",
  privacy: "Your name, initials, rating and comment are published on this site.",
  rating: "Rating",
} as const;

export const sharedFormMessages = {
  close: "Close",
  privacyLink: "Privacy notice",
  required: "required",
} as const;
