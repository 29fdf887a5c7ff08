// The visitor forms' strings, all three sets, for the server's actions and the tests. The forms
// import their own set directly: a page with one form loads no other form's strings (issue 6,
// first-load JS).

export { contactMessages } from "./contact-messages";
export { bookingMessages } from "./booking-messages";
export { testimonialMessages } from "./testimonial-messages";
