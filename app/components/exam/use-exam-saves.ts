import { useCallback, useEffect, useEffectEvent, useRef, useState, useSyncExternalStore } from "react";
import { queueStorageKey, restoreQueue, type AnswerSave } from "~/lib/exam/client-save-queue";
import { SaveSender, type SaveState, type SendOutcome } from "~/lib/exam/client-save-sender";
import { afterNextPaint } from "~/lib/when-idle";

// The page's end of the save queue (issue 47): the sender (~/lib/exam/client-save-sender.ts) wired
// to fetch, localStorage and the browser's online and offline events. It starts once the page has
// hydrated: the saves this browser kept from before a reload are handed to `onRestored` (to lay
// over the server's answers) and sent again. When the page goes (a closed tab, a reload) whatever
// is still waiting is kept and goes out in a beacon too; the copy in localStorage stays until
// acknowledged.

/** Where an attempt's saves are posted, as JSON { saves, at }. */
export interface SaveTarget {
  attemptId: number;
  savePath: string;
}

async function post(path: string, body: string): Promise<SendOutcome> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body,
      credentials: "same-origin",
    });
  } catch {
    return { kind: "retry" };
  }
  if (response.ok) return { kind: "ok" };
  if (response.status === 409 || response.status === 404) return { kind: "ended" };
  if (response.status === 400 || response.status === 413 || response.status === 422) return { kind: "refused" };
  return { kind: "retry" };
}

/** The browser's online flag as a store; the server renders as online. */
function subscribeOnline(change: () => void) {
  window.addEventListener("online", change);
  window.addEventListener("offline", change);
  return () => {
    window.removeEventListener("online", change);
    window.removeEventListener("offline", change);
  };
}
const isOnline = () => navigator.onLine !== false;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function useExamSaves({
  target,
  position,
  onRestored,
  onEnded,
}: {
  target: SaveTarget;
  /** The question on screen, sent with each batch: the attempt resumes there. */
  position: number;
  onRestored: (saves: AnswerSave[]) => void;
  onEnded: () => void;
}) {
  const [state, setState] = useState<SaveState>("saved");
  const online = useSyncExternalStore(subscribeOnline, isOnline, () => true);
  const sender = useRef<SaveSender | null>(null);
  const at = useRef(position);
  useEffect(() => {
    at.current = position;
  }, [position]);
  const restored = useEffectEvent(onRestored);
  const ended = useEffectEvent(onEnded);
  const { attemptId, savePath } = target;

  useEffect(() => {
    const key = queueStorageKey(String(attemptId));
    const body = (saves: AnswerSave[]) => JSON.stringify({ saves, at: at.current });
    const queue = restoreQueue(storage()?.getItem(key) ?? null);
    const instance = new SaveSender(
      {
        send: (saves) => post(savePath, body(saves)),
        store: (text) => {
          try {
            if (text === null) storage()?.removeItem(key);
            else storage()?.setItem(key, text);
          } catch {
            // Storage full or refused (a private window): the save is still sent; only a reload before
            // it arrives would lose it.
          }
        },
        isOnline,
        later: (run, ms) => {
          const timer = window.setTimeout(run, ms);
          return () => window.clearTimeout(timer);
        },
        afterPaint: afterNextPaint,
        onState: setState,
        onEnded: () => ended(),
      },
      queue,
    );
    sender.current = instance;
    const waiting = instance.unsent();
    if (waiting.length > 0) restored(waiting);
    instance.resume();

    const goneOnline = () => instance.resume();
    const leaving = () => {
      instance.keep();
      const unsent = instance.unsent();
      if (unsent.length > 0 && typeof navigator.sendBeacon === "function")
        navigator.sendBeacon(savePath, new Blob([body(unsent)], { type: "application/json" }));
    };
    window.addEventListener("online", goneOnline);
    window.addEventListener("pagehide", leaving);
    return () => {
      window.removeEventListener("online", goneOnline);
      window.removeEventListener("pagehide", leaving);
      instance.stop();
      sender.current = null;
    };
  }, [attemptId, savePath]);

  const add = useCallback((save: AnswerSave) => sender.current?.add(save), []);
  const settled = useCallback(() => sender.current?.settled() ?? Promise.resolve(), []);
  /** Forgets the queue once the attempt is submitted: nothing of it can be taken any more. */
  const forget = useCallback(() => {
    sender.current?.stop();
    try {
      storage()?.removeItem(queueStorageKey(String(attemptId)));
    } catch {
      // Nothing to forget.
    }
  }, [attemptId]);

  return { state: online ? state : ("offline" as const), add, settled, forget };
}
