import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Palette, StatusLegend } from "~/components/exam/palette";
import { ResultSummary } from "~/components/exam/result-view";
import type { ExamResult } from "~/lib/exam/attempts.server";
import { isCacheableRequest } from "../../server/page-cache";
import { draftOf, givenFrom } from "~/components/exam/question-panel";
import { examHref, readMode, readPosition } from "~/lib/exam/exam-address";
import {
  acknowledge,
  emptyQueue,
  enqueue,
  nextSeq,
  overlaySaves,
  queueStorageKey,
  requeue,
  restoreQueue,
  serializeQueue,
  takeBatch,
  unsent,
  type AnswerSave,
  type QuestionState,
} from "~/lib/exam/client-save-queue";
import { SaveSender, type SaveState, type SendOutcome } from "~/lib/exam/client-save-sender";
import {
  afterIntent,
  countStatuses,
  nextPosition,
  paletteName,
  visited,
  type ExamStatus,
} from "~/lib/exam/client-status";
import { clockOffset, formatRemaining, remainingMs, spokenRemaining, warningCrossed } from "~/lib/exam/client-timer";

// The exam interface's own logic in the browser (issue 47): the five statuses and the buttons that
// move a question between them, the queue of saves (one per question, the newest by sequence, kept
// through a reload and sent in order), its sender (retries, offline, the attempt's end), the
// countdown from the server's clock, the address of each screen, and the palette's markup.

const save = (position: number, seq: number, over: Partial<AnswerSave> = {}): AnswerSave => ({
  position,
  status: "answered",
  answer: { type: "mcq", choices: [1] },
  secondsSpent: 10,
  seq,
  ...over,
});

describe("statuses", () => {
  it("a shown question is 'not answered' from then on; the others keep theirs", () => {
    expect(visited("not_visited")).toBe("not_answered");
    for (const status of ["not_answered", "answered", "marked", "answered_marked"] as const)
      expect(visited(status)).toBe(status);
  });

  it("Save & Next, Mark for Review & Next and Clear Response move a question as the exam does", () => {
    const mcq = { type: "mcq", choices: [2] } as const;
    const none = { type: "mcq", choices: [] } as const;
    const nat = { type: "nat", value: " -0.5 " } as const;
    expect(afterIntent("save", "not_answered", mcq)).toEqual({ status: "answered", answer: mcq });
    expect(afterIntent("save", "answered", none)).toEqual({ status: "not_answered", answer: null });
    expect(afterIntent("save", "marked", null)).toEqual({ status: "not_answered", answer: null });
    expect(afterIntent("save", "not_answered", nat)).toEqual({ status: "answered", answer: nat });
    expect(afterIntent("save", "not_answered", { type: "nat", value: "  " })).toEqual({
      status: "not_answered",
      answer: null,
    });
    expect(afterIntent("mark", "not_answered", mcq)).toEqual({ status: "answered_marked", answer: mcq });
    expect(afterIntent("mark", "answered", none)).toEqual({ status: "marked", answer: null });
    // Clear takes the answer away; a review mark stays.
    expect(afterIntent("clear", "answered", mcq)).toEqual({ status: "not_answered", answer: null });
    expect(afterIntent("clear", "answered_marked", mcq)).toEqual({ status: "marked", answer: null });
    expect(afterIntent("clear", "marked", null)).toEqual({ status: "marked", answer: null });
  });

  it("counts each status, names each palette button with its status, and wraps from the last question", () => {
    const statuses: ExamStatus[] = ["answered", "answered", "marked", "not_visited", "answered_marked"];
    expect(countStatuses(statuses)).toEqual({
      not_visited: 1,
      not_answered: 0,
      answered: 2,
      marked: 1,
      answered_marked: 1,
    });
    expect(paletteName(5, "answered_marked", false)).toBe("Question 5, Answered & Marked for Review");
    expect(paletteName(1, "not_visited", true)).toBe("Question 1, Not Visited (current question)");
    expect(nextPosition(3, 10)).toBe(4);
    expect(nextPosition(10, 10)).toBe(1);
  });

  it("starts from the saved answer, and reads what the form holds as an answer of the question's type", () => {
    expect(draftOf("nat", null)).toEqual({ type: "nat", value: "" });
    expect(draftOf("nat", { type: "nat", value: "3.5" })).toEqual({ type: "nat", value: "3.5" });
    expect(draftOf("msq", { type: "msq", choices: [0, 3] })).toEqual({ type: "msq", choices: [0, 3] });
    const form = new FormData();
    form.append("choice", "3");
    form.append("choice", "1");
    form.append("choice", "9");
    form.append("value", "-2.5");
    expect(givenFrom(form, "msq")).toEqual({ type: "msq", choices: [1, 3] });
    expect(givenFrom(form, "nat")).toEqual({ type: "nat", value: "-2.5" });
    expect(givenFrom(new FormData(), "mcq")).toEqual({ type: "mcq", choices: [] });
  });
});

