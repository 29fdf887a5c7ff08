import { Suspense, type ReactNode } from "react";

/**
 * Hydrates its children apart from the rest of the page (issue 28). React 19 leaves a
 * server-rendered Suspense boundary as it is while it hydrates the page around it, then hydrates
 * each boundary in low-priority tasks of its own, the one the visitor touches first; a tap on a
 * part not yet hydrated is replayed once it is. Nothing inside suspends, so there is never a
 * fallback: the server's HTML stays on screen throughout, with or without JavaScript.
 */
export function HydrateApart({ children }: { children: ReactNode }) {
  return <Suspense>{children}</Suspense>;
}
