import {
  acknowledge,
  emptyQueue,
  enqueue,
  isIdle,
  requeue,
  serializeQueue,
  takeBatch,
  unsent,
  type AnswerSave,
  type SaveQueue,
} from "./client-save-queue";

// Sends the queue of saves (client-save-queue.ts) to the attempt's save endpoint, one batch at a
// time, never in the way of the candidate: a save is queued in memory at once, and kept in
// localStorage and sent after the tap's frame is painted (the page's pagehide keeps and beacons
// what is still waiting if it goes sooner). A failed send is retried with a growing pause, and at once
// when the browser says it is back online. What the candidate sees of it is one word: Saved,
// Saving… or Offline.

export type SaveState = "saved" | "saving" | "offline";

/** What one send came to. */
export type SendOutcome =
  | { kind: "ok" }
  /** No answer (offline, the server down or restarting, a 5xx): send again later. */
  | { kind: "retry" }
  /** The attempt is over (the deadline passed, or it was submitted): nothing more is taken. */
  | { kind: "ended" }
  /** The server refused the batch as malformed: sending it again would not help. */
  | { kind: "refused" };

export interface SenderDeps {
  send: (saves: AnswerSave[]) => Promise<SendOutcome>;
  /** Keeps the queue across reloads; `null` when it is empty. */
  store: (text: string | null) => void;
  isOnline: () => boolean;
  /** A timer (setTimeout); returns its cancel. */
  later: (run: () => void, ms: number) => () => void;
  /** Runs `run` after the next frame is painted (a task after requestAnimationFrame). */
  afterPaint: (run: () => void) => void;
  onState: (state: SaveState) => void;
  onEnded: () => void;
}

/** The pauses between tries after a failed send, in ms: the last repeats. */
export const RETRY_DELAYS_MS = [1000, 2000, 4000, 8000, 15_000] as const;

export class SaveSender {
  private queue: SaveQueue;
  private state: SaveState = "saved";
  private failures = 0;
  private cancelRetry: (() => void) | null = null;
  private scheduled = false;
  private unkept = false;
  private ended = false;
  private waiters: (() => void)[] = [];

  constructor(
    private readonly deps: SenderDeps,
    restored: SaveQueue = emptyQueue,
  ) {
    this.queue = restored;
  }

  /** Queues a save, and keeps and sends it once the tap's frame is painted. */
  add(save: AnswerSave): void {
    if (this.ended) return;
    this.queue = enqueue(this.queue, save);
    this.unkept = true;
    this.schedule();
  }

  /** Keeps in storage what is queued but not yet kept (the page is going). */
  keep(): void {
    if (this.unkept) this.persist();
  }

  /** Sends what is waiting, soon: after a reload, or when the browser is back online. */
  resume(): void {
    this.failures = 0;
    this.cancelRetry?.();
    this.cancelRetry = null;
    this.schedule();
  }

  /** Every save not yet acknowledged, oldest first. */
  unsent(): AnswerSave[] {
    return unsent(this.queue);
  }

  /** Resolves once every queued save is acknowledged (at once when none waits). */
  settled(): Promise<void> {
    if (isIdle(this.queue)) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** No more sends (the page goes, or the attempt ended). */
  stop(): void {
    this.ended = true;
    this.cancelRetry?.();
  }

  private setState(state: SaveState) {
    if (state === this.state) return;
    this.state = state;
    this.deps.onState(state);
  }

  private persist() {
    this.unkept = false;
    this.deps.store(isIdle(this.queue) ? null : serializeQueue(this.queue));
  }

  private schedule() {
    if (this.scheduled || this.ended) return;
    if (isIdle(this.queue)) return this.setState("saved");
    const online = this.deps.isOnline();
    this.setState(!online || this.failures > 0 ? "offline" : "saving");
    this.scheduled = true;
    // After the frame the tap paints: storage and the send never delay the next question on screen.
    this.deps.afterPaint(() => {
      this.scheduled = false;
      this.keep();
      if (online) void this.flush();
    });
  }

  private async flush(): Promise<void> {
    if (this.ended || this.cancelRetry) return;
    const { queue, batch } = takeBatch(this.queue);
    if (batch.length === 0) return;
    this.queue = queue;
    let outcome: SendOutcome;
    try {
      outcome = await this.deps.send(batch);
    } catch {
      outcome = { kind: "retry" };
    }
    switch (outcome.kind) {
      case "ok":
      case "refused":
        // A refused batch is dropped: the server holds what it held, and a resend would be refused again.
        this.failures = 0;
        this.queue = acknowledge(this.queue);
        break;
      case "ended":
        this.queue = acknowledge(requeue(this.queue));
        this.ended = true;
        this.persist();
        this.deps.onEnded();
        for (const resolve of this.waiters.splice(0)) resolve();
        return;
      case "retry":
        this.queue = requeue(this.queue);
        this.failures += 1;
        this.persist();
        this.setState("offline");
        this.retryLater();
        return;
    }
    this.persist();
    if (isIdle(this.queue)) {
      this.setState("saved");
      for (const resolve of this.waiters.splice(0)) resolve();
    } else this.schedule();
  }

  private retryLater() {
    const delay = RETRY_DELAYS_MS[Math.min(this.failures, RETRY_DELAYS_MS.length) - 1] ?? RETRY_DELAYS_MS[0];
    const cancel = this.deps.later(() => {
      this.cancelRetry = null;
      this.schedule();
    }, delay);
    this.cancelRetry = () => {
      cancel();
      this.cancelRetry = null;
    };
  }
}
