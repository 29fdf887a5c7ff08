import { plural } from "./common";

// The Testimonials section's words (/admin/testimonials). Safe to import on the client.

/** Testimonial moderation (issue 25); the prompt in the spec's style (§5). */
export const testimonialModerationMessages = {
  approved: "Testimonial approved",
  hidden: "Testimonial hidden",
  updated: "Testimonial updated successfully",
  deleted: "Testimonial deleted successfully",
  saveFailed: "Failed to save testimonial",
  deleteFailed: "Failed to delete testimonial",
  loadFailed: "Failed to load data",
  confirmDelete: "Are you sure you want to delete this testimonial?",
  editTitle: "Edit display name",
  name: "Display name",
  rating: "Rating",
  comment: "Testimonial",
  received: "Received",
  stars: (rating: number) => `${rating} of 5 stars`,
  approve: "Approve",
  hide: "Hide",
  table: "Testimonials",
  empty: "No testimonials yet.",
  what: "testimonial",
  waiting: (count: number) =>
    count === 0
      ? "No testimonials are waiting for approval."
      : `${plural(count, "testimonial waits", "testimonials wait")} for approval.`,
  status: { approved: "Approved", pending: "Waiting for approval", hidden: "Hidden" },
} as const;
