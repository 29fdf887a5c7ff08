// The visitor forms' user-facing strings, shared by the forms and their route actions. Each set
// is a module of its own, which the forms import directly: a page with one form loads no other
// form's strings (issue 6, first-load JS).

export { contactMessages } from "./contact-messages";
export { bookingMessages } from "./booking-messages";
export { testimonialMessages } from "./testimonial-messages";
export { sharedFormMessages } from "./shared-messages";
