// A link that does its job in plain HTML (a fragment that `:target` shows) is the browser's until
// React has hydrated it: an inline script of the document keeps the taps on it from React
// (`taps`, app/lib/document/document-scripts.server.ts; decision 021). Hydrated, the control is a button or a tab
// without the mark.
export const NATIVE_TAP_ATTRIBUTE = "data-native-tap";

/** Spread on such a link. */
export const NATIVE_TAP = { [NATIVE_TAP_ATTRIBUTE]: "" };
