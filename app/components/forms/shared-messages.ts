// The words every form shows around its own: the dialogs' close button, the privacy link, the
// mark of an optional field.

export const sharedFormMessages = {
  close: "Close",
  privacyLink: "Privacy notice",
  optional: "optional",
} as const;
