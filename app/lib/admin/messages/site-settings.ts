// The Site Settings page's words (/admin/settings). Safe to import on the client.

/** Site Settings (DESIGN §8). */
export const siteSettingsMessages = {
  heading: "Settings",
  save: "Save Settings",
  saving: "Saving...",
  saved: "Site settings updated successfully",
  saveFailed: "Failed to save site settings",
  loadFailed: "Failed to load site settings",
  /** A save refused because someone else saved the same fields after this page was loaded. */
  changedMeanwhile: (fields: string[]) =>
    `Someone else saved ${fields.join(", ")} after you opened this page. Their other changes are now in the form; ${fields.length === 1 ? "that field keeps" : "those fields keep"} what you chose. Save again to keep yours.`,
  savedMeanwhile: (saved: string) =>
    saved === ""
      ? "Emptied meanwhile by someone else."
      : `Saved meanwhile by someone else as “${saved.length > 80 ? `${saved.slice(0, 79)}…` : saved}”.`,
  toastsNote: "Purchase toasts show sample buyers; you may switch them off (India's 2023 dark-pattern guidelines).",
  labels: {
    brand_name: "Brand name",
    whatsapp_number: "WhatsApp number (with country code)",
    contact_email: "Contact e-mail",
    contact_phone: "Contact phone",
    contact_address: "Address",
    student_login_url: "Student login URL",
    student_login_org_code: "Organisation code for student login",
    learning_app_url: "Learning app URL (hero banners link here)",
    booking_recipient_email: "Send contact messages and bookings to",
    purchase_toasts_enabled: "Show purchase notification toasts",
    testimonials_need_approval: "New testimonials wait for approval",
  },
  approvalNote:
    "When this is on, a new testimonial appears on the home page only after you approve it under Testimonials; when off, it appears at once.",
  // Issue 27 item 5: the "1:1 sessions" group, what the booking form tells visitors.
  session: {
    legend: "1:1 sessions",
    intro: "Visitors see these in the booking form before they book, and the call-back time again after booking.",
    labels: {
      session_fee_rupees: "Session fee in rupees",
      session_length_minutes: "Session length in minutes",
      session_mentor: "Who answers the call",
      session_callback_hours: "We call back within (hours)",
    },
    hints: {
      session_fee_rupees: "Numbers only, e.g. 499. Enter 0 to offer a free consultation.",
      session_length_minutes: 'Between 15 and 120, e.g. 30. Shown as "30-minute call".',
      session_mentor:
        'Who takes the call, e.g. "A GATE CH mentor from our faculty". Name a person only if they have agreed to it.',
      session_callback_hours:
        'Between 1 and 168. 24 is shown as "within 24 hours", 48 as "within 2 days". Make it a promise you can keep.',
    },
  },
  // Issue 27 item 4: words site search reads as phrases.
  searchSynonyms: {
    label: "Search synonyms",
    hint: 'One rule a line: a word, "=", and what it stands for, e.g. "pyq = previous year papers". A search for the word also finds what holds all the words after "=". Up to 50 rules; leave empty for the defaults.',
  },
} as const;
