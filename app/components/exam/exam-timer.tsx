import { memo, useEffect, useEffectEvent, useRef, useState } from "react";
import { formatIstTime } from "~/core/ist";
import {
  clockOffset,
  documentReceivedAt,
  formatRemaining,
  remainingMs,
  spokenRemaining,
  warningCrossed,
} from "~/lib/exam/client-timer";

// The exam's timer (issue 47). The server's page says when the test ends, in IST, as text, and how
// long was left when it made the page: all a page without JavaScript can do, and the server ends
// the attempt then anyway. With JavaScript
// it counts down to the server's deadline (the browser's clock corrected by the server's, see
// client-timer.ts), announces 15, 5 and 1 minutes left through a live region, and calls `onExpire`
// at zero, once.

const messages = {
  timeLeft: "Time left",
  endsAt: (at: string) => `Ends at ${at}`,
  /** Without scripts, beside the end: what was left when the server made the page. */
  leftAtLoad: (ms: number) =>
    ms < 60_000
      ? "Under a minute left when this page loaded"
      : `${Math.floor(ms / 60_000)} min left when this page loaded`,
  timeUp: "Time is up",
} as const;

// Memoised: it re-renders once a second by itself, never because the page moved.
export const ExamTimer = memo(function ExamTimer({
  deadlineAt,
  serverNow,
  onExpire,
}: {
  deadlineAt: string;
  serverNow: string;
  onExpire: () => void;
}) {
  const deadline = Date.parse(deadlineAt);
  // The first render is the server's: the time left when the page was made, the same in the HTML
  // and at hydration.
  const [left, setLeft] = useState(() => remainingMs(deadline, Date.parse(serverNow), 0));
  const [warning, setWarning] = useState("");
  const expire = useEffectEvent(onExpire);
  const previous = useRef(left);

  useEffect(() => {
    const offset = clockOffset(Date.parse(serverNow), documentReceivedAt());
    let timer = 0;
    let done = false;
    const tick = () => {
      const now = remainingMs(deadline, Date.now(), offset);
      const crossed = warningCrossed(previous.current, now);
      previous.current = now;
      if (crossed) setWarning(crossed);
      setLeft(now);
      if (now <= 0) {
        if (!done) {
          done = true;
          expire();
        }
        return;
      }
      // Next on the second's boundary, so that the display never skips or repeats a second.
      timer = window.setTimeout(tick, (now % 1000) + 5);
    };
    tick();
    return () => window.clearTimeout(timer);
  }, [deadline, serverNow]);

  const low = left <= 5 * 60_000;
  const leftAtLoad = remainingMs(deadline, Date.parse(serverNow), 0);
  return (
    <div className="flex shrink-0 flex-col items-end leading-tight">
      {/* A countdown frozen at the page's making would mislead: without scripts only the end shows. */}
      <p className="hidden items-baseline gap-2 [@media(scripting:enabled)]:flex">
        <span className="text-xs text-slate-700">{messages.timeLeft}</span>
        <span
          role="timer"
          aria-label={`${messages.timeLeft}: ${left <= 0 ? messages.timeUp : spokenRemaining(left)}`}
          className={`font-mono text-lg font-bold tabular-nums ${low ? "text-red-700" : "text-slate-900"}`}
        >
          {formatRemaining(left)}
        </span>
      </p>
      <p className="text-xs font-medium text-slate-800">{messages.endsAt(formatIstTime(deadlineAt))}</p>
      {/* Without scripts, the time left when the page was made, said as such; each Save renews it. */}
      <p className="hidden text-xs text-slate-700 [@media(scripting:none)]:block">{messages.leftAtLoad(leftAtLoad)}</p>
      <p aria-live="assertive" className="sr-only">
        {warning}
      </p>
    </div>
  );
});