describe("the save queue", () => {
  it("numbers saves by the server's clock since the start, always upwards", () => {
    const start = Date.parse("2026-12-06T10:00:00Z");
    expect(nextSeq(0, start + 65_000, start)).toBe(65_000);
    // A clock that stepped back, or two saves in one millisecond: still above the last.
    expect(nextSeq(65_000, start + 64_000, start)).toBe(65_001);
    expect(nextSeq(65_001, start + 65_001, start)).toBe(65_002);
    // A 24-hour attempt stays a 32-bit integer.
    expect(nextSeq(0, start + 86_400_000, start)).toBeLessThan(2 ** 31);
  });

  it("keeps one save per question, the newest by sequence, and sends the oldest first", () => {
    let queue = enqueue(emptyQueue, save(3, 300));
    queue = enqueue(queue, save(1, 100));
    queue = enqueue(queue, save(3, 350, { status: "marked", answer: null }));
    // An older save of a question arriving late is dropped.
    queue = enqueue(queue, save(1, 90, { status: "not_answered", answer: null }));
    expect(queue.pending.map((s) => [s.position, s.seq])).toEqual([
      [1, 100],
      [3, 350],
    ]);
    const { queue: sending, batch } = takeBatch(queue);
    expect(batch.map((s) => s.seq)).toEqual([100, 350]);
    expect(sending.pending).toEqual([]);
    // One batch at a time.
    expect(takeBatch(enqueue(sending, save(2, 400))).batch).toEqual([]);
  });

  it("puts a failed batch back unless a newer save of the same question came meanwhile", () => {
    let queue = enqueue(enqueue(emptyQueue, save(1, 100)), save(2, 200));
    queue = takeBatch(queue).queue;
    queue = enqueue(queue, save(2, 250, { answer: { type: "mcq", choices: [0] } }));
    queue = requeue(queue);
    expect(queue.sending).toEqual([]);
    expect(queue.pending.map((s) => [s.position, s.seq])).toEqual([
      [2, 250],
      [1, 100],
    ]);
    expect(unsent(queue).map((s) => s.seq)).toEqual([100, 250]);
    const sent = takeBatch(queue).queue;
    expect(acknowledge(sent)).toEqual(emptyQueue);
  });

  it("is kept in localStorage as text and read back whole; a malformed copy is left out", () => {
    let queue = enqueue(emptyQueue, save(1, 100));
    queue = takeBatch(queue).queue;
    queue = enqueue(queue, save(2, 120, { answer: { type: "nat", value: "-2.5" }, status: "answered_marked" }));
    const text = serializeQueue(queue);
    const back = restoreQueue(text);
    expect(unsent(back)).toEqual(unsent(queue));
    expect(back.sending).toEqual([]);
    expect(queueStorageKey("42")).toBe("exam-saves:42");
    expect(restoreQueue(null)).toEqual(emptyQueue);
    expect(restoreQueue("{not json")).toEqual(emptyQueue);
    expect(restoreQueue(JSON.stringify({ v: 2, saves: [] }))).toEqual(emptyQueue);
    const bad = [
      { ...save(1, 1), status: "done" },
      { ...save(0, 1) },
      { ...save(1, 1), answer: { type: "mcq", choices: [4] } },
      { ...save(1, -1) },
      { ...save(1, 1), answer: { type: "nat", value: "1".repeat(17) } },
    ];
    expect(unsent(restoreQueue(JSON.stringify({ v: 1, saves: [...bad, save(5, 7)] })))).toEqual([save(5, 7)]);
  });

  it("lays this browser's unacknowledged saves over the server's answers only where they are newer", () => {
    const states: QuestionState[] = [
      { status: "answered", answer: { type: "mcq", choices: [0] }, secondsSpent: 5, seq: 500 },
      { status: "not_visited", answer: null, secondsSpent: 0, seq: 0 },
      { status: "not_answered", answer: null, secondsSpent: 3, seq: 1 },
    ];
    const laid = overlaySaves(states, [
      save(1, 400, { answer: { type: "mcq", choices: [3] } }),
      save(3, 900, { status: "answered_marked", secondsSpent: 30 }),
      save(9, 999),
    ]);
    expect(laid[0]).toBe(states[0]);
    expect(laid[1]).toBe(states[1]);
    expect(laid[2]).toEqual({
      status: "answered_marked",
      answer: { type: "mcq", choices: [1] },
      secondsSpent: 30,
      seq: 900,
    });
  });
});

