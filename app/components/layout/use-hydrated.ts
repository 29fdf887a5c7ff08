import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False on the server and during hydration, true afterwards. Controls that work without
 * JavaScript (links, :target CSS) swap to their scripted form only once the app is live.
 *
 * React re-renders such a control synchronously right after it hydrates. Parts of the page
 * hydrate apart (~/components/ui/hydrate-apart, issue 28), each with its own re-render, so the
 * work comes in several short tasks; a module-level "hydrated" flag instead would be true while
 * a later part still hydrates, and that part would not match the server's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
