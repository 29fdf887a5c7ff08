// A link that does its job in plain HTML (a fragment that `:target` shows) is the browser's until
// React has hydrated it: the document's loader keeps the taps on it from React
// (app/lib/document/document-scripts.server.ts). Hydrated, the control is a button or a tab
// without the mark.
export const NATIVE_TAP_ATTRIBUTE = "data-native-tap";

/** Spread on such a link. */
export const NATIVE_TAP = { [NATIVE_TAP_ATTRIBUTE]: "" };
