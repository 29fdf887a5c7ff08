// The strings every visitor form shows (the close button, the privacy link, "required").

export const sharedFormMessages = {
  close: "Close",
  privacyLink: "Privacy notice",
  required: "required",
} as const;
