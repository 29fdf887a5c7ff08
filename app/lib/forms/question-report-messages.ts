// The question report form's strings (issue 46), shared by the form and its action. A module of
// its own, as each visitor form's are, so that a page loads only its own form's strings.

export const questionReportMessages = {
  heading: "Report a problem with this question",
  intro: "A wrong key, a typo or a solution that does not add up? Tell us and we will fix the question.",
  submit: "Send report",
  submitting: "Sending...",
  success: "Thank you. Your report has reached our team, who will check the question.",
  failure: "Your report could not be sent. Please try again.",
  notFound: "This question is not published, so it cannot be reported.",
  privacy: "We store your report, and your e-mail address if you give one, only to fix the question and reply to you.",
  message: "What is wrong?",
  messageHint: "For example: the key should be C, because …",
  email: "Your e-mail",
  emailHint: "Only if you would like a reply.",
} as const;