/** A sender whose network, storage and timers the test holds. */
function harness({ online = true }: { online?: boolean } = {}) {
  const sent: AnswerSave[][] = [];
  const replies: ((outcome: SendOutcome) => void)[] = [];
  const timers: { run: () => void; ms: number; cancelled: boolean }[] = [];
  const states: SaveState[] = [];
  const stored: (string | null)[] = [];
  const net = { online };
  let ended = 0;
  const sender = new SaveSender({
    send: (saves) => {
      sent.push(saves);
      return new Promise((resolve) => replies.push(resolve));
    },
    store: (text) => stored.push(text),
    isOnline: () => net.online,
    later: (run, ms) => {
      const timer = { run, ms, cancelled: false };
      timers.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
    // The frame the tap paints, then a task: a timer of 0 ms here.
    afterPaint: (run) => void timers.push({ run, ms: 0, cancelled: false }),
    onState: (state) => states.push(state),
    onEnded: () => ended++,
  });
  /** Runs the timers due (all of them, in order), then lets the promises settle. */
  const tick = async () => {
    for (const timer of timers.splice(0)) if (!timer.cancelled) timer.run();
    await new Promise((done) => setTimeout(done, 0));
  };
  const reply = async (outcome: SendOutcome) => {
    replies.shift()!(outcome);
    await new Promise((done) => setTimeout(done, 0));
  };
  return { sender, sent, states, stored, timers, tick, reply, net, ended: () => ended };
}

describe("the save sender", () => {
  it("keeps and sends a save after the tap's frame (at once if the page goes), and says Saving… then Saved", async () => {
    const h = harness();
    h.sender.add(save(1, 100));
    expect(h.stored).toEqual([]);
    expect(h.sent).toEqual([]);
    expect(h.states).toEqual(["saving"]);
    h.sender.keep();
    expect(h.stored.at(-1)).toContain('"seq":100');
    await h.tick();
    expect(h.sent).toEqual([[save(1, 100)]]);
    await h.reply({ kind: "ok" });
    expect(h.states).toEqual(["saving", "saved"]);
    expect(h.stored.at(-1)).toBeNull();
  });

  it("sends what came while a batch was on its way in the next batch, newest per question", async () => {
    const h = harness();
    h.sender.add(save(1, 100));
    await h.tick();
    h.sender.add(save(2, 200));
    h.sender.add(save(2, 210, { status: "marked", answer: null }));
    h.sender.add(save(1, 220));
    await h.tick();
    expect(h.sent.length).toBe(1);
    await h.reply({ kind: "ok" });
    await h.tick();
    expect(h.sent[1]!.map((s) => [s.position, s.seq])).toEqual([
      [2, 210],
      [1, 220],
    ]);
    const settled = h.sender.settled();
    await h.reply({ kind: "ok" });
    await expect(settled).resolves.toBeUndefined();
    expect(h.states.at(-1)).toBe("saved");
  });

  it("offline: keeps everything, says Offline, and sends it all when the browser is back online", async () => {
    const h = harness({ online: false });
    h.sender.add(save(1, 100));
    h.sender.add(save(2, 200));
    await h.tick();
    expect(h.sent).toEqual([]);
    expect(h.states).toEqual(["offline"]);
    expect(JSON.parse(h.stored.at(-1)!).saves).toHaveLength(2);
    h.net.online = true;
    h.sender.resume();
    await h.tick();
    expect(h.sent[0]!.map((s) => s.seq)).toEqual([100, 200]);
    await h.reply({ kind: "ok" });
    expect(h.states.at(-1)).toBe("saved");
  });

  it("a failed send is retried after a growing pause, and nothing is lost meanwhile", async () => {
    const h = harness();
    h.sender.add(save(1, 100));
    await h.tick();
    await h.reply({ kind: "retry" });
    expect(h.states.at(-1)).toBe("offline");
    expect(h.timers.map((t) => t.ms)).toEqual([1000]);
    h.sender.add(save(1, 150));
    await h.tick();
    // The retry's timer ran: the newer save of question 1 is what goes.
    await h.tick();
    expect(h.sent.at(-1)).toEqual([save(1, 150)]);
    await h.reply({ kind: "retry" });
    expect(h.timers.map((t) => t.ms)).toEqual([2000]);
    await h.tick();
    await h.tick();
    await h.reply({ kind: "ok" });
    expect(h.states.at(-1)).toBe("saved");
    expect(h.stored.at(-1)).toBeNull();
  });

  it("stops when the attempt is over, and says so once", async () => {
    const h = harness();
    h.sender.add(save(1, 100));
    await h.tick();
    const settled = h.sender.settled();
    await h.reply({ kind: "ended" });
    expect(h.ended()).toBe(1);
    await expect(settled).resolves.toBeUndefined();
    h.sender.add(save(2, 200));
    await h.tick();
    expect(h.sent.length).toBe(1);
  });

  it("drops a batch the server refuses as malformed rather than sending it for ever", async () => {
    const h = harness();
    h.sender.add(save(1, 100));
    await h.tick();
    await h.reply({ kind: "refused" });
    expect(h.states.at(-1)).toBe("saved");
    expect(h.sender.unsent()).toEqual([]);
  });

  it("starts from a queue read back after a reload and sends it first", async () => {
    const restored = restoreQueue(serializeQueue(enqueue(emptyQueue, save(4, 40))));
    const sent: AnswerSave[][] = [];
    const sender = new SaveSender(
      {
        send: async (saves) => {
          sent.push(saves);
          return { kind: "ok" };
        },
        store: () => undefined,
        isOnline: () => true,
        later: (run) => {
          setTimeout(run, 0);
          return () => undefined;
        },
        afterPaint: (run) => void setTimeout(run, 0),
        onState: () => undefined,
        onEnded: () => undefined,
      },
      restored,
    );
    expect(sender.unsent()).toEqual([save(4, 40)]);
    sender.resume();
    await sender.settled();
    expect(sent).toEqual([[save(4, 40)]]);
  });
});

describe("the countdown", () => {
  const deadline = Date.parse("2026-12-06T10:20:00Z");

  it("counts to the server's deadline whatever the phone's clock says", () => {
    const serverNow = Date.parse("2026-12-06T10:00:00Z");
    // The phone's clock is 7 minutes fast; the page arrived at its 10:07:00.
    const offset = clockOffset(serverNow, serverNow + 7 * 60_000);
    expect(offset).toBe(-7 * 60_000);
    expect(remainingMs(deadline, serverNow + 7 * 60_000, offset)).toBe(20 * 60_000);
    expect(remainingMs(deadline, serverNow + 7 * 60_000 + 90_500, offset)).toBe(20 * 60_000 - 90_500);
    expect(remainingMs(deadline, serverNow + 60 * 60_000, offset)).toBe(0);
  });

  it("shows hours, minutes and seconds, rounded up, and zero only at the end", () => {
    expect(formatRemaining(3 * 3600_000)).toBe("03:00:00");
    expect(formatRemaining(20 * 60_000 - 1)).toBe("00:20:00");
    expect(formatRemaining(1)).toBe("00:00:01");
    expect(formatRemaining(0)).toBe("00:00:00");
    expect(spokenRemaining(2 * 3600_000 + 5 * 60_000)).toBe("2 hours 5 minutes left");
    expect(spokenRemaining(60_000)).toBe("1 minute left");
    expect(spokenRemaining(3600_000)).toBe("1 hour left");
  });

  it("announces 15, 5 and 1 minutes left once each, the later one when a page slept through two", () => {
    expect(warningCrossed(15 * 60_000 + 500, 15 * 60_000)).toBe("15 minutes left");
    expect(warningCrossed(15 * 60_000, 14 * 60_000)).toBeNull();
    expect(warningCrossed(5 * 60_000 + 1, 4 * 60_000)).toBe("5 minutes left");
    expect(warningCrossed(61_000, 59_000)).toBe("1 minute left");
    expect(warningCrossed(16 * 60_000, 2 * 60_000)).toBe("5 minutes left");
    expect(warningCrossed(30 * 60_000, 29 * 60_000)).toBeNull();
  });
});

describe("the attempt's addresses", () => {
  it("reads ?q= within the paper and ?view= among the screens, and writes them back", () => {
    expect(readPosition("3", 10)).toBe(3);
    for (const value of [null, "0", "11", "03", "1.5", "-1", "x", "99999"]) expect(readPosition(value, 10)).toBeNull();
    expect(readMode("paper")).toBe("paper");
    expect(readMode("summary")).toBe("summary");
    expect(readMode("other")).toBe("question");
    expect(readMode(null)).toBe("question");
    expect(examHref("/tests/a/attempt/t", 4)).toBe("/tests/a/attempt/t?q=4");
    expect(examHref("/tests/a/attempt/t", 4, "summary")).toBe("/tests/a/attempt/t?view=summary&q=4");
  });
});

describe("the palette's markup", () => {
  const statuses: ExamStatus[] = ["answered", "not_answered", "marked", "answered_marked", "not_visited"];
  const html = renderToStaticMarkup(
    <Palette
      section={{ section: "ga", title: "General Aptitude", positions: [1, 2, 3, 4, 5] }}
      statuses={statuses}
      current={2}
      hrefFor={(n) => `/tests/a/attempt/t?q=${n}`}
      idPrefix="side"
    />,
  );

  it("is a list of links named by number and status, the current one marked", () => {
    expect(html).toContain('<nav aria-labelledby="side-palette-heading">');
    expect(html).toContain('href="/tests/a/attempt/t?q=1" aria-label="Question 1, Answered"');
    expect(html).toContain('aria-label="Question 2, Not Answered (current question)" aria-current="step"');
    expect(html).toContain('aria-label="Question 4, Answered &amp; Marked for Review"');
    expect(html.match(/<a /g)).toHaveLength(5);
  });

  it("has a legend with each status and its count", () => {
    const legend = renderToStaticMarkup(<StatusLegend statuses={statuses} />);
    for (const label of [
      "Not Visited",
      "Not Answered",
      "Answered",
      "Marked for Review",
      "Answered &amp; Marked for Review",
    ])
      expect(legend).toContain(label);
    expect(legend).toContain("will be considered for evaluation");
    expect(legend.match(/<li /g)).toHaveLength(5);
  });
});

describe("the result's rank estimate", () => {
  const tally = { thirds: 150, maxThirds: 300, questions: 65, correct: 40, wrong: 10, unattempted: 15 };
  const result = (rankPrediction: ExamResult["rankPrediction"]): ExamResult => ({
    test: { id: 1, slug: "m", title: "Mock", kind: "full_mock", isSample: false, durationMinutes: 180 },
    attempt: { id: 1, startedAt: "", submittedAt: "", submitReason: "candidate", timeTakenSeconds: 3600, email: null },
    score: {
      ...tally,
      perQuestion: [],
      sections: { ga: { ...tally, questions: 10 }, subject: { ...tally, questions: 55 } },
      accuracy: 80,
    },
    standing: { rank: 2, percentile: 50, of: 3 },
    rankPrediction,
    review: [],
  });
  const estimate = {
    referenceYear: 2025,
    years: [],
    range: { best: 1200, conservative: 2500 },
    support: "medium" as const,
    kinds: ["official" as const],
  };

  it("is labelled as an estimate with its data support", () => {
    const html = renderToStaticMarkup(<ResultSummary result={result({ kind: "estimate", marks: 50, estimate })} />);
    expect(html).toContain("GATE rank estimate");
    expect(html).toContain("AIR 1,200 – 2,500");
    expect(html).toContain("medium (two years&#x27; figures)");
    expect(html).toContain("This is an estimate");
    expect(html).toContain("Rank 2 of 3 test takers · Percentile 50.00");
    expect(html).toContain('href="/rank-predictor?marks=50.00"');
  });

  it("says 'no data' where the predictor has none, and nothing for a test that is no full mock", () => {
    const none = renderToStaticMarkup(
      <ResultSummary result={result({ kind: "no-data", marks: 50, estimate: null })} />,
    );
    expect(none).toContain("No data: the rank predictor has no figures that cover these marks");
    expect(none).not.toContain("AIR");
    expect(renderToStaticMarkup(<ResultSummary result={result(null)} />)).not.toContain("GATE rank estimate");
  });
});

const get = (path: string) => new Request(`http://localhost${path}`);

describe("the page cache", () => {
  it("never shares an attempt's pages, whatever their address says", () => {
    expect(isCacheableRequest(get("/tests/sample-mock-test"))).toBe(true);
    expect(isCacheableRequest(get("/tests/sample-mock-test/attempt/abc?q=3"))).toBe(false);
    expect(isCacheableRequest(get("/tests/sample-mock-test/attempt/abc.data?q=3"))).toBe(false);
    expect(isCacheableRequest(get("/tests/sample-mock-test/attempt/abc/result"))).toBe(false);
  });
});
